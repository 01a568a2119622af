import ArgumentParser
import StateRestoration

/// `navstate copy DB COPY`: the store as one file, for a bug report.
struct CopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy", abstract: "Write a single-file copy of a store, for a bug report.",
        discussion: """
            While an app has its store open, recent snapshots may still be in the -wal file beside \
            it, so a copy of the .sqlite file alone can miss them. This writes one file holding \
            every committed snapshot. The store is read, never changed; COPY must not exist.

            Examples:
              navstate copy state.sqlite bug-report.sqlite
            """)

    @OptionGroup var database: DatabaseArgument
    @Argument(help: "The new file to write.")
    var copy: String

    func validate() throws {
        guard !copy.isEmpty else { throw ValidationError("the copy's path is empty") }
    }

    func run() throws {
        let inspector = try openInspector(database.database)
        try reportingErrors { try inspector.writeCopy(to: copy) }
        let count = try reportingErrors { try SnapshotInspector(path: copy).snapshots().count }
        print("\(copy): \(count) snapshot\(count == 1 ? "" : "s") of \(database.database), in one file")
    }
}
