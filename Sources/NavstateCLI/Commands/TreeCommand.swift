import ArgumentParser
import StateRestoration

/// `navstate tree DB`: a snapshot's hierarchy.
struct TreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tree", abstract: "Print a snapshot's hierarchy as a tree.")

    @OptionGroup var database: DatabaseArgument
    @OptionGroup var snapshot: SnapshotOption
    @OptionGroup var output: OutputOptions

    func run() throws {
        let inspector = try openInspector(database.database)
        try withSnapshot(inspector, id: snapshot.snapshot) { loaded in
            let tree = SnapshotTree(loaded.snapshot)
            if output.json {
                try printJSON(tree.json())
            } else {
                tree.lines(style: output.style).forEach { print($0) }
            }
        }
    }
}
