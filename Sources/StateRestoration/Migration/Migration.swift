/// One numbered schema change from `Migrations/`.
public struct Migration: Sendable, Hashable {
    /// The number in the file name; the schema version after it ran.
    public let version: Int
    /// The rest of the file name.
    public let name: String
    /// The file name in `Migrations/`.
    public let fileName: String
    /// The file's SQL.
    public let sql: String
    /// Swift work around the SQL, for a change SQL alone cannot make; `nil` for most.
    let conversion: Conversion?

    init(version: Int, name: String, fileName: String, sql: String, conversion: Conversion? = nil) {
        self.version = version
        self.name = name
        self.fileName = fileName
        self.sql = sql
        self.conversion = conversion
    }

    /// Work a migration's SQL cannot do itself: reading rows of the old schema before the SQL
    /// replaces its tables, and writing them into the new ones after, in the same transaction.
    struct Conversion: Sendable {
        /// Runs on the old schema; returns what to run on the new one once the SQL has run.
        let readOld: @Sendable (Database) throws -> (Database) throws -> Void
    }

    /// The file's migration with the conversions the library holds for it (``Schema1To4Snapshots``
    /// for the one to schema 5, ``SceneSessionWriter`` for the one to schema 8).
    static let withConversions: [Migration] = embedded.map { migration in
        let conversions = [Schema1To4Snapshots.migrationFileName: Schema1To4Snapshots.conversion,
                           SceneSessionWriter.migrationFileName: SceneSessionWriter.conversion]
        guard let conversion = conversions[migration.fileName] else { return migration }
        return Migration(version: migration.version, name: migration.name, fileName: migration.fileName, sql: migration.sql,
                         conversion: conversion)
    }

    public static func == (a: Migration, b: Migration) -> Bool {
        (a.version, a.name, a.fileName, a.sql) == (b.version, b.name, b.fileName, b.sql)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(version)
        hasher.combine(fileName)
    }
}
