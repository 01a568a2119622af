import ControllerKit
import Foundation

/// One way of persisting the hierarchy. Saves read the live controllers; restores build real
/// controllers into a hidden window through the containment API and leave every one of them
/// with its view loaded and its state decoded, as navstate's eager restore does.
@MainActor
protocol Approach: AnyObject {
    var name: String { get }
    /// Untimed set-up before each timed run (fresh files, a fresh store).
    func prepare(in directory: URL) throws
    /// Saves `window`.
    func save(_ window: Window) throws
    /// Restores what `save` wrote into a fresh hidden window.
    func restore() throws -> Window
}

extension Approach {
    /// One round, as the benchmark times it: set up in `directory`, a timed save of `window`, a
    /// timed restore, the restored window let go.
    func timedRound(saving window: Window, in directory: URL) throws -> (save: Double, restore: Double) {
        try prepare(in: directory)
        let save = try milliseconds { try self.save(window) }
        let (restored, restore) = try measured { try self.restore() }
        restored.rootViewController = nil
        return (save, restore)
    }
}

/// Every approach the benchmark measures, navstate first.
@MainActor
func allApproaches() -> [any Approach] {
    [NavstateApproach(), LimitApproach(), JSONApproach(), KeyedArchiverApproach()]
}

/// Restores what `approach` saved of `window` and checks that the restore is whole and eager:
/// every controller back, each with its view loaded. Untimed, once per size, so that no
/// approach is timed doing less than the others.
@MainActor
func checkRestoresEagerly(_ approach: any Approach, saving window: Window, in directory: URL) throws {
    try approach.prepare(in: directory)
    try approach.save(window)
    let restored = try approach.restore()
    defer { restored.rootViewController = nil }
    let controllers = restored.allControllers()
    let unloaded = controllers.filter { !$0.isViewLoaded }.count
    guard controllers.count == window.allControllers().count, unloaded == 0 else {
        throw BenchError(description: "\(approach.name) restored \(controllers.count) of \(window.allControllers().count) controllers, \(unloaded) without a view")
    }
}

/// Writes `data` to a temporary file beside `url` and renames it over `url`: a killed process
/// leaves the old file or the new one, never part of one, and nothing is synced to disk, which
/// is navstate's durability (a write-ahead log synced at checkpoints, not at each save).
/// `Data.write(to:)` syncs the file (on Linux, with or without `.atomic`), which costs
/// milliseconds on a busy disk and would time the disk instead of the format.
func replaceFile(at url: URL, with data: Data) throws {
    let temporary = url.appendingPathExtension("new")
    guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
        throw BenchError(description: "cannot create \(temporary.path)")
    }
    let file = try FileHandle(forWritingTo: temporary)
    try file.write(contentsOf: data)
    try file.close()
    guard rename(temporary.path, url.path) == 0 else {
        throw BenchError(description: "cannot rename \(temporary.path): errno \(errno)")
    }
}

/// Why the benchmark stopped.
struct BenchError: Error, CustomStringConvertible {
    var description: String
}

/// A controller's class as the benchmark's formats name it, looked up once per class as
/// navstate's registry looks up its names.
@MainActor
enum BenchClasses {
    private static var names: [ObjectIdentifier: String] = [:]

    static func name(of controller: ViewController) -> String {
        let type = type(of: controller)
        if let known = names[ObjectIdentifier(type)] { return known }
        let name = String(describing: type)
        names[ObjectIdentifier(type)] = name
        return name
    }
}
