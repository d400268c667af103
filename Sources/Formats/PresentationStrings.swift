/// The strings extensions show without the app (Telegram's notificationsPresentationData.json and
/// widgetPresentationData.json carry them across the process boundary).
public struct PresentationStrings: Codable, Equatable, Sendable {
    public var languageCode: String
    public var applicationLockedMessageString: String
    public var incomingCallString: String
    public var widgetLockedString: String
    public var widgetEmptyString: String
    /// The navigation bar's own words (Telegram's `Common.Back`, `Common.Close`), which Display's
    /// `NavigationBarStrings` takes. Files written before they existed read as English.
    public var commonBack: String
    public var commonClose: String

    public static let english = PresentationStrings(
        languageCode: "en",
        applicationLockedMessageString: "You have a new message",
        incomingCallString: "is calling you",
        widgetLockedString: "Unlock the app to use the widget",
        widgetEmptyString: "No chats yet",
        commonBack: "Back",
        commonClose: "Close")

    public init(languageCode: String, applicationLockedMessageString: String, incomingCallString: String,
                widgetLockedString: String, widgetEmptyString: String, commonBack: String = "Back",
                commonClose: String = "Close") {
        self.languageCode = languageCode
        self.applicationLockedMessageString = applicationLockedMessageString
        self.incomingCallString = incomingCallString
        self.widgetLockedString = widgetLockedString
        self.widgetEmptyString = widgetEmptyString
        self.commonBack = commonBack
        self.commonClose = commonClose
    }

    private enum CodingKeys: String, CodingKey {
        case languageCode, applicationLockedMessageString, incomingCallString, widgetLockedString, widgetEmptyString
        case commonBack, commonClose
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(languageCode: try container.decode(String.self, forKey: .languageCode),
                  applicationLockedMessageString: try container.decode(String.self, forKey: .applicationLockedMessageString),
                  incomingCallString: try container.decode(String.self, forKey: .incomingCallString),
                  widgetLockedString: try container.decode(String.self, forKey: .widgetLockedString),
                  widgetEmptyString: try container.decode(String.self, forKey: .widgetEmptyString),
                  commonBack: try container.decodeIfPresent(String.self, forKey: .commonBack) ?? "Back",
                  commonClose: try container.decodeIfPresent(String.self, forKey: .commonClose) ?? "Close")
    }
}

/// `notificationsPresentationData.json`, Telegram's name and key for the locked-message string.
public struct NotificationsPresentationData: Codable, Equatable, Sendable {
    public var applicationLockedMessageString: String
    public var incomingCallString: String

    public init(strings: PresentationStrings) {
        applicationLockedMessageString = strings.applicationLockedMessageString
        incomingCallString = strings.incomingCallString
    }
}
