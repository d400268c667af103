extension MessageContentKind {
    /// The kinds that are a file, by Telegram Desktop's media type (photo, video_file ...): one
    /// table for both directions.
    private static let fileKinds: [(kind: MessageContentKind, fileKind: String)] = [
        (.image, "photo"), (.video, "video_file"), (.file, "file"), (.gif, "animation"), (.music, "audio_file"),
        (.voiceMessage, "voice_message"), (.videoMessage, "video_message"), (.sticker, "sticker"),
    ]

    /// The file a message of this kind is, for a message that kept only its file and not the
    /// typed media (older imports): what a summary or a chat shows it as. Nil for kinds that are
    /// no file.
    public var fileKind: String? { Self.fileKinds.first { $0.kind == self }?.fileKind }

    /// The kind of a message whose file has this media type; any other type is a file.
    public init(fileKind: String) {
        self = Self.fileKinds.first { $0.fileKind == fileKind }?.kind ?? .file
    }
}
