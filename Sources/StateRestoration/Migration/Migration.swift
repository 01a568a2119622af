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

    /// What this file's SQL cannot do itself (a checksum only Swift computes), run after it in
    /// the same transaction; only 0008 has one.
    var conversion: (@Sendable (Database) throws -> Void)? {
        fileName == "0008_scene_sessions.sql" ? SceneSessionWriter.convertToSessions : nil
    }
}
