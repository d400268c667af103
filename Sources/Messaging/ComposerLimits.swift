import RequestChannel

/// What main's own composer sends, which is Telegram's, not the share extension's (ShareLimits,
/// sized for an extension's memory and checked again on a request from another process).
public enum ComposerLimits {
    /// A file: Telegram Desktop's limit for an account without Premium (kFileSizeLimit,
    /// storage/localimageloader.h: 2,000 MiB). Files are copied in chunks, never held whole.
    public static let maximumFileSize = 2_000 << 20
    /// A picture larger than this goes as a file, as Telegram's clients send it: the server takes
    /// photos up to 10 MB (the Bot API's sendPhoto says so), and a thumbnail is decoded from it.
    public static let maximumPhotoSize = 10 << 20
    /// Files in one send: Telegram Desktop's album (kMaxAlbumCount, ui/chat/attach/attach_prepare.cpp).
    public static let maximumFiles = ShareLimits.maximumFiles
}
