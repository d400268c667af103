/// How a controller is shown when it is pushed onto a navigation controller (Telegram's
/// `ViewControllerNavigationPresentation`). One flat list of controllers is turned into the root
/// stack and modal containers from these values by `makeNavigationLayout`.
public enum NavigationPresentation: Hashable, Sendable {
    /// A plain push: onto the root stack, or into the modal container on top if one is up.
    case `default`
    /// Like `default`, but in a split root it goes in the left (master) column, e.g. the chat list.
    case master
    /// Starts a new modal container, shown as a sheet over what is below.
    case modal
    /// Starts a new modal container without the sheet: full size, no card, pushed like a screen.
    case flatModal
    /// Starts a new modal container that stays alone: a later plain push opens a container above it
    /// instead of joining it (a self-contained flow such as a login or a media editor).
    case standaloneModal
    /// `standaloneModal` without the sheet.
    case standaloneFlatModal
    /// Adaptive: a plain push in compact width (the phone), joins the current modal container in
    /// regular width (the iPad's sheet), e.g. "Add Contact".
    case modalInLargeLayout
    /// The mirror of `modalInLargeLayout`: joins the current modal container in compact width,
    /// a plain push in regular width.
    case modalInCompactLayout
}
