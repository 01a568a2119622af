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
    /// `path class {key=value…}` for every controller of the saved window, as it was saved
    /// (empty when the check did not save it itself).
    public var savedValues: [String] = []
    /// The lifecycle callbacks the restore itself sent, before the restored window was shown.
    public var restoreTrace: [String] = []
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
///
/// ```swift
/// let report = RestorationCheck.run(registry: registry, build: { window in
///     window.rootViewController = InboxViewController()
/// }, afterShowing: { window in
///     (window.rootViewController as? InboxViewController)?.openFirstMessage()
/// }, expecting: { window in
///     window.rootViewController = InboxViewController(showingMessage: 0)
/// })
/// #expect(report.passed, "\(report)")
/// ```
@MainActor
public enum RestorationCheck {
    /// Builds the hierarchy with `build` into a hidden window (root and presentations, the state
    /// to preserve), shows it, runs `navigate` on it (what the user does before the app is
    /// ended), saves it to a temporary database, tears everything down and checks every
    /// controller was released, restores into fresh objects, then shows the restored window and
    /// a fresh build of the final state (`expected`, or `build` again) and compares their dumps,
    /// keyed values and lifecycle traces (see ``compare(restoringFrom:registry:build:inspectingRestored:)``);
    /// the restored keyed values must also be those saved. `inspect` gets the restored window
    /// after it was shown, for checks of a test's own.
    public static func run(registry: RestorationRegistry, configuration: StoreConfiguration = StoreConfiguration(),
                           build: (Window) -> Void, afterShowing navigate: (Window) -> Void = { _ in },
                           expecting expected: ((Window) -> Void)? = nil,
                           inspectingRestored inspect: (Window) -> Void = { _ in }) -> RoundTripReport {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("restoration-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("state.sqlite").path
        var saveReport: SaveReport?
        var saveFailure: String?
        var survivors: [WeakController] = []
        var savedValues: [String] = []
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let store = try RestorationStore(path: path, configuration: configuration)
            let application = Application()
            let window = Window(application: application)
            build(window)
            window.makeKeyAndVisible()
            navigate(window)
            savedValues = values(of: window, registry: registry)
            saveReport = try store.save(windows: [window], registry: registry)
            survivors = window.allControllers().map(WeakController.init)
            window.isHidden = true
        } catch {
            saveFailure = "saving failed: \(error)"
        }
        // The first hierarchy is out of scope: like a process death, nothing may survive it.
        let leaked = survivors.compactMap(\.value).map(\.description)
        var report = compare(restoringFrom: path, registry: registry, build: { window in
            if let expected { expected(window) } else { build(window) }
        }, inspectingRestored: inspect)
        report.saveReport = saveReport
        report.leakedControllers = leaked
        report.savedValues = savedValues
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
        // When the fresh build holds what was saved, comparing with it already told the difference.
        if saveFailure == nil, savedValues != report.freshValues,
           let diff = LineDiff.unified(expected: savedValues, actual: report.restoredValues, expectedLabel: "saved", actualLabel: "restored") {
            failures.append("keyed values: the restored window does not hold what was saved:\n\(diff)")
        }
        report.failures = failures + report.failures
        return report
    }

    /// Restores the newest snapshot of the database at `path` (saved by another process, say)
    /// and compares it with a fresh build made by `build`: the restore sends containment calls
    /// only, and the restored window, shown, has the fresh build's dump, keyed values and
    /// lifecycle trace, with each controller's `decodeRestorableState` right after its
    /// `viewDidLoad` and its `applicationFinishedRestoringState` right after that.
    /// `inspect` gets the restored window after it was shown.
    public static func compare(restoringFrom path: String, registry: RestorationRegistry,
                               build: (Window) -> Void,
                               inspectingRestored inspect: (Window) -> Void = { _ in }) -> RoundTripReport {
        var failures: [String] = []

        let restoredApplication = Application()
        let restoredWindow = Window(application: restoredApplication)
        var restoreReport = RestoreReport()
        // Controllers not yet in the window report to the shared application.
        let restoreRecorder = LifecycleTraceRecorder(observing: [restoredApplication, .shared])
        do {
            // Lazily, so that showing it loads exactly what a fresh build loads.
            let store = try RestorationStore(path: path)
            restoreReport = try store.restore(into: restoredWindow, registry: registry, timing: .lazy)
        } catch {
            failures.append("restoring failed: \(error)")
        }
        restoreRecorder.stop()
        let restoreTrace = restoreRecorder.lines
        let appearanceDuringRestore = restoreTrace.filter { !$0.contains(".wM(") && !$0.contains(".dM(") }
        if !appearanceDuringRestore.isEmpty {
            failures.append("the restore sent more than containment calls:\n"
                            + appearanceDuringRestore.map { "  " + $0 }.joined(separator: "\n"))
        }
        if !restoreReport.didRestore { failures.append("nothing was restored: \(restoreReport)") }
        if !restoreReport.dropped.isEmpty {
            failures.append("dropped by the restore:\n" + restoreReport.dropped.map { "  \($0.path) (\($0.className)): \($0.reason)" }.joined(separator: "\n"))
        }
        let restored = show(restoredWindow, recording: restoredApplication, registry: registry, inspect: inspect)
        failures += misplacedDecodes(in: restored.trace)

        let freshApplication = Application()
        let freshWindow = Window(application: freshApplication)
        build(freshWindow)
        let fresh = show(freshWindow, recording: freshApplication, registry: registry, inspect: { _ in })

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
                               restoredValues: restored.values, freshValues: fresh.values, restoreTrace: restoreTrace,
                               failures: failures)
    }

    /// A lazy restore decodes each controller right after its `viewDidLoad` and finishes it right
    /// after the decode: one problem for every decode or finish found elsewhere in `trace`.
    static func misplacedDecodes(in trace: [String]) -> [String] {
        var problems: [String] = []
        for (index, line) in trace.enumerated() {
            if line.hasSuffix(".decodeRestorableState") {
                let name = line.dropLast(".decodeRestorableState".count)
                if index == 0 || trace[index - 1] != "\(name).viewDidLoad" {
                    problems.append("\(line) does not come right after \(name).viewDidLoad")
                }
            } else if line.hasSuffix(".applicationFinishedRestoringState") {
                let name = line.dropLast(".applicationFinishedRestoringState".count)
                if index == 0 || trace[index - 1] != "\(name).decodeRestorableState" {
                    problems.append("\(line) does not come right after \(name).decodeRestorableState")
                }
            }
        }
        return problems
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
    private static func show(_ window: Window, recording application: Application, registry: RestorationRegistry,
                             inspect: (Window) -> Void) -> Shown {
        let recorder = LifecycleTraceRecorder(observing: [application])
        window.makeKeyAndVisible()
        recorder.stop()
        let hierarchy = comparableHierarchy(window)
        let values = values(of: window, registry: registry)
        inspect(window)
        window.isHidden = true
        return Shown(trace: recorder.lines, hierarchy: hierarchy, values: values)
    }

    /// `path class {key=value…}` for every controller of `window` and every object they refer
    /// to, as a save would capture them.
    private static func values(of window: Window, registry: RestorationRegistry) -> [String] {
        func pairs(_ values: [String: CodedValue]) -> String {
            values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        }
        guard let captured = try? CapturedSnapshot.capture([window], registry: registry) else { return [] }
        return captured.controllers.map { "\($0.pathString) \($0.className) {\(pairs($0.values))}" }
            + captured.objects.map { "object #\($0.id) \($0.className) {\(pairs($0.values))}" }
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
