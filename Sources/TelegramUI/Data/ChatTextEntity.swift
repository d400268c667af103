/// A formatted span of a message's text as the chat draws it: a range of the text's Characters
/// and its styles (the store's UTF-16 entities, mapped by the app; a mention, hashtag or url is
/// drawn as a link).
public struct ChatTextEntity: Equatable, Sendable {
    /// How a span is drawn; a character under several entities has all of theirs.
    public struct Styles: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let bold = Styles(rawValue: 1 << 0)
        public static let italic = Styles(rawValue: 1 << 1)
        public static let underline = Styles(rawValue: 1 << 2)
        public static let strikethrough = Styles(rawValue: 1 << 3)
        /// Code and pre blocks.
        public static let code = Styles(rawValue: 1 << 4)
        /// Hidden until revealed: drawn as ░.
        public static let spoiler = Styles(rawValue: 1 << 5)
        /// A text link, url, mention, hashtag: the link colour.
        public static let link = Styles(rawValue: 1 << 6)
    }

    /// Characters of the message's text.
    public var range: Range<Int>
    public var styles: Styles
    /// What the span opens when it is a link: a text link's target, a url's text, a mention's
    /// t.me link (nil: not one that opens, or no link at all).
    public var url: String?

    public init(range: Range<Int>, styles: Styles, url: String? = nil) {
        self.range = range
        self.styles = styles
        self.url = url
    }

    /// Each of `count` characters' styles under `entities` (ranges past the end cut there).
    static func styles(of entities: [ChatTextEntity], count: Int) -> [Styles] {
        var result = [Styles](repeating: [], count: count)
        for entity in entities {
            let lower = max(entity.range.lowerBound, 0), upper = min(entity.range.upperBound, count)
            guard lower < upper else { continue }
            for index in lower ..< upper { result[index].formUnion(entity.styles) }
        }
        return result
    }
}
