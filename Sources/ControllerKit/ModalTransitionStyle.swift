/// The animation UIKit shows when a controller is presented; mirrors `UIModalTransitionStyle`,
/// with its raw values.
///
/// Headless presentations are not animated, so the style is kept for code that sets and reads it
/// (``ViewController/modalTransitionStyle``) and changes nothing else: not the presenter, not which
/// controllers disappear, not the order or the `animated` flag of the callbacks. Those follow the
/// ``ModalPresentationStyle`` alone. UIKit's rule that `.partialCurl` needs a full-screen
/// presentation is not enforced.
public enum ModalTransitionStyle: Int, Sendable, Hashable, CaseIterable {
    /// The presented view slides up from the bottom; dismissal slides it down. UIKit's default.
    case coverVertical = 0
    /// The presenter's view flips horizontally to reveal the presented one.
    case flipHorizontal = 1
    /// The presenter's view fades out while the presented one fades in.
    case crossDissolve = 2
    /// One corner of the presenter's view curls up to reveal the presented one.
    case partialCurl = 3
}
