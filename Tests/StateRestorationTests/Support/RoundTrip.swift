import ControllerKit
import Foundation
import RestorationTesting
@testable import StateRestoration
import Testing
import TestSupport

/// The oracle of `RESTORATION.md` §3.4: save a hierarchy, restore it lazily into fresh objects,
/// and compare showing the restored window with showing a fresh build of the same final state:
/// the same trace, with each restored controller's decode right after its `viewDidLoad`.
@MainActor
final class RoundTrip {
    let directory = TemporaryDirectory()
    let registry: RestorationRegistry
    let store: RestorationStore
    let app = Application()

    /// What one round trip produced.
    struct Outcome {
        var saveReport: SaveReport
        var restoreReport: RestoreReport
        /// The callbacks recorded while restoring (only containment calls are allowed).
        var restoreTrace: [String]
        var restoredTrace: [String]
        var freshTrace: [String]
        var restoredWindow: Window
        var freshWindow: Window
        var savedRecords: [String]
        var restoredRecords: [String]
        /// The dumps of both windows while shown (``RestorationCheck/comparableHierarchy(_:)``).
        var restoredDescription: String
        var freshDescription: String
    }

    init(registry: RestorationRegistry = RestorationRegistry(), configuration: StoreConfiguration = StoreConfiguration()) throws {
        registry.register(Note.self, as: "Note")
        self.registry = registry
        store = try RestorationStore(path: directory.path(), configuration: configuration)
    }

    /// `build` sets up a hidden window (root and presentations); the original is shown, `then`
    /// runs on it, and it is saved. `expected` builds the final state fresh (default: `build`).
    func run(build: (Window) -> Void, then: (Window) -> Void = { _ in },
             expected: ((Window) -> Void)? = nil) throws -> Outcome {
        var saveReport: SaveReport
        var savedRecords: [String]
        do {
            let original = Window(application: app)
            build(original)
            original.makeKeyAndVisible()
            then(original)
            savedRecords = try describe(original)
            saveReport = try store.save(windows: [original], registry: registry)
            original.isHidden = true
        }
        let recorder = LifecycleTraceRecorder(observing: [app, .shared])
        let restoredWindow = Window(application: app)
        let restoreReport = try store.restore(into: restoredWindow, registry: registry, timing: .lazy)
        let restoreTrace = recorder.lines
        recorder.reset()
        restoredWindow.makeKeyAndVisible()
        let restoredTrace = recorder.lines
        let restoredRecords = try describe(restoredWindow)
        let restoredDescription = RestorationCheck.comparableHierarchy(restoredWindow).joined(separator: "\n")
        restoredWindow.isHidden = true

        let freshWindow = Window(application: app)
        if let expected { expected(freshWindow) } else { build(freshWindow) }
        recorder.reset()
        freshWindow.makeKeyAndVisible()
        let freshTrace = recorder.lines
        let freshDescription = RestorationCheck.comparableHierarchy(freshWindow).joined(separator: "\n")
        freshWindow.isHidden = true
        recorder.stop()
        return Outcome(saveReport: saveReport, restoreReport: restoreReport, restoreTrace: restoreTrace,
                       restoredTrace: restoredTrace, freshTrace: freshTrace, restoredWindow: restoredWindow,
                       freshWindow: freshWindow, savedRecords: savedRecords, restoredRecords: restoredRecords,
                       restoredDescription: restoredDescription, freshDescription: freshDescription)
    }

    /// Path, class, relation and keyed values of every controller of `window`, as captured.
    func describe(_ window: Window) throws -> [String] {
        try store.capture(windows: [window], registry: registry).controllers.map { record in
            let values = record.values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            return "\(record.pathString) \(record.className) \(record.relation) {\(values)}"
        }
    }
}

extension RoundTrip.Outcome {
    /// The checks every faithful round trip passes: a lazy restore sends only containment calls,
    /// the restored window shows with the fresh build's exact trace (each decode and finish
    /// right after its controller's `viewDidLoad`) and dump, and every keyed value came back.
    func expectFaithful(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(restoreReport.dropped == [], sourceLocation: sourceLocation)
        #expect(restoreTrace.allSatisfy { $0.contains(".wM(") || $0.contains(".dM(") },
                "restore sent more than containment calls: \(restoreTrace)", sourceLocation: sourceLocation)
        let restorationEvents = [".decodeRestorableState", ".applicationFinishedRestoringState"]
        #expect(restoredTrace.filter { line in !restorationEvents.contains { line.hasSuffix($0) } } == freshTrace,
                sourceLocation: sourceLocation)
        for (index, line) in restoredTrace.enumerated() where line.hasSuffix(".decodeRestorableState") {
            let name = line.dropLast(".decodeRestorableState".count)
            #expect(index > 0 && restoredTrace[index - 1] == "\(name).viewDidLoad", "\(line) not right after its viewDidLoad",
                    sourceLocation: sourceLocation)
            #expect(index + 1 < restoredTrace.count && restoredTrace[index + 1] == "\(name).applicationFinishedRestoringState",
                    sourceLocation: sourceLocation)
        }
        #expect(!restoredTrace.isEmpty, sourceLocation: sourceLocation)
        #expect(restoredDescription == freshDescription, sourceLocation: sourceLocation)
        #expect(restoredRecords == savedRecords, sourceLocation: sourceLocation)
    }
}
