import Container
import Formats
import TelegramCore

extension MessageRow {
    /// The text form's line: id, local date and time (as the chat dates it; --json keeps the epoch), in/out, then the message as a person reads it — what it
    /// answers and where it came from, its text or summary, and what it carries, each readable.
    var textLine: String {
        let direction = message.isIncoming ? "in" : message.extras.outgoing.map { $0.failure == nil ? "sending" : "not sent" } ?? "out"
        return "\(message.id.id)\t\(LocalTime.dateAndTime(message.index.timestamp))\t\(direction)\t" + readable
    }

    var readable: String {
        let extras = message.extras
        var before: [String] = []
        if let reply = extras.replyTo { before.append("[reply to \(reply.id)\(reply.peerId.map { " in \($0.toInt64())" } ?? "")]") }
        if let forward = extras.forward {
            var origin = "[forwarded from \(forward.from ?? "a hidden sender")"
            if let saved = forward.savedFrom { origin += ", saved from \(saved)" }
            before.append(origin + "]")
        }
        if let name = extras.authorName, message.authorId == nil { before.append(name + ":") }
        var after: [String] = []
        for media in extras.media {
            switch media {
            case .file(let f):
                var facts = [f.fileName, f.mimeType, f.size.map(ByteCountText.text), f.duration.map { "\($0) s" },
                             f.width.flatMap { w in f.height.map { "\(w)×\($0)" } }].compactMap { $0 }
                switch f.availability {
                case .included: break
                case .notIncluded: facts.append("not included")
                case .missing: facts.append("missing")
                case .onServer: facts.append("on the server")
                }
                if !message.text.isEmpty || !(facts.isEmpty) { after.append("[\(f.kind)\(facts.isEmpty ? "" : ": " + facts.joined(separator: " · "))]") }
            case .poll(let p):
                let answers = p.answers.map { "\($0.text) \($0.voters)\($0.chosen ? " ✓" : "")" }.joined(separator: " · ")
                after.append("[\(answers); \(p.totalVoters) voters\(p.isClosed ? ", closed" : "")]")
            case .contact(let c): after.append("[\(c.phone)]")
            case .location(let l):
                var facts: [String] = []
                if let latitude = l.latitude, let longitude = l.longitude { facts.append("\(latitude), \(longitude)") }
                if let address = l.address, !address.isEmpty { facts.append(address) }
                var place = "[" + (facts.isEmpty ? "no coordinates" : facts.joined(separator: " · "))
                if let live = l.livePeriod { place += " · live \(live) s" }
                after.append(place + "]")
            case .todo(let t): after.append("[" + t.items.map { ($0.done ? "☑ " : "☐ ") + $0.text }.joined(separator: " · ") + "]")
            case .game(let g): after.append("[\(g.description)]")
            case .invoice(let i): after.append("[\(i.amount) \(i.currency)]")
            }
        }
        if !extras.buttons.isEmpty {
            after.append(extras.buttons.map { $0.map { "[ \($0.text) ]" }.joined(separator: " ") }.joined(separator: " / "))
        }
        if !extras.reactions.isEmpty {
            // The account's own reaction is marked, as Telegram highlights it.
            after.append(extras.reactions.map { "\($0.emoji.isEmpty ? "★" : $0.emoji) \($0.count)\($0.isChosen ? "*" : "")" }.joined(separator: "  "))
        }
        if let bot = extras.viaBotUsername { after.append("via @\(bot)") }
        if let signature = extras.signature { after.append("— \(signature)") }
        if extras.editTimestamp != nil { after.append("(edited)") }
        if isPinned { after.append("(pinned)") }
        return (before + [message.summaryText] + after).filter { !$0.isEmpty }.joined(separator: " ")
    }
}
