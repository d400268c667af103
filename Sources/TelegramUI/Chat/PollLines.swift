/// A poll as its results: the question, each answer with its share (percent and a bar, ✓ on the
/// account's vote), then the voters and whether it is closed.
///
///     📊 Lunch where?
///      62% ██████░░░░ Pizza ✓
///      38% ████░░░░░░ Sushi
///     13 votes · closed
enum PollLines {
    static func rows(_ poll: ChatMessage.Poll, width: Int) -> [ChatLine] {
        var rows = TextWrap.rows([("📊 " + poll.question, .title)], width: width, hanging: 3).map { ChatLine(parts: $0) }
        // A narrow chat keeps a shorter bar, so the answers keep their room.
        let barWidth = width >= 40 ? 10 : 5
        for answer in poll.answers {
            let percent = Self.percent(answer.voters, of: poll.totalVoters)
            let shown = "\(percent)%"
            let filled = (percent * barWidth + 50) / 100
            var parts: [(String, ChatLine.Role)] = [
                (String(repeating: " ", count: 4 - min(shown.count, 4)) + shown + " ", .meta),
                (String(repeating: "█", count: filled), .accent),
                (String(repeating: "░", count: barWidth - filled) + " ", .meta),
                (answer.text, .text),
            ]
            if answer.chosen { parts.append((" ✓", .accent)) }
            rows += TextWrap.rows(parts, width: width, hanging: 5 + barWidth + 1).map { ChatLine(parts: $0) }
        }
        var summary = poll.totalVoters == 0 ? "No votes" : poll.totalVoters == 1 ? "1 vote" : "\(poll.totalVoters) votes"
        if poll.isClosed { summary += " · closed" }
        rows.append(ChatLine(parts: [(summary, .meta)]))
        return rows
    }

    /// The answer's share of the voters, rounded, 0…100.
    static func percent(_ voters: Int, of total: Int) -> Int {
        guard total > 0 else { return 0 }
        return min(max((min(voters, total) * 100 + total / 2) / total, 0), 100)
    }
}
