import ControllerKit
import Foundation

/// An approach's runs at one size in a process of its own: for NSKeyedArchiver, whose saves
/// churn the heap (and take seconds each from 200 controllers). Measured in the same process,
/// everything that ran after them ran slower for the rest of that size (navstate's restore of
/// 1,000 controllers: 3.5 ms without them, 4.5 to 5.3 ms with them, in full runs), which
/// measured the archiver's after-effects rather than the approaches.
enum ChildRuns {
    /// The child's arguments: `--child-runs APPROACH COUNT RUNS`.
    static let flag = "--child-runs"

    /// Runs `runs` timed rounds (after one untimed) of `approach` at `count` controllers in a
    /// child process; each round's save and restore milliseconds, or `nil` when the child failed.
    static func measure(approach: String, count: Int, runs: Int) -> [(save: Double, restore: Double)]? {
        guard let text = childOutput([flag, approach, "\(count)", "\(runs)"]) else { return nil }
        let rounds = text.split(separator: "\n").compactMap { line -> (save: Double, restore: Double)? in
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[0] == "round", let save = Double(fields[1]), let restore = Double(fields[2]) else { return nil }
            return (save, restore)
        }
        return rounds.count == runs ? rounds : nil
    }

    /// The child's side: prints `round SAVE RESTORE` for each timed round.
    @MainActor
    static func run(approach: any Approach, count: Int, runs: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let window = Window(application: Application())
        BenchHierarchy.build(count: count, into: window)
        try checkRestoresEagerly(approach, saving: window, in: directory)
        for round in 0...runs {
            let timed = try approach.timedRound(saving: window, in: directory)
            if round > 0 { print("round \(timed.save) \(timed.restore)") }
        }
    }
}

/// What `navstate-bench arguments`, run as a child process, printed, if it exited with 0.
func childOutput(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return process.terminationStatus == 0 ? text : nil
}
