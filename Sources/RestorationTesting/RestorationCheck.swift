import ControllerKit
import Foundation
import StateRestoration

/// What one restoration round trip found, with a readable failure for every difference.
public struct RoundTripReport: Sendable, CustomStringConvertible {
    /// The save's report (what was saved, what was left out).
    public var saveReport: SaveReport?
    /// The restore's report (what was restored, what was dropped).
    public var restoreReport: RestoreReport
    /// Controllers still alive after the saved hierarchy was torn down, when the check tore it down.
    public var leakedControllers: [String] = []
    /// The lifecycle trace of showing the restored window, its lazy decodes
    /// (`decodeRestorableState`, `applicationFinishedRestoringState`) in their places.
    public var restoredTrace: [String]
    /// The lifecycle trace of showing a fresh build of the same state.
    public var freshTrace: [String]
    /// The pointer-free dump of the restored window while shown.
    public var restoredHierarchy: [String]
    /// The pointer-free dump of the fresh build while shown.
    public var freshHierarchy: [String]
    /// `path class {key=value…}` for every controller of the restored window.
    public var restoredValues: [String]
    /// `path class {key=value…}` for every controller of the fresh build.
    public var freshValues: [String]
    /// Every problem, each readable on its own (differences come as line diffs).
    public var failures: [String] = []

    /// Whether the restored hierarchy is indistinguishable from a fresh build.
    public var passed: Bool { failures.isEmpty }

    public var description: String {
        passed ? "restoration round trip passed" : failures.joined(separator: "\n\n")
    }
}

/// Round trips through a real store: what Flutter's `restartAndRestore()` and Android's
/// `recreate()` give their users, for this runtime.
@MainActor
public enum RestorationCheck {
    /// Builds the hierarchy with `build` into a hidden window (root and presentations, the state
    /// to preserve), shows it, saves it to a temporary database, tears everything down and checks
    /// every controller was released, restores into fresh objects, then shows the restored window
    /// and a second fresh build and compares their dumps, keyed values and lifecycle traces.
    public static func run(registry: RestorationRegistry, configuration: StoreConfiguration = StoreConfiguration(),
                           build: (Window) -> Void) -> RoundTripReport {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("restoration-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("state.sqlite").path
        var saveReport: SaveReport?
        var saveFailure: String?
        var survivors: [WeakController] = []
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let store = try RestorationStore(path: path, configuration: configuration)
            let application = Application()
            let window = Window(application: application)
            build(window)
            window.makeKeyAndVisible()
            saveReport = try store.save(windows: [window], registry: registry)
            survivors = window.allControllers().map(WeakController.init)
            window.isHidden = true
        } catch {
            saveFailure = "saving failed: \(error)"
        }
        // The first hierarchy is out of scope: like a process death, nothing may survive it.
        let leaked = survivors.compactMap(\.value).map(\.description)
        var report = compare(restoringFrom: path, registry: registry, build: build)
        report.saveReport = saveReport
        report.leakedControllers = leaked
        var failures: [String] = []
        if let saveFailure { failures.append(saveFailure) }
        if !leaked.isEmpty {
            failures.append("not released after the saved hierarchy was torn down (a strong reference outlives the window):\n"
                            + leaked.map { "  " + $0 }.joined(separator: "\n"))
        }
        if let saveReport {
            if !saveReport.leftOut.isEmpty {
                failures.append("left out of the save:\n" + saveReport.leftOut.map { "  \($0.path): \($0.reason)" }.joined(separator: "\n"))
            }
            if !saveReport.warnings.isEmpty {
                failures.append("save warnings:\n" + saveReport.warnings.map { "  " + $0 }.joined(separator: "\n"))
            }
        }
        report.failures = failures + report.failures
        return report
    }

