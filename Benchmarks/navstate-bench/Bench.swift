import ControllerKit
import Foundation
import StateRestoration

/// One operation of one approach at one size, and its runs.
struct Result {
    var operation: String
    var controllers: Int
    var approach: String
    var sample: Sample
}

/// A run of the benchmark: every approach at every size, round by round, then at the largest
/// sizes the incremental save, peak memory and the views a restore creates.
@MainActor
struct Bench {
    let quick: Bool
    let json: Bool
    /// `--packed`: also run ``PackedRowsApproach``, the floor of a schema of packed rows.
    let packed: Bool
    /// `--rows`: also run ``RowsFloorApproach``, the floor of the layout before schema 4.
    let rows: Bool
    /// `--inline`: also run ``InlineRowsApproach``, the floor of a schema with states in node rows.
    let inline: Bool
    /// `--size COUNT`: that size only, as a full run measures it (the archiver skipped from 1,000).
    var onlySize: Int?
    var results: [Result] = []
    var notes: [String] = []
    var measurements: [String: Any] = [:]
    /// navstate's time over another approach's, the median of the rounds' ratios.
    var paired = PairedRatios()
    /// An approach slower than this per run is not run at larger sizes.
    let skipAfterMilliseconds = 30_000.0

    var sizes: [Int] { onlySize.map { [$0] } ?? (quick ? [30, 1_000] : [30, 1_000, 10_000]) }
    // Fifteen: on this shared VM a median of seven still moved by a tenth between runs.
    var runs: Int { quick ? 3 : 15 }

    func log(_ line: String) {
        if !json { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }

    mutating func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The floor right after navstate, so each round's pair runs back to back (paired ratios).
        let floor = SQLiteFloorApproach()
        let approaches: [any Approach] = [NavstateApproach(), floor, JSONApproach(), KeyedArchiverApproach()]
            + (packed ? [PackedRowsApproach()] : []) + (inline ? [InlineRowsApproach()] : [])
            + (rows ? [RowsFloorApproach()] : [])
        var slow = Set<String>()
        /// The slowest run each approach took, and at how many controllers.
        var slowest: [String: (milliseconds: Double, controllers: Int)] = [:]
        for size in sizes {
            let window = Window(application: Application())
            BenchHierarchy.build(count: size, into: window)
            let count = window.allControllers().count
            // Which approaches run at this size, and how often; and which in a process of their own.
            var active: [(approach: any Approach, repetitions: Int)] = []
            var inChild: [(name: String, repetitions: Int)] = []
            for approach in approaches {
                // Scaled linearly from a smaller size (optimistic for a quadratic approach).
                if let last = slowest[approach.name] {
                    let predicted = last.milliseconds * Double(count) / Double(last.controllers)
                    if predicted > skipAfterMilliseconds { slow.insert(approach.name) }
                }
                if slow.contains(approach.name) {
                    let last = slowest[approach.name]
                    notes.append("\(approach.name) skipped at \(count) controllers: one run took \(String(format: "%.1f", (last?.milliseconds ?? 0) / 1000)) s at \(last?.controllers ?? 0) controllers, so at least \(String(format: "%.0f", (last?.milliseconds ?? 0) * Double(count) / Double(max(last?.controllers ?? 1, 1)) / 1000)) s here, over the \(Int(skipAfterMilliseconds / 1000)) s limit")
                    continue
                }
                if quick || onlySize != nil, approach.name == "nskeyedarchiver", count >= 900 {
                    notes.append("nskeyedarchiver skipped at \(count) controllers in --quick and --size (about 15 s a save at 1,000 here; the full run measures it)")
                    continue
                }
                if approach.name == "nskeyedarchiver", count >= 900 {
                    inChild.append((approach.name, 2))
                    continue
                }
                active.append((approach, runs))
                try? FileManager.default.createDirectory(at: directory.appendingPathComponent(approach.name), withIntermediateDirectories: true)
            }
            log("\(count) controllers: \((active.map(\.approach.name) + inChild.map(\.name)).joined(separator: ", "))…")
            var saves: [String: Sample] = [:]
            var mainActors: [String: Sample] = [:]
            var restores: [String: Sample] = [:]
            /// The background work saves left (navstate's checkpoints), timed on its own thread.
            var checkpoints: [String: Sample] = [:]
            /// How long, after each timed save returned, the benchmark waited (untimed) for what
            /// it left running.
            var leftoverWaits: [String: Sample] = [:]
            /// The floor's restores' time building the hierarchy from decoded values.
            var floorBuilds = Sample()
            // Round-robin: run k of every approach before run k + 1 of any, so a noisy moment on
            // a shared machine falls on all of them alike. The first round warms up.
            for run in 0...runs {
                for (approach, repetitions) in active where run <= repetitions {
                    let timed = try approach.timedRound(saving: window, in: directory.appendingPathComponent(approach.name))
                    slowest[approach.name] = (max(timed.save, timed.restore, slowest[approach.name]?.milliseconds ?? 0), count)
                    guard run > 0 else { continue }
                    saves[approach.name, default: Sample()].runs.append(timed.save)
                    mainActors[approach.name, default: Sample()].runs.append(timed.mainActor)
                    restores[approach.name, default: Sample()].runs.append(timed.restore)
                    if let background = timed.background { checkpoints[approach.name, default: Sample()].runs.append(background) }
                    leftoverWaits[approach.name, default: Sample()].runs.append(timed.leftoverWait)
                    if approach === floor { floorBuilds.runs.append(floor.lastBuildMilliseconds) }
                }
            }
            var measured = active.map(\.approach.name)
            for (name, repetitions) in inChild {
                log("  \(name) in a process of its own…")
                guard let rounds = ChildRuns.measure(approach: name, count: count, runs: repetitions) else {
                    notes.append("\(name) at \(count) controllers: its process failed, so it is not measured")
                    continue
                }
                saves[name] = Sample(runs: rounds.map(\.save))
                restores[name] = Sample(runs: rounds.map(\.restore))
                slowest[name] = (rounds.map { max($0.save, $0.restore) }.max() ?? 0, count)
                measured.append(name)
            }
            for name in measured {
                results.append(Result(operation: "save", controllers: count, approach: name, sample: saves[name] ?? Sample()))
                results.append(Result(operation: "restore", controllers: count, approach: name, sample: restores[name] ?? Sample()))
                if name == "navstate", let save = saves[name], let main = mainActors[name] {
                    measurements["main_actor_share_\(count)"] = main.pairedRatio(to: save)
                    // Not in the save's time: the caller does not wait for it (see README).
                    let background = checkpoints[name] ?? Sample()
                    measurements["checkpoint_runs_per_save_\(count)"] = Double(background.runs.count) / Double(max(save.runs.count, 1))
                    if !background.runs.isEmpty { measurements["checkpoint_ms_median_\(count)"] = background.median }
                    if let waits = leftoverWaits[name] { measurements["leftover_wait_ms_median_\(count)"] = waits.median }
                    // Bounds the save goals set: a save at most a third of JSON's, of which the
                    // main actor holds at most a third, needs the capture within a ninth of it;
                    // and however the capture overlapped the write, the write alone within a third.
                    if let json = saves["json"] {
                        measurements["capture_per_json_save_\(count)"] = main.pairedRatio(to: json)
                        let writes = Sample(runs: zip(save.runs, main.runs).map { $0 - $1 })
                        measurements["write_per_json_save_\(count)"] = writes.pairedRatio(to: json)
                    }
                }
                // The bound the restore goal sets: building the controllers from values already in
                // memory, as the floor does last, leaves the rest of a third of a JSON restore for
                // reading and decoding.
                if name == floor.name, let json = restores["json"], let back = restores[floor.name] {
                    measurements["floor_build_per_json_restore_\(count)"] = floorBuilds.pairedRatio(to: json)
                    let reads = Sample(runs: zip(back.runs, floorBuilds.runs).map { $0 - $1 })
                    measurements["floor_read_per_json_restore_\(count)"] = reads.pairedRatio(to: json)
                }
                if name == "sqlite-inline", let json = saves["json"], let jsonBack = restores["json"],
                   let floorSave = saves[floor.name], let floorBack = restores[floor.name],
                   let save = saves[name], let back = restores[name] {
                    measurements["inline_save_per_json_save_\(count)"] = save.pairedRatio(to: json)
                    measurements["inline_restore_per_json_restore_\(count)"] = back.pairedRatio(to: jsonBack)
                    measurements["inline_save_per_floor_save_\(count)"] = save.pairedRatio(to: floorSave)
                    measurements["inline_restore_per_floor_restore_\(count)"] = back.pairedRatio(to: floorBack)
                }
                if name == "sqlite-packed", let json = saves["json"], let jsonBack = restores["json"],
                   let save = saves[name], let back = restores[name] {
                    measurements["packed_save_per_json_save_\(count)"] = save.pairedRatio(to: json)
                    measurements["packed_restore_per_json_restore_\(count)"] = back.pairedRatio(to: jsonBack)
                }
                if name != "navstate", let ours = saves["navstate"], let theirs = saves[name],
                   let oursBack = restores["navstate"], let theirsBack = restores[name] {
                    paired["save", count, name] = ours.pairedRatio(to: theirs)
                    paired["restore", count, name] = oursBack.pairedRatio(to: theirsBack)
                }
            }
            if count >= 900 { try measureLargeSize(window: window, count: count, directory: directory) }
            window.isHidden = true
        }
    }

