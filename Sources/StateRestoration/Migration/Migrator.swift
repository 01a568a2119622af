/// Applies the migrations of `Migrations/` in order, all pending ones in one transaction, so that
/// no other connection and no killed process ever leaves a schema between two (docs/schema.md,
/// "Migrations").
public enum Migrator {
    /// Every migration this library knows, in order.
    public static let migrations = Migration.embedded

    /// The schema version this library writes.
    public static var latestVersion: Int { migrations.last?.version ?? 0 }

    /// The oldest schema version this library opens: the plain rows navstate 0.1.0 extends
    /// (docs/schema.md, "Migrations").
    public static let oldestSupportedVersion = 5

    /// The `application_id` that marks a navstate database ('NAVS').
    public static let applicationID: Int64 = 0x4E41_5653

    /// The schema version recorded in the file.
    public static func currentVersion(of database: Database) throws(DatabaseError) -> Int {
        Int(try database.scalarInteger("PRAGMA user_version") ?? 0)
    }

    /// Checks, without changing anything, that the file is empty or a navstate database of a
    /// schema from ``oldestSupportedVersion`` to `supported` (the library's latest unless told);
    /// returns its schema version.
    public static func validate(_ database: Database, supported: Int = latestVersion) throws(StoreError) -> Int {
        // One read transaction: a migrator committing meanwhile is seen whole or not at all.
        try StoreError.wrapping(path: database.path) { try database.inReadTransaction {
            let version = try currentVersion(of: database)
            let application = try database.scalarInteger("PRAGMA application_id") ?? 0
            if version == 0 {
                let tables = try database.scalarInteger("SELECT count(*) FROM sqlite_master WHERE type = 'table'") ?? 0
                guard tables == 0, application == 0 else {
                    throw StoreError.notANavstateDatabase(path: database.path, reason: "it holds tables of another application")
                }
            } else if application != applicationID {
                throw StoreError.notANavstateDatabase(path: database.path,
                                                      reason: "its application_id is \(application), not navstate's")
            } else if version > supported {
                throw StoreError.newerSchema(path: database.path, found: version, supported: supported)
            } else if version < oldestSupportedVersion {
                throw StoreError.unsupportedSchema(path: database.path, found: version, oldestSupported: oldestSupportedVersion)
            }
            return version
        } }
    }

    /// The migrations of `migrations` (the library's own unless told) not yet applied to
    /// `database`; throws where ``validate(_:supported:)`` refuses the file.
    public static func pendingMigrations(in database: Database,
                                         using migrations: [Migration] = migrations) throws(StoreError) -> [Migration] {
        let version = try validate(database, supported: migrations.last?.version ?? 0)
        return migrations.filter { $0.version > version }
    }

    /// Applies every pending migration of `migrations` (the library's own unless told) in one
    /// transaction, calling `willApply` before each; returns what ran.
    @discardableResult
    public static func migrate(_ database: Database, using migrations: [Migration] = migrations,
                               willApply: (Migration) -> Void = { _ in }) throws(StoreError) -> [Migration] {
        guard var current = try pendingMigrations(in: database, using: migrations).first else { return [] }
        try StoreError.wrapping(path: database.path) { try database.execute("PRAGMA journal_mode = WAL") }
        do {
            return try database.inTransaction {
                // Another process may have migrated the file since the check above.
                let pending = try pendingMigrations(in: database, using: migrations)
                for migration in pending {
                    current = migration
                    willApply(migration)
                    try database.executeScript(migration.sql)
                    try migration.conversion?(database)
                    try database.execute("INSERT INTO schema_migration (version, name, applied_at) VALUES (?, ?, ?)",
                                         [migration.version, migration.name, try database.timestamp()])
                    try database.execute("PRAGMA user_version = \(migration.version)")
                    let violations = try database.prepare("PRAGMA foreign_key_check")
                    if try violations.step() {
                        let table = violations.text(at: 0) ?? "?"
                        throw StoreError.migrationFailed(path: database.path, migration: migration.fileName,
                                                         reason: "it leaves a foreign key violation in table \(table)")
                    }
                }
                return pending
            }
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError where error.isBusy || error.isEnvironmental {
            // Another process holds the file, or the disk or memory failed: the migrations and
            // the file are not at fault, and the file is as it was.
            throw StoreError.database(error)
        } catch {
            throw StoreError.migrationFailed(path: database.path, migration: current.fileName, reason: "\(error)")
        }
    }
}
