/// The configuration's `style`: the standard keys, or vim's added to them.
public enum KeyStyle: String, CaseIterable, Hashable, Sendable {
    case standard
    case vim
}
