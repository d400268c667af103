/// What reading an export hands out, in file order: a chat's header before its messages, each
/// message once. Throwing stops the reading; the error is reported with the byte offset.
public protocol TelegramExportConsumer: AnyObject {
    func personalInformation(_ info: ExportPersonalInfo) throws
    func profilePicture(_ picture: ExportProfilePicture) throws
    func contact(_ contact: ExportContact) throws
    func chatStarted(_ chat: ExportChat) throws
    func message(_ message: ExportMessage, in chat: ExportChat) throws
    func chatEnded(_ chat: ExportChat) throws
}

/// What a reading saw beyond the model: fields it skipped and messages tdesktop could not export.
public struct TelegramExportReadSummary: Sendable {
    public var bytes: Int
    public var isSingleChat: Bool
    /// `message.giveaway_information`: 2, ... — every field read but not kept, and every field
    /// this reader does not know, by name.
    public var fieldsNotKept: [String: Int]
    /// Messages written as `"type": "unsupported"`.
    public var unsupportedMessages: Int
    /// Messages dated from `date` alone, in the zone the reader was given.
    public var localDates: Int
}
