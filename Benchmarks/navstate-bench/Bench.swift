import ControllerKit
import Foundation
import MailSample
import StateRestoration

/// One operation of one approach at one size, and its runs.
struct Result {
    var operation: String
    var controllers: Int
    var approach: String
    var sample: Sample
}

/// A run of the benchmark: every approach at every size, round by round (navstate's lazy
/// restore too), then at 10,000 the incremental save and the views a lazy restore creates when
/// shown.
@MainActor
struct Bench {
    let quick: Bool
    let json: Bool
    /// `--size COUNT`: that size only.
    var onlySize: Int?
    var results: [Result] = []
    var notes: [String] = []
    var measurements: [String: Double] = [:]
    /// navstate's time over another approach's, the median of the rounds' ratios.
    var paired = PairedRatios()

    var sizes: [Int] { onlySize.map { [$0] } ?? [30, 200, 1_000, 10_000] }
    var runs: Int { quick ? 3 : 15 }

    func log(_ line: String) {
        if !json { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }

    mutating func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let approaches = allApproaches()
        for size in sizes {
            let window = Window(application: Application())
            BenchHierarchy.build(count: size, into: window)
            let count = window.allControllers().count
            var active: [any Approach] = []
            var inChild: [String] = []
            for approach in approaches {
                // The archiver churns the heap, which slows whatever runs after it in the same
                // process: it runs in a process of its own, and at 1,000 (about 15 s a save here)
                // two rounds, only in a full run.
                if approach.name == "nskeyedarchiver" {
                    if count > 1_000 || (count == 1_000 && (quick || onlySize != nil)) {
                        notes.append("nskeyedarchiver skipped at \(count) controllers (about 15 s a save at 1,000; a full run measures 1,000)")
                    } else {
                        inChild.append(approach.name)
                    }
                    continue
                }
                active.append(approach)
                try FileManager.default.createDirectory(at: directory.appendingPathComponent(approach.name), withIntermediateDirectories: true)
                try checkRestoresEagerly(approach, saving: window, in: directory.appendingPathComponent(approach.name))
            }
            log("\(count) controllers: \((active.map(\.name) + inChild).joined(separator: ", "))…")
            var saves: [String: Sample] = [:], restores: [String: Sample] = [:], mainActor = Sample(), lazyRestores = Sample()
            // Round-robin, so a noisy moment on a shared machine falls on all approaches alike;
            // the first round warms up.
            for round in 0...runs {
                for approach in active {
                    let timed = try approach.timedRound(saving: window, in: directory.appendingPathComponent(approach.name))
                    var lazy: Double?
                    if let navstate = approach as? NavstateApproach {
                        let (restored, time) = try measured { try navstate.restoreLazily() }
                        restored.rootViewController = nil
                        lazy = time
                    }
                    guard round > 0 else { continue }
                    saves[approach.name, default: Sample()].runs.append(timed.save)
                    restores[approach.name, default: Sample()].runs.append(timed.restore)
                    if let navstate = approach as? NavstateApproach, let lazy {
                        mainActor.runs.append(navstate.lastCaptureMilliseconds)
                        lazyRestores.runs.append(lazy)
                    }
                }
            }
            for name in inChild {
                log("  \(name) in a process of its own…")
                guard let rounds = ChildRuns.measure(approach: name, count: count, runs: count >= 1_000 ? 2 : runs) else {
                    notes.append("\(name) at \(count) controllers: its process failed, so it is not measured")
                    continue
                }
                saves[name] = Sample(runs: rounds.map(\.save))
                restores[name] = Sample(runs: rounds.map(\.restore))
            }
            for name in active.map(\.name) + inChild {
                guard let save = saves[name], let restore = restores[name] else { continue }
                results.append(Result(operation: "save", controllers: count, approach: name, sample: save))
                results.append(Result(operation: "restore", controllers: count, approach: name, sample: restore))
                if name == "navstate" {
                    results.append(Result(operation: "restore-lazy", controllers: count, approach: name, sample: lazyRestores))
                }
                if name != "navstate", let ours = saves["navstate"], let oursBack = restores["navstate"] {
                    paired["save", count, name] = ours.pairedRatio(to: save)
                    paired["restore", count, name] = oursBack.pairedRatio(to: restore)
                }
            }
            if let save = saves["navstate"] { measurements["main_actor_share_\(count)"] = mainActor.pairedRatio(to: save) }
            if count <= 200 {
                // Autosave's main-actor part is a capture: measured against a whole JSON save.
                if let json = saves["json"] { measurements["autosave_main_actor_of_json_\(count)"] = mainActor.pairedRatio(to: json) }
                try measureAutosavePush(window: window, count: count, directory: directory)
            }
            if count >= 10_000 { try measureLargeSize(window: window, count: count, directory: directory) }
            window.isHidden = true
        }
    }

    /// What an autosave writes after one push onto a saved hierarchy.
    mutating func measureAutosavePush(window: Window, count: Int, directory: URL) throws {
        let store = try RestorationStore(path: directory.appendingPathComponent("autosave-\(count).sqlite").path)
        let registry = MailSample.makeRegistry()
        _ = try store.save(windows: [window], registry: registry)
        guard let stack = window.allControllers().compactMap({ $0 as? NavigationController }).first else { return }
        let pushed = MessageController()
        pushed.restorationIdentifier = "pushed"
        stack.pushViewController(pushed, animated: false)
        let report = try store.save(windows: [window], registry: registry)
        stack.popViewController(animated: false)
        measurements["autosave_push_bytes_\(count)"] = Double(report.writtenPayloadBytes)
        measurements["autosave_push_payloads_\(count)"] = Double(report.writtenPayloadCount)
    }

    /// At 10,000: the incremental save and the views showing a restored window creates.
    mutating func measureLargeSize(window: Window, count: Int, directory: URL) throws {
        let navstate = NavstateApproach()
        let folder = directory.appendingPathComponent("incremental")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var incremental = Sample()
        for round in 0...runs {
            try navstate.prepareIncremental(in: folder, window: window)
            let time = try milliseconds { try navstate.save(window) }
            if round > 0 { incremental.runs.append(time) }
        }
        results.append(Result(operation: "incremental-save", controllers: count, approach: "navstate", sample: incremental))
        measurements["incremental_payloads_written_\(count)"] = Double(navstate.lastReport?.writtenPayloadCount ?? -1)
        measurements["incremental_bytes_written_\(count)"] = Double(navstate.lastReport?.writtenPayloadBytes ?? -1)

        let restored = try navstate.restoreLazily()
        let viewsBefore = View.instancesCreated
        restored.makeKeyAndVisible()
        measurements["views_created_showing_restored_\(count)"] = Double(View.instancesCreated - viewsBefore)
        measurements["visible_controllers_\(count)"] = Double(restored.visibleControllers().count)
        restored.isHidden = true
    }
}
