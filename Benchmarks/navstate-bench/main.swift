// navstate-bench: save and restore side by side, navstate against the limit (the same work
// written with the SQLite C API directly), JSON and NSKeyedArchiver, on the same hierarchy of
// sample-app controllers. Release builds only:
//   swift run -c release navstate-bench [--quick] [--json] [--size COUNT]
import ControllerKit
import Foundation

let arguments = CommandLine.arguments.dropFirst()

// `--child-runs APPROACH COUNT RUNS`: the child ChildRuns measures.
if arguments.first == ChildRuns.flag, arguments.count == 4 {
    let list = Array(arguments)
    guard let count = Int(list[2]), let runs = Int(list[3]), count > 0, runs > 0 else { exit(64) }
    try MainActor.assumeIsolated {
        guard let chosen = allApproaches().first(where: { $0.name == list[1] }) else { exit(64) }
        try ChildRuns.run(approach: chosen, count: count, runs: runs)
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
    FileHandle.standardError.write(Data("usage: navstate-bench [--quick] [--json] [--size COUNT]\n".utf8))
    exit(64)
}
try MainActor.assumeIsolated {
    var bench = Bench(quick: arguments.contains("--quick"), json: arguments.contains("--json"), onlySize: onlySize)
    try bench.run()
    try bench.report()
}
