import Display
import TerminalBackend

/// The pictures main draws — the chat list's avatars (half blocks, on a true-colour terminal)
/// and a chat's photos (in the terminal's graphics mode) — each on its own drawing thread with
/// its own wake-up for the run loop. None where the terminal can show no picture at all: the
/// screens then show initials and "🖼 Photo" lines.
@MainActor
struct TerminalPictures {
    let avatars: ChatListAvatars?
    let photos: ChatPhotos

    init(output: PictureOutput, onFailure: @escaping @Sendable (String) -> Void) throws {
        avatars = output.depth == .trueColor ? try ChatListAvatars(onFailure: onFailure) : nil
        photos = try ChatPhotos(output: output, onFailure: onFailure)
    }

    var wakeDescriptors: [Int32] { (avatars.map { [$0.wakeDescriptor] } ?? []) + photos.wakeDescriptors }

    /// Takes the wake-up on `descriptor` if it is one of these; false when it is not.
    func drain(_ descriptor: Int32) -> Bool {
        if descriptor == avatars?.wakeDescriptor {
            avatars?.drain()
        } else if photos.wakeDescriptors.contains(descriptor) {
            photos.drain(descriptor)
        } else {
            return false
        }
        return true
    }

    /// What the renderer writes over the frame in sixel mode; nil in the others.
    var sixelLayer: SixelLayer? { photos.output.mode == .sixel ? photos.sixels.layer : nil }

    /// A reply settled the graphics mode: the photos follow.
    func setMode(_ mode: GraphicsMode) {
        guard photos.output.mode != mode else { return }
        photos.output.mode = mode
        photos.modeChanged()
    }
}
