/// The strings extensions show without the app (Telegram's notificationsPresentationData.json and
/// widgetPresentationData.json carry them across the process boundary).
public struct PresentationStrings: Codable, Equatable, Sendable {
    public var languageCode: String
    public var applicationLockedMessageString: String
    public var incomingCallString: String
    public var widgetLockedString: String
    public var widgetEmptyString: String

    public static let english = PresentationStrings(
        languageCode: "en",
        applicationLockedMessageString: "You have a new message",
        incomingCallString: "is calling you",
        widgetLockedString: "Unlock the app to use the widget",
        widgetEmptyString: "No chats yet")

    public init(languageCode: String, applicationLockedMessageString: String, incomingCallString: String,
                widgetLockedString: String, widgetEmptyString: String) {
        self.languageCode = languageCode
        self.applicationLockedMessageString = applicationLockedMessageString
        self.incomingCallString = incomingCallString
        self.widgetLockedString = widgetLockedString
        self.widgetEmptyString = widgetEmptyString
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
