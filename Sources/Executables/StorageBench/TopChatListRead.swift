import Storage

/// What the top of a chat list costs to read: the first `count` entries (pinned first, then
/// newest), each with its peer and read state, and its top message decrypted — what the share
/// sheet's picker, the widget's configuration and main's chat list read, in one read
/// transaction as they do.
struct TopChatListRead {
    let postbox: Postbox
    let count: Int

    struct Result {
        let entries: Int
        let topMessages: Int
        /// The top messages' text, counted so the decrypted bytes are used, not just fetched.
        let textBytes: Int
    }

    func run() throws -> Result {
        try postbox.read { t in
            let entries = try t.topChatListEntries(count: count)
            var topMessages = 0, textBytes = 0
            for entry in entries {
                guard let message = try t.message(entry.topMessageIndex) else { continue }
                topMessages += 1
                textBytes += message.text.utf8.count
            }
            return Result(entries: entries.count, topMessages: topMessages, textBytes: textBytes)
        }
    }
}
