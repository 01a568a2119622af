import ControllerKit
import Foundation

/// One way of persisting the hierarchy. Saves read the live controllers; restores build real
/// controllers into a hidden window through the containment API, as navstate's restore does.
@MainActor
protocol Approach: AnyObject {
    var name: String { get }
    /// Untimed set-up before each timed run (fresh files, a fresh store).
    func prepare(in directory: URL) throws
    /// Saves `window`; returns the milliseconds spent reading controllers on the main actor.
    func save(_ window: Window) throws -> Double
    /// Restores what `save` wrote into a fresh hidden window.
    func restore() throws -> Window
}

/// A controller's class as the benchmark's formats name it, and a fresh instance of it.
@MainActor
enum BenchClasses {
    static func name(of controller: ViewController) -> String {
        String(describing: type(of: controller))
    }
}
