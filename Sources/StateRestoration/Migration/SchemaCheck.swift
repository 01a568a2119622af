import Foundation

/// Compares a file's schema with the one navstate's migrations make: a table, view, index or
/// trigger the schema does not define (a trigger on `snapshot` could delete every snapshot at
/// the next save), one it defines that is missing or altered, and `schema_migration` rows that
/// do not record each migration once.
enum SchemaCheck {
    /// Every difference, as a sentence; empty when the schema is navstate's own.
    static func problems(in database: Database) throws -> [String] {
        let expected = try referenceSchema()
        let found = try objects(in: database)
        var problems: [String] = []
        for (key, sql) in found.sorted(by: { $0.key < $1.key }) {
            guard let reference = expected[key] else {
                problems.append("\(key.type) \(key.name) is not part of navstate's schema")
                continue
            }
            if reference != sql { problems.append("\(key.type) \(key.name) differs from navstate's schema") }
        }
        for key in expected.keys.sorted() where found[key] == nil {
            problems.append("\(key.type) \(key.name) of navstate's schema is missing")
        }
        if found[ObjectKey(type: "table", name: "schema_migration")] != nil {
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

    struct ObjectKey: Hashable, Comparable {
        var type: String
        var name: String
        static func < (a: ObjectKey, b: ObjectKey) -> Bool { (a.type, a.name) < (b.type, b.name) }
    }

    /// The schema's objects and their SQL, SQLite's own (`sqlite_…`) left out.
    static func objects(in database: Database) throws -> [ObjectKey: String] {
        var objects: [ObjectKey: String] = [:]
        try database.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").forEachRow { row in
            objects[ObjectKey(type: row.text(at: 0) ?? "", name: row.text(at: 1) ?? "")] = row.text(at: 2) ?? ""
        }
        return objects
    }

    /// The objects of a database made by every migration, in a scratch file deleted after.
    static func referenceSchema() throws -> [ObjectKey: String] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-schema-\(UUID().uuidString).sqlite").path
        defer { Database.removeFiles(atPath: path) }
        let reference = try Database(path: path, mode: .readWrite)
        try Migrator.migrate(reference)
        return try objects(in: reference)
    }
}
