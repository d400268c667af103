/// Turns a navigation controller's one flat list of controllers (bottom first) into its root
/// container and modal containers: Telegram's `makeNavigationLayout` (NavigationLayout.swift).
///
/// Each controller, in order:
/// - `modal`, `flatModal`, `standaloneModal`, `standaloneFlatModal` start a new modal container
///   (flat and/or standalone as their names say).
/// - `modalInLargeLayout` in regular width and `modalInCompactLayout` in compact width *require* a
///   modal: they join the top modal container, or start a plain one if none is up or the top one is
///   standalone. In the other width class they are plain pushes.
/// - A plain push (`default`, `master`, and the adaptive modes above when they push) goes onto the
///   root while no modal is up; once one is, it joins the top modal container, or starts a new plain
///   container above a standalone one.
/// The root is one flat stack, except in `automaticMasterDetail` with a regular width class and a
/// `.master` controller, where the `.master` controllers form the left column and the rest the
/// right, each in list order.
///
/// Differences from Telegram, on purpose: the upstream function in TelegramMessenger/Telegram-iOS
/// knows six modes (no `standaloneFlatModal`, no `modalInCompactLayout`); those two are added here.
/// One copy of the function seen with all eight makes `modalInCompactLayout` in regular width start
/// a new flat modal; here it is the exact mirror of `modalInLargeLayout` (a plain push), so the two
/// adaptive modes behave alike. Not modelled yet: `_presentedInModal` (which the bar height will need; it is true
/// for every modal controller except plain pushes onto a flat modal), minimized controllers, and
/// `flatReceivesModalTransition`.
public func makeNavigationLayout<Entry: NavigationLayoutEntry>(
    mode: NavigationControllerMode, layout: ContainerViewLayout, controllers: [Entry]
) -> NavigationLayout<Entry> {
    let width = layout.metrics.widthClass
    var rootControllers: [Entry] = []
    var modals: [ModalContainerLayout<Entry>] = []

    for controller in controllers {
        // nil: a plain push. Otherwise: whether it must start its own container, and its kind.
        let modal: (begins: Bool, isFlat: Bool, isStandalone: Bool)?
        switch controller.navigationPresentation {
        case .default, .master: modal = nil
        case .modal: modal = (true, false, false)
        case .flatModal: modal = (true, true, false)
        case .standaloneModal: modal = (true, false, true)
        case .standaloneFlatModal: modal = (true, true, true)
        case .modalInLargeLayout: modal = width == .regular ? (false, false, false) : nil
        case .modalInCompactLayout: modal = width == .compact ? (false, false, false) : nil
        }

        if let modal {
            if modal.begins || modals.isEmpty || modals[modals.count - 1].isStandalone {
                modals.append(ModalContainerLayout(controllers: [controller], isFlat: modal.isFlat,
                                                   isStandalone: modal.isStandalone))
            } else {
                modals[modals.count - 1].controllers.append(controller)
            }
        } else if let top = modals.last {
            // A push while a modal is up stays above it: a standalone modal keeps to itself.
            if top.isStandalone {
                modals.append(ModalContainerLayout(controllers: [controller], isFlat: false, isStandalone: false))
            } else {
                modals[modals.count - 1].controllers.append(controller)
            }
        } else {
            rootControllers.append(controller)
        }
    }

    let root: RootNavigationLayout<Entry>
    switch (mode, width) {
    case (.single, _), (.automaticMasterDetail, .compact):
        root = .flat(rootControllers)
    case (.automaticMasterDetail, .regular):
        let master = rootControllers.filter { $0.navigationPresentation == .master }
        // Nothing for the left column (a login before any account): one flat stack, full width,
        // not a screen pushed into the right half beside an empty one.
        root = master.isEmpty ? .flat(rootControllers)
            : .split(master: master, detail: rootControllers.filter { $0.navigationPresentation != .master })
    }
    return NavigationLayout(root: root, modals: modals)
}
