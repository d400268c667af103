/// The pictures main draws in a truecolour terminal — the chat list's avatars and a chat's photos
/// — each on its own drawing thread with its own wake-up for the run loop. None on fewer
/// colours: the screens then show initials and "🖼 Photo" lines.
@MainActor
struct TerminalPictures {
    let avatars: ChatListAvatars
    let photos: ChatPhotos

    init(onFailure: @escaping @Sendable (String) -> Void) throws {
        avatars = try ChatListAvatars(onFailure: onFailure)
        photos = try ChatPhotos(onFailure: onFailure)
    }

    var wakeDescriptors: [Int32] { [avatars.wakeDescriptor, photos.wakeDescriptor] }

    /// Takes the wake-up on `descriptor` if it is one of these; false when it is not.
    func drain(_ descriptor: Int32) -> Bool {
        switch descriptor {
        case avatars.wakeDescriptor: avatars.drain()
        case photos.wakeDescriptor: photos.drain()
        default: return false
        }
        return true
    }
}