    /// Restores the newest snapshot of the database at `path` (saved by another process, say)
    /// and compares it with a fresh build made by `build`.
    public static func compare(restoringFrom path: String, registry: RestorationRegistry,
                               build: (Window) -> Void) -> RoundTripReport {
        var failures: [String] = []

        let restoredApplication = Application()
        let restoredWindow = Window(application: restoredApplication)
        var restoreReport = RestoreReport()
        do {
            // Lazily, so that showing it loads exactly what a fresh build loads.
            let store = try RestorationStore(path: path)
            restoreReport = try store.restore(into: restoredWindow, registry: registry, timing: .lazy)
        } catch {
            failures.append("restoring failed: \(error)")
        }
        if !restoreReport.didRestore { failures.append("nothing was restored: \(restoreReport)") }
        if !restoreReport.dropped.isEmpty {
            failures.append("dropped by the restore:\n" + restoreReport.dropped.map { "  \($0.path) (\($0.className)): \($0.reason)" }.joined(separator: "\n"))
        }
        let restored = show(restoredWindow, recording: restoredApplication, registry: registry)

        let freshApplication = Application()
        let freshWindow = Window(application: freshApplication)
        build(freshWindow)
        let fresh = show(freshWindow, recording: freshApplication, registry: registry)

        let restorationEvents = [".decodeRestorableState", ".applicationFinishedRestoringState"]
        let restoredCallbacks = restored.trace.filter { line in !restorationEvents.contains { line.hasSuffix($0) } }
        let pairs = [("hierarchy", fresh.hierarchy, restored.hierarchy),
                     ("keyed values", fresh.values, restored.values),
                     ("lifecycle trace of showing the window", fresh.trace, restoredCallbacks)]
        for (what, expected, actual) in pairs {
            if let diff = LineDiff.unified(expected: expected, actual: actual, expectedLabel: "fresh build", actualLabel: "restored") {
                failures.append("\(what): the restored window does not match a fresh build:\n\(diff)")
            }
        }
        return RoundTripReport(saveReport: nil, restoreReport: restoreReport, restoredTrace: restored.trace,
                               freshTrace: fresh.trace, restoredHierarchy: restored.hierarchy, freshHierarchy: fresh.hierarchy,
                               restoredValues: restored.values, freshValues: fresh.values, failures: failures)
    }

    private struct Shown {
        var trace: [String]
        var hierarchy: [String]
        var values: [String]
    }

    /// The dump of `window` as a restore and a fresh build can be compared: for controllers
    /// that are not on screen, whether the view is loaded and the title are left out. A fresh
    /// build may load a hidden tab's view while it is built, and a lazy restore leaves a hidden
    /// controller undecoded (its title too) until it is reached; its keyed values are compared.
    public static func comparableHierarchy(_ window: Window) -> [String] {
        window.hierarchyDescription().components(separatedBy: "\n").map { line in
            guard line.hasSuffix(" disappeared") else { return line }
            var kept = line.replacingOccurrences(of: " view loaded ", with: " ").replacingOccurrences(of: " view unloaded ", with: " ")
            if let title = kept.range(of: #" title="(\\.|[^"\\])*""#, options: .regularExpression) { kept.removeSubrange(title) }
            return kept
        }
    }

    /// Shows `window` recording its callbacks, then reads its dump and the keyed values of its
    /// controllers and of the objects they refer to.
    private static func show(_ window: Window, recording application: Application, registry: RestorationRegistry) -> Shown {
        let recorder = LifecycleTraceRecorder(observing: [application])
        window.makeKeyAndVisible()
        recorder.stop()
        let hierarchy = comparableHierarchy(window)
        var values: [String] = []
        func pairs(_ values: [String: CodedValue]) -> String {
            values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        }
        if let draft = try? SnapshotDraft.capture([window], registry: registry) {
            values = draft.controllers.map { "\($0.pathString) \($0.className) {\(pairs($0.values))}" }
                + draft.objects.map { "object #\($0.id) \($0.className) {\(pairs($0.values))}" }
        }
        window.isHidden = true
        return Shown(trace: recorder.lines, hierarchy: hierarchy, values: values)
    }
}

/// Runs ``RestorationCheck/run(registry:configuration:build:)`` and records any failure (with
/// its line diffs) as a Swift Testing issue, or an `XCTFail` when called from XCTest.
@MainActor
@discardableResult
public func expectRestoration(registry: RestorationRegistry, configuration: StoreConfiguration = StoreConfiguration(),
                              fileID: String = #fileID, filePath: StaticString = #filePath,
                              line: Int = #line, column: Int = #column, build: (Window) -> Void) -> RoundTripReport {
    let report = RestorationCheck.run(registry: registry, configuration: configuration, build: build)
    if !report.passed {
        FailureReporter.current.record("restoration round trip failed:\n\n\(report.description)",
                                       at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return report
}

/// A weak reference to a controller, for release checks.
final class WeakController {
    weak var value: ViewController?
    init(_ value: ViewController) { self.value = value }
}
