import Foundation

/// Compares a file's schema with the one navstate's migrations make (docs/behaviour.md §8.3):
/// objects it does not define (a trigger on `snapshot` could delete every snapshot at the next
/// save), ones missing or altered, and `schema_migration` rows that do not record each migration once.
enum SchemaCheck {
    /// Every difference, as a sentence; empty when the schema is navstate's own.
    static func problems(in database: Database) throws -> [String] {
        // navstate's own schema: that of a scratch file made by every migration.
        let name = "navstate-schema-\(UUID().uuidString).sqlite"
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
        defer { Database.removeFiles(atPath: scratch) }
        let reference = try Database(path: scratch, mode: .readWrite)
        try Migrator.migrate(reference)
        let expected = try objects(in: reference)
        let found = try objects(in: database)
        var problems: [String] = []
        for (object, sql) in found.sorted(by: { $0.key < $1.key }) where expected[object] != sql {
            problems.append("\(object) \(expected[object] == nil ? "is not part of" : "differs from") navstate's schema")
        }
        problems += expected.keys.sorted().filter { found[$0] == nil }.map { "\($0) of navstate's schema is missing" }
        if found["table schema_migration"] != nil {
            let version = try Migrator.currentVersion(of: database)
            var recorded: [Int64] = []
            try database.prepare("SELECT version FROM schema_migration ORDER BY version").forEachRow { row in
                recorded.append(row.integer(at: 0) ?? -1)
            }
            if recorded != Array(1...Int64(max(version, 1))) {
                problems.append("schema_migration records versions \(recorded), not 1 to \(version)")
            }
        }
        return problems
    }

    /// The schema's objects by type and name (`table snapshot`), with their SQL; SQLite's own
    /// (`sqlite_…`) left out. Sorted, the names order as by type, then name.
    private static func objects(in database: Database) throws -> [String: String] {
        var objects: [String: String] = [:]
        let sql = "SELECT type || ' ' || name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        try database.prepare(sql).forEachRow { row in objects[row.text(at: 0) ?? ""] = row.text(at: 1) ?? "" }
        return objects
    }
}
