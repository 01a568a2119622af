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
}
