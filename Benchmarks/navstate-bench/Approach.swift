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
    /// Untimed, after a timed save: waits for work the save left running in the background, so
    /// that it does not run beside the next timed operation, and returns how long that work took
    /// on its own thread (milliseconds), or `nil` when there was none.
    func settle() -> Double?
    /// Untimed, after a timed restore: waits for work the restore left running in the
    /// background (freeing what it read), so that it does not run beside the next timed
    /// operation, another approach's.
    func settleAfterRestore()
}

extension Approach {
    func settle() -> Double? { nil }
    func settleAfterRestore() {}

    /// One round, as the benchmark times it: set up in `directory`, a timed save of `window`,
    /// the save's background work waited for untimed, a timed restore, the restored window let
    /// go, and the restore's background work waited for untimed.
    func timedRound(saving window: Window, in directory: URL) throws
        -> (save: Double, mainActor: Double, background: Double?, leftoverWait: Double, restore: Double) {
        try prepare(in: directory)
        var mainActor = 0.0
        let save = try milliseconds { mainActor = try self.save(window) }
        var background: Double?
        let leftoverWait = milliseconds { background = settle() }
        var restored: Window?
        let restore = try milliseconds { restored = try self.restore() }
        restored?.rootViewController = nil
        settleAfterRestore()
        return (save, mainActor, background, leftoverWait, restore)
    }
}

/// A controller's class as the benchmark's formats name it.
@MainActor
enum BenchClasses {
    /// Names already worked out, by class: looked up as navstate's registry looks up its names.
    /// `String(describing:)` on every controller cost about 7,000 instructions each (callgrind),
    /// an eighth of the floor's save and a sixteenth of JSON's: work navstate never does, which
    /// made the other approaches look slower than they are.
    private static var names: [ObjectIdentifier: String] = [:]

    static func name(of controller: ViewController) -> String {
        let type = type(of: controller)
        if let known = names[ObjectIdentifier(type)] { return known }
        let name = String(describing: type)
        names[ObjectIdentifier(type)] = name
        return name
    }
}
