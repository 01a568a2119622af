import ArgumentParser
import ControllerKit
import Foundation
import StateRestoration

/// `navstate sessions DB`: the scene sessions, in the order they were first saved.
struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions", abstract: "List the scene sessions (one per window of a scene app), in the order they were first saved.",
        discussion: """
            An app without scenes keeps its snapshots in the session `default`. The other
            commands read one session's snapshots with --session ID.

            Examples:
              navstate sessions state.sqlite
              navstate sessions state.sqlite --json
              navstate tree state.sqlite --session left
            """)

    @OptionGroup var database: DatabaseArgument
    @OptionGroup var output: OutputOptions

    /// UIKit's role names all start so; the table shows the rest.
    private static let rolePrefix = "UIWindowSceneSessionRole"

    func run() throws {
        let inspector = try openInspector(database.database)
        let results = try reportingErrors { try inspector.sessions() }
        let sessions = results.compactMap { try? $0.get() }
        let damaged = results.compactMap { result -> StoreError? in
            if case .failure(let error) = result { error } else { nil }
        }
        if output.json {
            try printJSON(["database": database.database, "sessions": sessions.map(Self.json)], format: "navstate-sessions")
        } else if sessions.isEmpty {
            print("\(database.database): no scene sessions")
        } else {
            var table = Table(headers: ["#", "SESSION", "ROLE", "CONFIGURATION", "ACTIVITY", "TITLE", "SNAPSHOTS", "NEWEST"],
                              rightAligned: [0, 6])
            for session in sessions {
                let record = session.record
                let role = record.role.rawValue
                let newest = session.newestSnapshotID.map { id in
                    "\(id) " + (session.newestSnapshotDate.map(ValueFormatter.utc) ?? "")
                }
                table.rows.append([String(session.id), record.persistentIdentifier,
                                   role.hasPrefix(Self.rolePrefix) ? String(role.dropFirst(Self.rolePrefix.count)) : role,
                                   record.configurationName ?? "-", record.stateRestorationActivity?.activityType ?? "-",
                                   record.stateRestorationActivity?.title ?? "-", String(session.snapshotCount), newest ?? "-"])
            }
            table.lines().forEach { print($0) }
        }
        for problem in damaged { Terminal.error("navstate: \(problem)") }
        // As `list` does, the counts are vouched for: a damaged snapshot fails the command.
        let damagedSnapshots = try reportingErrors { try inspector.snapshots() }.filter { summary in
            (try? inspector.loadSnapshot(id: summary.id).problems.isEmpty) != true
        }
        if !damagedSnapshots.isEmpty {
            throw Terminal.fail("\(database.database): \(damagedSnapshots.count) damaged snapshot\(damagedSnapshots.count == 1 ? "" : "s"); "
                                + "run navstate verify for details")
        }
        if !damaged.isEmpty { throw ExitCode.failure }
    }

    private static func json(_ session: StoredSession) -> [String: Any] {
        let record = session.record
        var object: [String: Any] = [
            "id": session.id, "persistent_identifier": record.persistentIdentifier, "role": record.role.rawValue,
            "configuration": record.configurationName ?? NSNull(), "snapshots": session.snapshotCount,
            "newest_snapshot": session.newestSnapshotID ?? NSNull(),
            "newest_created_at": session.newestSnapshotDate.map(ValueFormatter.utc) ?? NSNull(),
        ]
        if let activity = record.stateRestorationActivity {
            object["activity"] = ["activity_type": activity.activityType, "title": activity.title ?? NSNull()] as [String: Any]
        } else {
            object["activity"] = NSNull()
        }
        return object
    }
}
