import Foundation

/// The headless `UIScreen`: the size a window fills when no other size is given.
///
/// There is no display. ``main`` describes an iPhone-class portrait screen: `bounds` of
/// 390 × 844 points at the origin, `scale` 3 (an iPhone 12 to 14). ``Window/defaultFrame`` is
/// `Screen.main.bounds`, so `Window()` and UIKit's `UIWindow(frame: UIScreen.main.bounds)` make
/// windows of one size. A window of another size takes its frame explicitly:
/// `Window(frame: CGRect(x: 0, y: 0, width: 1024, height: 1366))`.
///
/// The screen's values never change, so it may be read from any isolation domain.
public final class Screen: Sendable {
    /// The device's screen, as `UIScreen.main` (`class var main: UIScreen`).
    public class var main: Screen { mainScreen }

    private static let mainScreen = Screen(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), scale: 3)

    /// The screen's rectangle in points, with its origin at zero (portrait).
    public let bounds: CGRect

    /// Pixels per point.
    public let scale: CGFloat

    private init(bounds: CGRect, scale: CGFloat) {
        self.bounds = bounds
        self.scale = scale
    }
}
