// navstate-bench: save and restore side by side, navstate against NSKeyedArchiver, JSON and the
// raw SQLite floor, on the same hierarchy of sample-app controllers. Release builds only:
//   swift run -c release navstate-bench [--quick] [--json] [--size COUNT]
import ControllerKit
import Foundation
import MailSample
import StateRestoration

struct Result {
    var operation: String
    var controllers: Int
    var approach: String
    var sample: Sample
}

@MainActor
struct Bench {
    let quick: Bool
    let json: Bool
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
        let approaches: [any Approach] = [NavstateApproach(), SQLiteFloorApproach(), JSONApproach(), KeyedArchiverApproach()]
        var slow = Set<String>()
        /// The slowest run each approach took, and at how many controllers.
        var slowest: [String: (milliseconds: Double, controllers: Int)] = [:]
        for size in sizes {
            let window = Window(application: Application())
            BenchHierarchy.build(count: size, into: window)
            let count = window.allControllers().count
            // Which approaches run at this size, and how often.
            var active: [(approach: any Approach, repetitions: Int)] = []
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
                active.append((approach, approach.name == "nskeyedarchiver" && count >= 900 ? 2 : runs))
                try? FileManager.default.createDirectory(at: directory.appendingPathComponent(approach.name), withIntermediateDirectories: true)
            }
            log("\(count) controllers: \(active.map(\.approach.name).joined(separator: ", "))…")
            var saves: [String: Sample] = [:]
            var mainActors: [String: Sample] = [:]
            var restores: [String: Sample] = [:]
            // Round-robin: run k of every approach before run k + 1 of any, so a noisy moment on
            // a shared machine falls on all of them alike. The first round warms up.
            for run in 0...runs {
                for (approach, repetitions) in active where run <= repetitions {
                    try approach.prepare(in: directory.appendingPathComponent(approach.name))
                    var main = 0.0
                    let total = try milliseconds { main = try approach.save(window) }
                    var restored: Window?
                    let back = try milliseconds { restored = try approach.restore() }
                    restored?.rootViewController = nil
                    slowest[approach.name] = (max(total, back, slowest[approach.name]?.milliseconds ?? 0), count)
                    guard run > 0 else { continue }
                    saves[approach.name, default: Sample()].runs.append(total)
                    mainActors[approach.name, default: Sample()].runs.append(main)
                    restores[approach.name, default: Sample()].runs.append(back)
                }
            }
            for (approach, _) in active {
                results.append(Result(operation: "save", controllers: count, approach: approach.name, sample: saves[approach.name] ?? Sample()))
                results.append(Result(operation: "restore", controllers: count, approach: approach.name, sample: restores[approach.name] ?? Sample()))
                if approach.name == "navstate", let save = saves[approach.name], let main = mainActors[approach.name] {
                    measurements["main_actor_share_\(count)"] = main.pairedRatio(to: save)
                    // Bounds the save goals set: a save at most a third of JSON's, of which the
                    // main actor holds at most a third, needs the capture within a ninth of it;
                    // and however the capture overlapped the write, the write alone within a third.
                    if let json = saves["json"] {
                        measurements["capture_per_json_save_\(count)"] = main.pairedRatio(to: json)
                        let writes = Sample(runs: zip(save.runs, main.runs).map { $0 - $1 })
                        measurements["write_per_json_save_\(count)"] = writes.pairedRatio(to: json)
                    }
                }
                if approach.name != "navstate", let ours = saves["navstate"], let theirs = saves[approach.name],
                   let oursBack = restores["navstate"], let theirsBack = restores[approach.name] {
                    paired["save", count, approach.name] = ours.pairedRatio(to: theirs)
                    paired["restore", count, approach.name] = oursBack.pairedRatio(to: theirsBack)
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

    func median(_ operation: String, _ count: Int, _ approach: String) -> Double? {
        results.first { $0.operation == operation && $0.controllers == count && $0.approach == approach }?.sample.median
    }

    func report() throws {
        if json {
            let rows = results.map { result -> [String: Any] in
                ["operation": result.operation, "controllers": result.controllers, "approach": result.approach,
                 "median_ms": result.sample.median, "min_ms": result.sample.min, "max_ms": result.sample.max,
                 "runs": result.sample.runs.count]
            }
            let data = try JSONSerialization.data(withJSONObject: ["results": rows, "measurements": measurements, "notes": notes,
                                                                   "paired_ratios": paired.values],
                                                  options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        print("| operation | controllers | approach | median ms | min ms | max ms | runs | × navstate |")
        print("|---|---:|---|---:|---:|---:|---:|---:|")
        for result in results {
            let base = median(result.operation, result.controllers, "navstate") ?? .nan
            print(String(format: "| %@ | %d | %@ | %.2f | %.2f | %.2f | %d | %.2f |", result.operation, result.controllers,
                         result.approach, result.sample.median, result.sample.min, result.sample.max,
                         result.sample.runs.count, result.sample.median / base))
        }
        for note in notes { print("\n\(note)") }
        print("")
        for (key, value) in measurements.sorted(by: { $0.key < $1.key }) {
            if let share = value as? Double { print("\(key): \(String(format: "%.2f", share))") } else { print("\(key): \(value)") }
        }
        print("")
        print("goals (ratios are medians of the rounds' ratios; ratios of the medians above in parentheses):")
        for count in Set(results.map(\.controllers)).sorted() where count >= 900 {
            for operation in ["save", "restore"] {
                guard let ours = median(operation, count, "navstate") else { continue }
                if let json = median(operation, count, "json"), let ratio = paired[operation, count, "json"] {
                    print(String(format: "  %@ at %d: %.1fx faster than json (%.1fx) (goal 3x) %@", operation, count, 1 / ratio,
                                 json / ours, 1 / ratio >= 3 ? "met" : "MISSED"))
                }
                if let floor = median(operation, count, "sqlite-floor"), let ratio = paired[operation, count, "sqlite-floor"] {
                    print(String(format: "  %@ at %d: %.2fx the sqlite floor (%.2fx) (goal at most 1.5x) %@", operation, count, ratio,
                                 ours / floor, ratio <= 1.5 ? "met" : "MISSED"))
                }
            }
            if let incremental = median("incremental-save", count, "navstate"), let json = median("save", count, "json") {
                // The goal is for one controller in 10,000; smaller sizes are for information.
                let verdict = count < 9_000 ? "(information: the goal is at 10,000)" : json / incremental >= 50 ? "met" : "MISSED"
                print(String(format: "  incremental-save at %d: %.1fx faster than a full json save (goal 50x) %@", count, json / incremental, verdict))
            }
            if let share = measurements["main_actor_share_\(count)"] as? Double {
                print(String(format: "  main actor share of a save at %d: %.2f (goal at most 0.33) %@", count, share, share <= 1.0 / 3 ? "met" : "MISSED"))
            }
            if let capture = measurements["capture_per_json_save_\(count)"] as? Double,
               let write = measurements["write_per_json_save_\(count)"] as? Double {
                print(String(format: "  (bounds at %d, as shares of a json save: 3x with the main actor at most a third needs the capture within 0.11, it takes %.2f; 3x however the capture overlapped the write needs the write within 0.33, it takes %.2f)", count, capture, write))
            }
            if let views = measurements["views_created_showing_restored_\(count)"] as? Int,
               let visible = measurements["visible_controllers_\(count)"] as? Int {
                print("  views created restoring \(count) and showing: \(views) for \(visible) visible controllers \(views <= visible ? "met" : "MISSED")")
            }
        }
    }
}

/// Paired ratios by operation, size and approach.
struct PairedRatios {
    /// Keyed "operation size approach", for `--json`.
    private(set) var values: [String: Double] = [:]
    subscript(operation: String, count: Int, approach: String) -> Double? {
        get { values["\(operation) \(count) \(approach)"] }
        set { values["\(operation) \(count) \(approach)"] = newValue }
    }
}

let arguments = CommandLine.arguments.dropFirst()

// `--memory build|save|open|restore COUNT DIRECTORY`: the children ChildMemory measures. `build`
// builds the hierarchy, `save` builds and saves it into DIRECTORY; `open` opens the store there,
// `restore` opens it and restores.
if arguments.first == "--memory", arguments.count == 4 {
    let list = Array(arguments)
    let operation = list[1]
    let count = Int(list[2]) ?? 1_000
    let directory = URL(fileURLWithPath: list[3])
    try MainActor.assumeIsolated {
        let navstate = NavstateApproach()
        switch operation {
        case "build", "save":
            let window = Window(application: Application())
            BenchHierarchy.build(count: count, into: window)
            if operation == "save" {
                try navstate.prepare(in: directory)
                _ = try navstate.save(window)
            }
        case "open":
            _ = try RestorationStore(path: directory.appendingPathComponent("navstate.sqlite").path)
        default:
            try navstate.use(directory)
            _ = try navstate.restore()
        }
    }
    print("peak \(ChildMemory.ownPeakKilobytes())")
    exit(0)
}

// `--profile save|restore|incremental [COUNT] [APPROACH] [--runs N]`: one approach's operation
// (navstate's unless named), five times unless told, for a profiler (valgrind --tool=callgrind
// counts instructions repeatably; a sampling profiler such as `perf record` needs more runs).
if arguments.first == "--profile", let operation = arguments.dropFirst().first {
    var positional = Array(arguments.dropFirst(2))
    var runs = 5
    if let flag = positional.firstIndex(of: "--runs") {
        guard flag + 1 < positional.count, let given = Int(positional[flag + 1]), given > 0 else {
            FileHandle.standardError.write(Data("--runs needs a positive number\n".utf8))
            exit(64)
        }
        runs = given
        positional.removeSubrange(flag...(flag + 1))
    }
    let count = positional.first.flatMap(Int.init) ?? 1_000
    try MainActor.assumeIsolated {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let window = Window(application: Application())
        BenchHierarchy.build(count: count, into: window)
        let named = positional.dropFirst().first ?? "navstate"
        let approaches: [any Approach] = [NavstateApproach(), JSONApproach(), KeyedArchiverApproach(), SQLiteFloorApproach()]
        guard let chosen = approaches.first(where: { $0.name == named }) else {
            FileHandle.standardError.write(Data("unknown approach \(named)\n".utf8))
            exit(64)
        }
        try chosen.prepare(in: directory)
        _ = try chosen.save(window)
        var restored: [Window] = []
        defer { restored.forEach { $0.rootViewController = nil } }
        if operation == "incremental", let navstate = chosen as? NavstateApproach {
            let dirty = try navstate.prepareIncremental(in: directory, window: window) as? MessageController
            for _ in 0..<30 {
                dirty?.scrollOffset += 1
                _ = try navstate.save(window)
            }
        }
        for _ in 0..<(operation == "incremental" ? 0 : runs) {
            if operation == "save" {
                try chosen.prepare(in: directory)
                _ = try chosen.save(window)
            } else {
                // Kept until the end, so that a profile of a restore does not include freeing
                // the window restored before it.
                restored.append(try chosen.restore())
            }
        }
    }
    exit(0)
}

var onlySize: Int?
var unknown: [String] = []
var remaining = arguments[...]
while let argument = remaining.popFirst() {
    switch argument {
    case "--quick", "--json": continue
    case "--size":
        guard let count = remaining.popFirst().flatMap(Int.init), count > 0 else { unknown.append(argument); continue }
        onlySize = count
    default: unknown.append(argument)
    }
}
if !unknown.isEmpty {
    FileHandle.standardError.write(Data("usage: navstate-bench [--quick] [--json] [--size COUNT] | --profile save|restore|incremental [COUNT] [APPROACH] [--runs N]\n".utf8))
    exit(64)
}
try MainActor.assumeIsolated {
    var bench = Bench(quick: arguments.contains("--quick"), json: arguments.contains("--json"), onlySize: onlySize)
    try bench.run()
    try bench.report()
}
