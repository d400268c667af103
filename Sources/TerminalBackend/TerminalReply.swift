/// What a terminal sends back unasked-for by the person: answers to the app's queries and the
/// focus reports. They arrive on the input, between keys, and `InputDecoder` takes them out.
public enum TerminalReply: Hashable, Sendable {
    /// kitty's graphics protocol answered command `id` (`ESC _ G i=31;OK ESC \`): "OK" or an error.
    case kittyGraphics(id: Int, message: String)
    /// Primary device attributes (DA1, `ESC [ ? 62 ; 4 ; 22 c`): the attribute numbers; 4 is sixel.
    case deviceAttributes([Int])
    /// Focus reports (`ESC [ I` in, `ESC [ O` out), once CSI ?1004h turned them on.
    case focus(Bool)
}
