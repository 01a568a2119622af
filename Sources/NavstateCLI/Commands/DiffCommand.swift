import ArgumentParser
import StateRestoration

/// `navstate diff DB [A B]`: what changed between two snapshots.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two snapshots: controllers added and removed; relation, class, title, view and appearance; values.",
        discussion: """
            Without ids, compares the newest snapshot with the one before it. With --exit-code,
            exits 1 when the snapshots differ (as `git diff --exit-code`), for scripts.

            Examples:
              navstate diff state.sqlite
              navstate diff state.sqlite 3 7 --json
              navstate diff state.sqlite --exit-code || echo "the newest snapshot changed"
            """)

    @OptionGroup var database: DatabaseArgument
    @Argument(help: "The older snapshot's id (default: the one before the newest).")
    var from: Int64?
    @Argument(help: "The newer snapshot's id (default: the newest).")
    var to: Int64?
    @Flag(name: .long, help: "Exit 1 when the snapshots differ, 0 when they are the same.")
    var exitCode = false
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
            let newest = try reportingErrors { try inspector.snapshots() }.prefix(2).map(\.id)
            guard newest.count == 2 else {
                throw Terminal.fail("\(database.database): diff needs two snapshots, and the file holds \(newest.count)")
            }
            ids = (newest[1], newest[0])
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
