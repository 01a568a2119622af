import ArgumentParser
import Foundation
import StateRestoration

/// `navstate list DB`: the snapshots, newest first.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the snapshots, newest first.",
        discussion: """
            Examples:
              navstate list state.sqlite
              navstate list state.sqlite --json
              navstate list state.sqlite --session left   # one window's snapshots
            """)

    @OptionGroup var database: DatabaseArgument
    @OptionGroup var session: SessionOption
    @OptionGroup var output: OutputOptions

    func run() throws {
        let inspector = try openInspector(database.database)
        let summaries = try session.snapshots(in: inspector) ?? reportingErrors { try inspector.snapshots() }
        // A listing vouches for what it lists: damaged snapshots are marked and fail the command.
        var damaged: [Int64: Int] = [:]
        for summary in summaries {
            let problems = try reportingErrors { try inspector.loadSnapshot(id: summary.id).problems }
            if !problems.isEmpty { damaged[summary.id] = problems.count }
        }
        func status(_ summary: SnapshotSummary) -> String {
            if let count = damaged[summary.id] { return "damaged (\(count) problem\(count == 1 ? "" : "s"))" }
            var words = [summary.isCrashMarked ? "refused by crash mark" : "complete"]
            if summary.isQuarantined {
                words.append("quarantined (\(summary.strikes) strikes)")
            } else if summary.strikes > 0 {
                words.append("\(summary.strikes) strike\(summary.strikes == 1 ? "" : "s")")
            }
            if summary.isOnProbation { words.append("on probation") }
            if summary.sharedPayloadCount > 0 { words.append("shares \(summary.sharedPayloadCount)") }
            return words.joined(separator: ", ")
        }
        if output.json {
            try printJSON(["database": database.database, "snapshots": summaries.map { summary -> [String: Any] in
                ["id": summary.id, "created_at": ValueFormatter.utc(summary.metadata.createdAt),
                 "app_version": summary.metadata.appVersion, "app_build": summary.metadata.appBuild,
                 "label": summary.metadata.label, "platform": summary.metadata.platform,
                 "schema_version": summary.metadata.schemaVersion, "windows": summary.windowCount,
                 "controllers": summary.controllerCount, "bytes": summary.byteCount,
                 "session": summary.session ?? NSNull(),
                 "crash_marked": summary.isCrashMarked, "shared_states": summary.sharedPayloadCount,
                 "on_probation": summary.isOnProbation, "strikes": summary.strikes, "quarantined": summary.isQuarantined,
                 "problems": damaged[summary.id] ?? 0]
            }], format: "navstate-list")
        } else if summaries.isEmpty {
            print("\(database.database): no snapshots")
        } else {
            let style = output.style
            // Whose state each snapshot is, once there is more than one scene session to tell apart.
            let showsSession = Set(summaries.map(\.session)).count > 1
            var table = Table(headers: ["ID"] + (showsSession ? ["SESSION"] : []) + ["CREATED (UTC)", "APP", "LABEL", "CONTROLLERS", "SIZE", "STATUS"],
                              rightAligned: showsSession ? [0, 5, 6] : [0, 4, 5])
            for summary in summaries {
                let metadata = summary.metadata
                var statusText = status(summary)
                if damaged[summary.id] != nil { statusText = style.red(statusText) }
                else if summary.isCrashMarked || summary.isQuarantined { statusText = style.yellow(statusText) }
                table.rows.append([String(summary.id)] + (showsSession ? [summary.session ?? "-"] : [])
                                  + [ValueFormatter.utc(metadata.createdAt), "\(metadata.appVersion) (\(metadata.appBuild))", metadata.label,
                                     String(summary.controllerCount), byteCount(summary.byteCount), statusText])
            }
            table.lines().forEach { print($0) }
        }
        if !damaged.isEmpty {
            throw Terminal.fail("\(database.database): \(damaged.count) damaged snapshot\(damaged.count == 1 ? "" : "s"); run navstate verify for details")
        }
    }
}
