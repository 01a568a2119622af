import ArgumentParser
import Foundation
import StateRestoration

/// `navstate show DB PATH`: one controller and every keyed value, decoded.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one controller by restoration path.",
        discussion: """
            Examples:
              navstate show state.sqlite /tabs/inbox/message
              navstate show state.sqlite /tabs/inbox --snapshot 2 --json
              navstate tree state.sqlite --paths    # the paths to choose from
            """)

    @OptionGroup var database: DatabaseArgument
    @Argument(help: "The restoration path, such as /tabs/inbox/message.")
    var path: String
    @OptionGroup var snapshot: SnapshotOption
    @OptionGroup var session: SessionOption
    @OptionGroup var output: OutputOptions
    @Flag(name: .long, help: "Print data values as hex bytes.")
    var hex = false

    func validate() throws {
        guard path.hasPrefix("/") else { throw ValidationError("a restoration path starts with /, as in /tabs/inbox") }
    }

    /// The path asked for, without the trailing `/` a shell completion or a copy leaves.
    var wantedPath: String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    func run() throws {
        let inspector = try openInspector(database.database)
        let path = wantedPath
        try withSnapshot(inspector, id: session.snapshotID(snapshot.snapshot, in: inspector)) { loaded in
            guard let record = loaded.snapshot.controllers.first(where: { $0.pathString == path }) else {
                let closest = Suggestions.closest(to: path, in: loaded.snapshot.controllers.map(\.pathString))
                let hint = closest.isEmpty ? "`navstate tree --paths` lists its paths"
                    : "did you mean \(closest.joined(separator: ", "))?"
                throw Terminal.fail("\(database.database): snapshot \(loaded.snapshot.id) has no controller at \(path); \(hint)")
            }
            let tree = SnapshotTree(loaded.snapshot)
            let formatter = ValueFormatter(snapshot: loaded.snapshot, showsHex: hex)
            let parentPath = record.parentID.flatMap { id in loaded.snapshot.controllers.first { $0.id == id }?.pathString }
            if output.json {
                var object = tree.nodeJSON(record, formatter: formatter)
                object["parent"] = parentPath ?? NSNull()
                try printJSON(object, format: "navstate-show")
                return
            }
            let style = output.style
            print(style.bold(record.pathString))
            var table = Table(headers: ["  class", "\(record.className) (version \(record.classVersion))"])
            table.rows.append(["  relation", record.relation.description + (parentPath.map { " of \($0)" } ?? "")])
            if let title = record.title { table.rows.append(["  title", ValueFormatter.quoted(title)]) }
            if let factory = record.restorationClassName { table.rows.append(["  restoration class", factory]) }
            table.rows.append(["  view", "\(record.isViewLoaded ? "loaded" : "unloaded"), \(record.appearance.rawValue)"])
            table.rows.append(["  values", "\(record.values.count)"])
            table.lines().forEach { print($0) }
            var values = Table(headers: ["    KEY", "TYPE", "VALUE"])
            for (key, value) in record.values.sorted(by: { $0.key < $1.key }) {
                values.rows.append(["    " + key, value.typeName, formatter.text(value)])
            }
            if !record.values.isEmpty { values.lines().forEach { print($0) } }
        }
    }
}
