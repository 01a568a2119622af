import ArgumentParser
import StateRestoration

/// `navstate tree DB`: a snapshot's hierarchy.
struct TreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree", abstract: "Print a snapshot's hierarchy as a tree.",
        discussion: """
            Examples:
              navstate tree state.sqlite
              navstate tree state.sqlite --snapshot 2 --paths
              navstate tree state.sqlite --json
              navstate tree state.sqlite --session left   # that window's newest snapshot
            """)

    @OptionGroup var database: DatabaseArgument
    @OptionGroup var snapshot: SnapshotOption
    @OptionGroup var session: SessionOption
    @OptionGroup var output: OutputOptions
    @Flag(name: .long, help: "Print only the restoration paths, one per line, in tree order (for `navstate show`).")
    var paths = false

    func run() throws {
        let inspector = try openInspector(database.database)
        try withSnapshot(inspector, id: session.snapshotID(snapshot.snapshot, in: inspector)) { loaded in
            let tree = SnapshotTree(loaded.snapshot)
            if paths {
                tree.orderedRecords().forEach { print($0.pathString) }
            } else if output.json {
                try printJSON(tree.json(), format: "navstate-tree")
            } else {
                tree.lines(style: output.style).forEach { print($0) }
            }
        }
    }
}
