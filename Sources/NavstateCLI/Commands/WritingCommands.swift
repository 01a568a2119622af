import ArgumentParser
import Foundation
import StateRestoration

/// What `migrate` and `prune` check before writing: the file exists (they never create one), it
/// is a navstate database of a schema this build reads, and no snapshot in it is damaged (a
/// damaged file is reported, never modified).
func openForWriting(_ path: String, allowPendingMigrations: Bool) throws -> Database {
    _ = try checkBeforeWriting(path, allowPendingMigrations: allowPendingMigrations)
    return try reportingErrors { try Database(path: path, mode: .readWrite) }
}

/// The checks of ``openForWriting(_:allowPendingMigrations:)``, without opening for writing:
/// what a dry run reports on.
func checkBeforeWriting(_ path: String, allowPendingMigrations: Bool) throws -> SnapshotInspector {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw Terminal.fail("\(path): no such file")
    }
    guard !isDirectory.boolValue else { throw Terminal.fail("\(path): is a directory, not a database file") }
    let inspector = try openInspector(path)
    let integrity = try reportingErrors { try inspector.integrityProblems() }
    guard integrity.isEmpty else {
        throw Terminal.fail("\(path): the file is damaged (\(integrity.first ?? "")); it was not changed; run navstate verify")
    }
    let pending = try reportingErrors { try inspector.pendingMigrations() }
    if !allowPendingMigrations, !pending.isEmpty {
        throw Terminal.fail("\(path): \(pending.count) migration(s) pending; run navstate migrate first")
    }
    let summaries = try reportingErrors { try inspector.snapshots() }
    var progress = Progress("checking snapshots", total: summaries.count)
    defer { progress.finish() }
    for (index, summary) in summaries.enumerated() {
        progress.update(index + 1)
        let problems = try reportingErrors { try inspector.loadSnapshot(id: summary.id).problems }
        if let first = problems.first {
            throw Terminal.fail("\(path): snapshot \(summary.id) is damaged (\(first)); the file was not changed; run navstate verify")
        }
    }
    return inspector
}

/// `navstate migrate DB [--dry-run]`.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply pending schema migrations, printing each; refuses a newer schema or one before 5.",
        discussion: """
            Examples:
              navstate migrate state.sqlite --dry-run
              navstate migrate state.sqlite
            """)

    @OptionGroup var database: DatabaseArgument
    @Flag(name: .long, help: "Print what would run without changing the file.")
    var dryRun = false

    func run() throws {
        if dryRun {
            let inspector = try checkBeforeWriting(database.database, allowPendingMigrations: true)
            let pending = try reportingErrors { try inspector.pendingMigrations() }
            let version = try reportingErrors { try inspector.schemaVersion() }
            if pending.isEmpty { print("\(database.database): schema version \(version) is current; nothing to do") }
            for migration in pending { print("would apply \(migration.fileName)") }
            return
        }
        let connection = try openForWriting(database.database, allowPendingMigrations: true)
        var progress = Progress("migrating", total: Migrator.migrations.count)
        defer { progress.finish() }
        let applied = try reportingErrors {
            try Migrator.migrate(connection) { migration in
                progress.update(migration.version)
                print("applying \(migration.fileName)")
            }
        }
        let version = try reportingErrors { try Migrator.currentVersion(of: connection) }
        print(applied.isEmpty ? "\(database.database): schema version \(version) is current; nothing to do"
                              : "\(database.database): now at schema version \(version)")
    }
}

/// `navstate prune DB --keep N`.
struct PruneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune", abstract: "Delete all but the newest N snapshots in one transaction, and say what was freed.",
        discussion: """
            Examples:
              navstate prune state.sqlite --keep 3 --dry-run
              navstate prune state.sqlite --keep 3
            """)

    @OptionGroup var database: DatabaseArgument
    @Option(name: .long, help: "How many of the newest snapshots to keep (at least 1).")
    var keep: Int
    @Flag(name: .long, help: "Say what would be deleted and freed, and change nothing.")
    var dryRun = false

    func validate() throws {
        guard keep >= 1 else { throw ValidationError("--keep must be at least 1") }
    }

    func run() throws {
        let connection = try openForWriting(database.database, allowPendingMigrations: false)
        let result = try reportingErrors { try SnapshotMaintenance.prune(connection, keeping: keep, dryRun: dryRun) }
        let deleted = result.deletedSnapshotIDs
        if deleted.isEmpty {
            print("\(database.database): nothing to prune; it holds \(keep) snapshot\(keep == 1 ? "" : "s") or fewer")
        } else {
            let ids = deleted.map(String.init).joined(separator: ", ")
            print("\(database.database): \(dryRun ? "would delete" : "deleted") \(deleted.count) snapshot\(deleted.count == 1 ? "" : "s") (\(ids)), \(dryRun ? "free" : "freed") \(result.freedPayloadCount) payload\(result.freedPayloadCount == 1 ? "" : "s") (\(byteCount(result.freedPayloadBytes)) of keyed values)")
        }
    }
}
