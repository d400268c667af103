/// main's desktop entry (Desktop Entry Specification; Version=1.4, the newest desktop-file-validate 0.26 knows): an application run in a terminal
/// (`Terminal=true`) as `<main> open %u`, the handler of `tg:` links, so
/// `xdg-open tg://resolve?domain=…` opens the chat. Its id is the app's bundle id, which the
/// desktop notifications name too.
public struct DesktopEntry: Sendable, Equatable {
    public static let id = "ph.telegra.Telegraph"
    public static var fileName: String { id + ".desktop" }
    public static let mimeTypes = ["x-scheme-handler/tg"]

    /// The absolute path of the main executable the entry runs.
    public let executable: String

    public init(executable: String) { self.executable = executable }

    public var text: String {
        """
        [Desktop Entry]
        Type=Application
        Version=1.4
        Name=Telegraph
        GenericName=Messenger
        Comment=Telegram's chats in a terminal
        Icon=\(Self.id)
        TryExec=\(Self.escapedValue(executable))
        Exec=\(Self.escapedValue(Self.execArgument(executable))) open %u
        Terminal=true
        Categories=Network;InstantMessaging;Chat;
        Keywords=telegram;chat;messenger;
        MimeType=\(Self.mimeTypes.map { $0 + ";" }.joined())
        StartupNotify=false

        """
    }

    /// One argument of Exec, quoted when it holds a character the spec reserves: inside double
    /// quotes, `"`, `` ` ``, `$` and `\` are escaped with a backslash.
    static func execArgument(_ argument: String) -> String {
        let reserved: Set<Character> = [" ", "\t", "\n", "\"", "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`", "="]
        guard argument.contains(where: { reserved.contains($0) }) else { return argument }
        var quoted = "\""
        for character in argument {
            if character == "\"" || character == "`" || character == "$" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// A string value as the file stores it: backslashes doubled, line breaks escaped.
    static func escapedValue(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\r": escaped += "\\r"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// The icon, drawn as SVG: a paper plane on Telegram's blue circle.
    public static let iconSVG = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
          <defs>
            <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stop-color="#2AABEE"/>
              <stop offset="1" stop-color="#229ED9"/>
            </linearGradient>
          </defs>
          <circle cx="128" cy="128" r="120" fill="url(#sky)"/>
          <path d="M58 126 L186 76 C192 74 197 78 195 85 L173 186 C171 193 165 195 159 191 L126 167 L110 182 C107 185 104 184 103 180 L99 150 L165 100 L91 143 L62 134 C54 131 54 128 58 126 Z" fill="#FFFFFF"/>
        </svg>

        """
}
