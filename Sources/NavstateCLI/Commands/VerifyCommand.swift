import ArgumentParser
import StateRestoration

/// `navstate verify DB`: the file's integrity, its schema, its scene sessions' rows and every
/// snapshot's structure.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check integrity, schema version and every snapshot's structure; exit 1 on any problem.",
        discussion: """
            Examples:
              navstate verify state.sqlite
              navstate verify state.sqlite --json | jq '.snapshots[].problems[].code'
            """)

    @OptionGroup var database: DatabaseArgument
    @OptionGroup var output: OutputOptions

    func run() throws {
        let inspector = try openInspector(database.database)
        let integrity = try reportingErrors { try inspector.integrityProblems() }
        let version = try reportingErrors { try inspector.schemaVersion() }
        let pending = try reportingErrors { try inspector.pendingMigrations() }
        let schema = try reportingErrors { try inspector.schemaProblems() }
        var snapshotResults: [(SnapshotSummary, [SnapshotProblem])] = []
        var sessionProblems: [String] = []
        if integrity.isEmpty {
            for case .failure(let problem) in try reportingErrors({ try inspector.sessions() }) {
                sessionProblems.append(problem.description)
            }
            for summary in try reportingErrors({ try inspector.snapshots() }) {
                snapshotResults.append((summary, try reportingErrors { try inspector.loadSnapshot(id: summary.id).problems }))
            }
        }
        let problemCount = integrity.count + schema.count + sessionProblems.count + snapshotResults.reduce(0) { $0 + $1.1.count }
        if output.json {
            try printJSON([
                "database": database.database, "integrity": integrity.isEmpty ? ["ok"] : integrity,
                "schema_version": version, "pending_migrations": pending.map(\.fileName),
                "schema_problems": schema.map { ["code": "schema", "problem": $0] },
                "session_problems": sessionProblems.map { ["code": "session", "problem": $0] },
                "snapshots": snapshotResults.map { summary, problems in
                    ["id": summary.id, "controllers": summary.controllerCount,
                     "problems": problems.map { ["node": $0.nodeID as Any, "path": $0.path, "code": $0.reason.code, "problem": $0.reason.description] }]
                },
                "problem_count": problemCount,
            ], format: "navstate-verify")
        } else {
            let style = output.style
            print(database.database)
            print("  integrity_check  " + (integrity.isEmpty ? style.green("ok") : style.red("\(integrity.count) finding(s)")))
            for finding in integrity { print("    " + finding) }
            let versionNote = pending.isEmpty ? "current" : "\(pending.count) migration(s) pending: run navstate migrate"
            print("  schema version   \(version) (\(versionNote))")
            print("  schema objects   " + (schema.isEmpty ? style.green("ok") : style.red("\(schema.count) problem\(schema.count == 1 ? "" : "s")")))
            for problem in schema { print("    " + problem) }
            for problem in sessionProblems { print("  session          " + style.red(problem)) }
            for (summary, problems) in snapshotResults {
                let verdict = problems.isEmpty ? style.green("ok") : style.red("\(problems.count) problem\(problems.count == 1 ? "" : "s")")
                print("  snapshot \(summary.id)       \(summary.controllerCount) controllers, \(verdict)")
                for problem in problems { print("    \(problem)") }
            }
            print(problemCount == 0 ? "no problems found" : "\(problemCount) problem\(problemCount == 1 ? "" : "s") found")
        }
        if problemCount > 0 {
            throw Terminal.fail("\(database.database): \(problemCount) problem\(problemCount == 1 ? "" : "s") found")
        }
    }
}
