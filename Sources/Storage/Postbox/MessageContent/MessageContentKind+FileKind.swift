extension MessageContentKind {
    /// The file a message of this kind is (Telegram Desktop's media type: photo, video_file ...),
    /// for a message that kept only its file and not the typed media (older imports): what a
    /// summary or a chat shows it as. Nil for kinds that are no file.
    public var fileKind: String? {
        switch self {
        case .image: return "photo"
        case .video: return "video_file"
        case .file: return "file"
        case .gif: return "animation"
        case .music: return "audio_file"
        case .voiceMessage: return "voice_message"
        case .videoMessage: return "video_message"
        case .sticker: return "sticker"
        case .text, .call, .mapLocation, .poll: return nil
        }
    }
}
