import ArgumentParser
import StateRestoration

/// `navstate export DB --format json|dot`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export a snapshot as JSON or as a Graphviz graph (dot -Tpng draws it).",
        discussion: """
            Examples:
              navstate export state.sqlite --format json > snapshot.json
              navstate export state.sqlite --format dot | dot -Tpng -o graph.png
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
        case dot
    }

    @OptionGroup var database: DatabaseArgument
    @OptionGroup var snapshot: SnapshotOption
    @OptionGroup var session: SessionOption
    @Option(name: .long, help: "json or dot.")
    var format: Format

    func run() throws {
        let inspector = try openInspector(database.database)
        try withSnapshot(inspector, id: session.snapshotID(snapshot.snapshot, in: inspector)) { loaded in
            var progress = Progress("exporting", total: loaded.snapshot.controllers.count)
            defer { progress.finish() }
            switch format {
            case .json: try printJSON(SnapshotExport.json(loaded.snapshot, progress: &progress), format: "navstate-export")
            case .dot: print(SnapshotExport.dot(loaded.snapshot, progress: &progress))
            }
        }
    }
}
