import ArgumentParser
import StateRestoration

/// `navstate diff DB [A B]`: what changed between two snapshots.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two snapshots: controllers added and removed; relation, class, title, view and appearance; values.",
        discussion: """
            Without ids, compares the newest snapshot with the one before it of the same scene
            session (with --session, that session's newest two). With --exit-code,
            exits 1 when the snapshots differ (as `git diff --exit-code`), for scripts.

            Examples:
              navstate diff state.sqlite
              navstate diff state.sqlite 3 7 --json
              navstate diff state.sqlite --session left
              navstate diff state.sqlite --exit-code || echo "the newest snapshot changed"
            """)

    @OptionGroup var database: DatabaseArgument
    @Argument(help: "The older snapshot's id (default: the one before the newest).")
    var from: Int64?
    @Argument(help: "The newer snapshot's id (default: the newest).")
    var to: Int64?
    @Flag(name: .long, help: "Exit 1 when the snapshots differ, 0 when they are the same.")
    var exitCode = false
    @OptionGroup var session: SessionOption
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if from != nil, to == nil { throw ValidationError("give two snapshot ids, or none for the newest against the one before") }
        if let id = [from, to].compactMap({ $0 }).first(where: { $0 < 1 }) {
            throw ValidationError("snapshot ids start at 1, not \(id); `navstate list DB` shows them")
        }
    }

    func run() throws {
        let inspector = try openInspector(database.database)
        var ids = (from: from, to: to)
        if ids.from == nil {
            // Two windows' snapshots are not one state before and after: the newest one's session.
            let all = try session.snapshots(in: inspector) ?? reportingErrors { try inspector.snapshots() }
            let newest = all.filter { $0.session == all.first?.session }.prefix(2).map(\.id)
            guard newest.count == 2 else {
                let place = session.session.map { "session \($0)" } ?? "the newest snapshot's session"
                throw Terminal.fail("\(database.database): diff needs two snapshots, and \(place) holds \(newest.count)")
            }
            ids = (newest[1], newest[0])
        } else if let wanted = try session.snapshots(in: inspector).map({ Set($0.map(\.id)) }),
                  let stranger = [ids.from, ids.to].compactMap({ $0 }).first(where: { !wanted.contains($0) }) {
            throw Terminal.fail("\(database.database): snapshot \(stranger) is not a snapshot of session \(session.session ?? "")")
        }
        var differs = false
        try withSnapshot(inspector, id: ids.from) { old in
            try withSnapshot(inspector, id: ids.to) { new in
                let diff = SnapshotDiff(from: old.snapshot, to: new.snapshot)
                differs = !diff.isEmpty
                if output.json {
                    try printJSON(diff.json(old: old.snapshot, new: new.snapshot), format: "navstate-diff")
                } else {
                    diff.lines(old: old.snapshot, new: new.snapshot, style: output.style).forEach { print($0) }
                }
            }
        }
        if exitCode, differs { throw ExitCode.failure }
    }
}
