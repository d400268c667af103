/// Whether the app should animate transitions. Off when the user asks for reduced motion with
/// `TELEGRAM_REDUCED_MOTION` (any value but empty or "0": the environment is the terminal's only
/// settings channel, and the name follows the app's other `TELEGRAM_*` variables), and off on a
/// `dumb` terminal, which cannot redraw in place.
public enum MotionPreference {
    /// The environment variable that turns animations off.
    public static let reducedMotionVariable = "TELEGRAM_REDUCED_MOTION"

    /// The answer for these environment values (nil: unset).
    public static func supportsAnimation(reducedMotion: String?, term: String?) -> Bool {
        if let reducedMotion, !reducedMotion.isEmpty, reducedMotion != "0" { return false }
        if term == "dumb" { return false }
        return true
    }
}
