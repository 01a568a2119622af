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

    /// Work a migration's SQL cannot do itself: reading rows of the old schema before the SQL
    /// replaces its tables, and writing them into the new ones after, in the same transaction.
    struct Conversion: Sendable {
        /// Runs on the old schema; returns what to run on the new one once the SQL has run.
        let readOld: @Sendable (Database) throws -> (Database) throws -> Void
    }

    /// The conversion the library holds for this file, if any: ``SceneSessionWriter``'s for the
    /// migration to schema 8.
    var conversion: Conversion? {
        fileName == SceneSessionWriter.migrationFileName ? SceneSessionWriter.conversion : nil
    }
}
