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
            let containment = result.restoreTrace.filter { $0.contains(".wM(") || $0.contains(".dM(") }.count
            print("")
            print(style.bold("restoring sent \(result.restoreTrace.count) callbacks, \(containment) of them containment calls; no view loaded"))
            print(style.bold("showing the window:"))
            TraceLegend.lines.forEach { print(style.dim($0)) }
            for line in result.showTrace { print("  " + line) }
            print("")
            print(result.hierarchy)
        }
    }
}
