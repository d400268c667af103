/// Which end of a chat's hole a page of its history is fetched from.
public enum HistoryHoleEnd: Hashable, Sendable {
    /// The top of the hole below the cloud id (Int32.max: below everything): the history read back.
    case below(Int32)
    /// The bottom of the hole above the cloud id (0: above nothing): the history read forward,
    /// from the first unread message.
    case above(Int32)
}
