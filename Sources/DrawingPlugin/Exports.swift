// libTelegramDrawing.so: the Drawing module behind a C entry point, so that Cairo and the dozen
// libraries it pulls in (pixman, FreeType, fontconfig, libpng, X11/xcb, ...) are loaded only by a
// process that actually draws — notify-service delivering from a cached avatar, a locked app or a
// removal never maps them (ARCHITECTURE.md §8: extension memory and launch time).
import Drawing
import Formats
#if canImport(Glibc)
import Glibc
#endif

/// The protocol version the client checks before calling.
@_cdecl("tg_drawing_abi_version")
public func tgDrawingABIVersion() -> Int32 { 1 }

/// Draws one DrawingRequest (JSON). On success returns 0 and a malloc'd PNG in `out` (raw RGBA for
/// `.avatarPixels`); on failure returns 1 and a malloc'd UTF-8 message. The caller frees `out`
/// with tg_drawing_free.
@_cdecl("tg_drawing_render")
public func tgDrawingRender(_ request: UnsafePointer<UInt8>?, _ requestLength: Int,
                            _ out: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                            _ outLength: UnsafeMutablePointer<Int>?) -> Int32 {
    guard let out, let outLength else { return 2 }
    let bytes = request.map { Array(UnsafeBufferPointer(start: $0, count: max(0, requestLength))) } ?? []
    let (status, result): (Int32, [UInt8])
    do {
        (status, result) = (0, try render(DrawingRequest.decode(bytes)))
    } catch {
        (status, result) = (1, Array("\(error)".utf8))
    }
    let buffer = malloc(max(result.count, 1))!.assumingMemoryBound(to: UInt8.self)
    result.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: result.count) }
    out.pointee = buffer
    outLength.pointee = result.count
    return status
}

@_cdecl("tg_drawing_free")
public func tgDrawingFree(_ pointer: UnsafeMutablePointer<UInt8>?) {
    free(pointer)
}

private func render(_ request: DrawingRequest) throws -> [UInt8] {
    switch request {
    case .lettersAvatar(let letters, let gradientIndex, let pixelSize):
        return try LettersAvatar.renderPNG(letters: letters, gradientIndex: gradientIndex, pixelSize: pixelSize)
    case .photoAvatar(let photoPath, let pixelSize):
        return try PhotoAvatar.renderPNG(photoPath: photoPath, pixelSize: pixelSize)
    case .notificationCard(let avatarPath, let title, let body, let time):
        let avatar = try avatarPath.map { try readAvatar($0) }
        return try NotificationCard(avatarPNG: avatar, title: title, body: body, time: time).renderPNG()
    case .widget(let picture):
        return try WidgetRenderer(widgetScene(picture)).renderPNG()
    case .avatarPixels(let avatarPath, let pixelSize):
        return try AvatarPixels.rgba(png: readAvatar(avatarPath), pixelSize: pixelSize)
    }
}

/// The widget's picture in Drawing's terms. A photo that can't be read is drawn as letters: one
/// chat's missing file must not cost the whole widget.
private func widgetScene(_ picture: WidgetPicture) -> WidgetScene {
    let rows = picture.rows.prefix(picture.family.chatCount).map { row in
        WidgetScene.Row(title: row.title,
                        avatar: .init(photoPNG: row.avatarPath.flatMap { try? readAvatar($0) }, letters: row.letters,
                                      gradientIndex: row.gradientIndex, isSavedMessages: row.isSavedMessages),
                        badge: row.badge.map { ($0.count, $0.isMuted) }, author: row.author, text: row.text, time: row.time)
    }
    return WidgetScene(family: WidgetScene.Family(rawValue: picture.family.rawValue) ?? .medium,
                       isDark: picture.appearance == .dark, rows: Array(rows), notice: picture.notice)
}

/// An avatar PNG the caller drew earlier (at most 4 MiB).
private func readAvatar(_ path: String) throws -> [UInt8] {
    try PhotoAvatar.readFile(path, limit: 4 << 20)
}
