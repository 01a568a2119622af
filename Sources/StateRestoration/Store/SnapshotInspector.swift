import Foundation

/// A navstate database opened read-only, for tools: it never creates, migrates or writes the
/// file, and reads snapshots without the app's classes. It reads the file as of its first read and
/// holds SQLite's checkpoint back meanwhile, so keep one briefly; an earlier schema (5 on) is read
/// through an owner-only migrated copy in the temporary directory.
///
/// ```swift
/// let inspector = try SnapshotInspector(path: "state.sqlite")
/// let problems = try inspector.schemaProblems() + inspector.integrityProblems()
/// for summary in try inspector.snapshots() { print(summary.id, summary.session, summary.controllerCount) }
/// let newest = try inspector.loadSnapshot()
/// for result in try inspector.sessions() { print(try result.get().record.persistentIdentifier) }
/// ```
public final class SnapshotInspector: SnapshotDatabase, @unchecked Sendable {
    /// The file itself, used under the lock as ``SnapshotDatabase/database`` is, which may be a converted copy of it.
    private let file: Database
    private let convertedCopy: String?

    /// Opens `path` read-only; refuses, naming the file, anything but a navstate database it reads.
    public init(path: String) throws(StoreError) {
        let file = try StoreError.wrapping(path: path) { try Database(path: path, mode: .readOnly) }
        self.file = file
        let version = try Migrator.validate(file)
        guard version > 0 else {
            throw StoreError.notANavstateDatabase(path: path, reason: "it holds no navstate schema (an empty database)")
        }
        guard version < Migrator.latestVersion else {
            convertedCopy = nil
            try StoreError.wrapping(path: path) { try Self.beginReading(file) }
            super.init(path: path, database: file)
            return
        }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-inspect-\(UUID().uuidString).sqlite").path
        convertedCopy = copy
        let converted = try StoreError.wrapping(path: path) {
            try Self.vacuum(file, into: copy)
            let converted = try Database(path: copy, mode: .readWrite)
            try Migrator.migrate(converted)
            return converted
        }
        super.init(path: path, database: converted)
    }

    /// A deferred transaction takes its snapshot at the first read, made here.
    private static func beginReading(_ file: Database) throws {
        try file.execute("BEGIN DEFERRED")
        _ = try file.scalarInteger("SELECT count(*) FROM sqlite_master")
    }

    private static func vacuum(_ file: Database, into copy: String) throws {
        // VACUUM INTO fills an empty file: made first, so that it is owner-only and replaces none.
        let descriptor = open(copy, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard descriptor >= 0 else {
            throw DatabaseError(resultCode: 14, message: "cannot create \(copy): \(String(cString: strerror(errno)))", path: file.path)
        }
        Foundation.close(descriptor)
        // VACUUM INTO writes only the copy, but `query_only` refuses it all the same.
        try file.execute("PRAGMA query_only = OFF")
        defer { try? file.execute("PRAGMA query_only = ON") }
        do {
            try file.execute("VACUUM INTO ?", [copy])
        } catch {
            Database.removeFiles(atPath: copy)
            throw error
        }
    }

    /// Writes every committed snapshot, the `-wal` file's included, into a new file `copy` (docs/behaviour.md §8.5).
    public func writeCopy(to copy: String) throws(StoreError) {
        try withDatabase { _ in
            // VACUUM cannot run in the inspector's read transaction: the copy is of the newest state, which it then reads too.
            let reading = file.isInTransaction
            if reading { try file.execute("COMMIT") }
            defer { if reading { try? Self.beginReading(file) } }
            try Self.vacuum(file, into: copy)
        }
    }

    deinit {
        if file.isInTransaction { try? file.execute("COMMIT") }
        if let convertedCopy { Database.removeFiles(atPath: convertedCopy) }
    }

    /// Whether the file is read without locks, as immutable, because its directory is read-only.
    public var readsWithoutLocks: Bool { file.isReadWithoutLocks }

    /// The schema version of the file, not of its converted copy.
    public override func schemaVersion() throws(StoreError) -> Int {
        try withDatabase { _ in try Migrator.currentVersion(of: file) }
    }

    /// The migrations this library would apply to the file.
    public func pendingMigrations() throws(StoreError) -> [Migration] {
        try withDatabase { _ in try Migrator.pendingMigrations(in: file) }
    }

    /// How the file's schema differs from navstate's (tables, views, indexes, triggers, migrations).
    public func schemaProblems() throws(StoreError) -> [String] {
        try withDatabase { database in try SchemaCheck.problems(in: database) }
    }

    /// SQLite's `PRAGMA integrity_check` of the file: empty when it is sound, else its findings.
    public func integrityProblems() throws(StoreError) -> [String] {
        try withDatabase { _ in
            var findings: [String] = []
            try file.prepare("PRAGMA integrity_check").forEachRow { row in
                if let line = row.text(at: 0), line != "ok" { findings.append(line) }
            }
            return findings
        }
    }
}
