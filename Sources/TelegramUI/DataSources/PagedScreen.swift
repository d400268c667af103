/// A screen that reads its data a page at a time as it scrolls. Drawing only shows what is
/// loaded: pages are read when input scrolls, and here, which the app calls before each frame
/// for the shown screens, so a layout change (a taller window, a first layout) is paged for
/// before the frame that shows it.
@MainActor
public protocol PagedScreen: AnyObject {
    func loadPagesIfNeeded()
}
