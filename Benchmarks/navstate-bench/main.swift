// navstate-bench: save and restore side by side, navstate against NSKeyedArchiver, JSON and the
// raw SQLite floor, on the same hierarchy of sample-app controllers. Release builds only:
//   swift run -c release navstate-bench [--quick] [--json] [--packed] [--inline] [--rows] [--size COUNT]
import ControllerKit
import Foundation
import MailSample
import StateRestoration

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

// `--child-runs APPROACH COUNT RUNS`: the child ChildRuns measures.
if arguments.first == ChildRuns.flag, arguments.count == 4 {
    let list = Array(arguments)
    guard let count = Int(list[2]), let runs = Int(list[3]), count > 0, runs > 0 else { exit(64) }
    try MainActor.assumeIsolated {
        let approaches: [any Approach] = [NavstateApproach(), JSONApproach(), KeyedArchiverApproach(), SQLiteFloorApproach()]
        guard let chosen = approaches.first(where: { $0.name == list[1] }) else { exit(64) }
        try ChildRuns.run(approach: chosen, count: count, runs: runs)
    }
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
        let approaches: [any Approach] = [NavstateApproach(), JSONApproach(), KeyedArchiverApproach(), SQLiteFloorApproach(),
                                          PackedRowsApproach(), InlineRowsApproach(), RowsFloorApproach()]
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
    case "--quick", "--json", "--packed", "--inline", "--rows": continue
    case "--size":
        guard let count = remaining.popFirst().flatMap(Int.init), count > 0 else { unknown.append(argument); continue }
        onlySize = count
    default: unknown.append(argument)
    }
}
if !unknown.isEmpty {
    FileHandle.standardError.write(Data("usage: navstate-bench [--quick] [--json] [--packed] [--inline] [--rows] [--size COUNT] | --profile save|restore|incremental [COUNT] [APPROACH] [--runs N]\n".utf8))
    exit(64)
}
try MainActor.assumeIsolated {
    var bench = Bench(quick: arguments.contains("--quick"), json: arguments.contains("--json"), packed: arguments.contains("--packed"),
                      rows: arguments.contains("--rows"), inline: arguments.contains("--inline"), onlySize: onlySize)
    try bench.run()
    try bench.report()
}
