import ArgumentParser
import StateRestoration

/// `navstate diff DB A B`: what changed between two snapshots.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff", abstract: "Show what changed between two snapshots: controllers added, removed, moved, values changed.")

    @OptionGroup var database: DatabaseArgument
    @Argument(help: "The older snapshot's id.")
    var from: Int64
    @Argument(help: "The newer snapshot's id.")
    var to: Int64
    @OptionGroup var output: OutputOptions

    func run() throws {
        let inspector = try openInspector(database.database)
        try withSnapshot(inspector, id: from) { old in
            try withSnapshot(inspector, id: to) { new in
                let diff = SnapshotDiff(from: old.snapshot, to: new.snapshot)
                if output.json {
                    try printJSON(diff.json(old: old.snapshot, new: new.snapshot))
                } else {
                    diff.lines(old: old.snapshot, new: new.snapshot, style: output.style).forEach { print($0) }
                }
            }
        }
    }
}
