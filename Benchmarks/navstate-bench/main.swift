// navstate-bench: save and restore side by side, navstate against the limit (the same work
// written with the SQLite C API directly), JSON and NSKeyedArchiver, on the same hierarchy of
// sample-app controllers. Release builds only:
//   swift run -c release navstate-bench [--quick] [--json] [--size COUNT]
//   swift run -c release navstate-bench --only OPERATION --approach NAME --controllers COUNT --iterations N [--baseline]
import ControllerKit
import Foundation

let usage = """
    usage: navstate-bench [--quick] [--json] [--size COUNT]
           navstate-bench --only save|restore|restore-lazy --approach navstate|limit|json|nskeyedarchiver
                          --controllers COUNT --iterations N [--baseline]

    """
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

var flags = Set<String>()
var options: [String: String] = [:]
var unknown: [String] = []
var remaining = arguments[...]
while let argument = remaining.popFirst() {
    switch argument {
    case "--quick", "--json", "--baseline": flags.insert(argument)
    case "--size", "--only", "--approach", "--controllers", "--iterations":
        guard let value = remaining.popFirst() else { unknown.append(argument); continue }
        options[argument] = value
    default: unknown.append(argument)
    }
}
@MainActor func positive(_ option: String) -> Int? {
    options[option].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
}
guard unknown.isEmpty, options["--size"] == nil || positive("--size") != nil else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}

try MainActor.assumeIsolated {
    if let operation = options["--only"] {
        guard SingleOperation.operations.contains(operation),
              let approach = allApproaches().first(where: { $0.name == options["--approach"] }),
              operation != "restore-lazy" || approach is NavstateApproach,
              let count = positive("--controllers"), let iterations = positive("--iterations") else {
            FileHandle.standardError.write(Data(usage.utf8))
            exit(64)
        }
        try SingleOperation(operation: operation, approach: approach, count: count, iterations: iterations,
                            baseline: flags.contains("--baseline")).run()
        return
    }
    var bench = Bench(quick: flags.contains("--quick"), json: flags.contains("--json"), onlySize: positive("--size"))
    try bench.run()
    try bench.report()
}