    /// At the largest sizes: the incremental save, peak memory, and the views restoring creates.
    mutating func measureLargeSize(window: Window, count: Int, directory: URL) throws {
        let navstate = NavstateApproach()
        let folder = directory.appendingPathComponent("incremental")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var incremental = Sample()
        for run in 0...runs {
            _ = try navstate.prepareIncremental(in: folder, window: window)
            let time = try milliseconds { _ = try navstate.save(window) }
            if run > 0 { incremental.runs.append(time) }
        }
        results.append(Result(operation: "incremental-save", controllers: count, approach: "navstate", sample: incremental))

        // Peak memory, each operation in a child process against a baseline child.
        let memoryFolder = directory.appendingPathComponent("memory")
        try? FileManager.default.createDirectory(at: memoryFolder, withIntermediateDirectories: true)
        measurements["peak_memory_kib_save_\(count)"] = ChildMemory.rise(
            operation: ["--memory", "save", "\(count)", memoryFolder.path],
            baseline: ["--memory", "build", "\(count)", memoryFolder.path]) ?? -1
        measurements["peak_memory_kib_restore_\(count)"] = ChildMemory.rise(
            operation: ["--memory", "restore", "\(count)", memoryFolder.path],
            baseline: ["--memory", "open", "\(count)", memoryFolder.path]) ?? -1

        try navstate.prepare(in: folder)
        _ = try navstate.save(window)
        var restored: Window?
        restored = try navstate.restore()
        let viewsBefore = View.instancesCreated
        restored?.makeKeyAndVisible()
        let shown = (restored?.visibleControllers().count) ?? 0
        measurements["views_created_showing_restored_\(count)"] = View.instancesCreated - viewsBefore
        measurements["visible_controllers_\(count)"] = shown
        restored?.isHidden = true
    }
}
