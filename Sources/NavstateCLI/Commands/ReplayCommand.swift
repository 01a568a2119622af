import ArgumentParser
import StateRestoration

/// `navstate replay DB`: restore without the app's classes and print the lifecycle trace.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Restore a snapshot with stand-in controllers, show the window, and print the lifecycle trace.",
        discussion: """
            Examples:
              navstate replay state.sqlite
              navstate replay state.sqlite --snapshot 2 --json
            """)

    @OptionGroup var database: DatabaseArgument
    @OptionGroup var snapshot: SnapshotOption
    @OptionGroup var output: OutputOptions

    /// How many of each callback `trace` holds, in order of first appearance, containment
    /// calls counted together: "9 loadView, 9 viewDidLoad, …, 12 containment calls".
    static func tally(_ trace: [String]) -> String {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for line in trace {
            var callback = String(line.split(separator: ".", maxSplits: 1).last ?? "")
            if callback.hasPrefix("wM(") || callback.hasPrefix("dM(") { callback = "containment calls" }
            if counts[callback] == nil { order.append(callback) }
            counts[callback, default: 0] += 1
        }
        return order.map { "\(counts[$0] ?? 0) \($0)" }.joined(separator: ", ")
    }

    func run() throws {
        let inspector = try openInspector(database.database)
        try withSnapshot(inspector, id: snapshot.snapshot) { loaded in
            let result = MainActor.assumeIsolated { Replayer(loaded: loaded).run() }
            if output.json {
                try printJSON([
                    "snapshot": loaded.snapshot.id, "restored": result.report.restored,
                    "dropped": result.report.dropped.map { ["path": $0.path, "class": $0.className, "reason": $0.reason] },
                    "restore_trace": result.restoreTrace, "show_trace": result.showTrace,
                ], format: "navstate-replay")
                return
            }
            let style = output.style
            print(style.bold("replaying snapshot \(loaded.snapshot.id) with stand-ins for the app's classes"))
            print(result.report.description)
            print("")
            print(style.bold("restoring (eager, UIKit's timing) sent \(result.restoreTrace.count) callbacks: \(Self.tally(result.restoreTrace))"))
            print(style.bold("showing the window:"))
            TraceLegend.lines.forEach { print(style.dim($0)) }
            for line in result.showTrace { print("  " + line) }
            print("")
            print(result.hierarchy)
        }
    }
}
