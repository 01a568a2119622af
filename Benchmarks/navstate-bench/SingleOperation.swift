import ControllerKit
import Foundation

/// One operation of one approach, repeated, with nothing else but its setup: what
/// `Scripts/callgrind.sh` runs under callgrind, once as it is and once as a baseline that does
/// the same setup without the operation, so that the difference is the operation's own.
///
/// ```
/// navstate-bench --only save --approach limit --controllers 30 --iterations 20 [--baseline]
/// ```
@MainActor
struct SingleOperation {
    static let operations = ["save", "restore", "restore-lazy"]

    var operation: String
    var approach: any Approach
    var count: Int
    var iterations: Int
    /// The setup alone: every iteration prepares (and, for a restore, saves) but skips the
    /// operation.
    var baseline: Bool

    func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let window = Window(application: Application())
        BenchHierarchy.build(count: count, into: window)
        // Restored windows are kept to the end: the timed runs let them go after the clock stops.
        var restored: [Window] = []
        // The first round runs the operation in both runs, so that one-time costs (type
        // metadata, SQLite's first open) cancel out in the difference.
        for iteration in 0...iterations {
            let skipped = baseline && iteration > 0
            try approach.prepare(in: directory)
            switch operation {
            case "save":
                if !skipped { try approach.save(window) }
            default:
                try approach.save(window)
                guard !skipped else { continue }
                if operation == "restore-lazy", let navstate = approach as? NavstateApproach {
                    restored.append(try navstate.restoreLazily())
                } else {
                    restored.append(try approach.restore())
                }
            }
        }
        print("\(operation) \(approach.name) \(window.allControllers().count) controllers, \(iterations) iterations\(baseline ? ", baseline" : "")")
    }
}
