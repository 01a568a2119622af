import Foundation
@testable import StateRestoration

/// `tamper PATH SQL [rechecksum]`: edits a database with SQL as a hand-edited file would be: the schema's checks off, then
/// (when `rechecksum`) every payload key and row checksum recomputed, so the structural checks
/// behind the checksums are reached.
enum Tampering {
    static func apply(_ sql: String, to database: Database, rechecksum: Bool = true) throws {
        try database.execute("PRAGMA foreign_keys = OFF")
        try database.execute("PRAGMA ignore_check_constraints = ON")
        try database.executeScript(sql)
        if rechecksum { try rewriteChecksums(in: database) }
        try database.execute("PRAGMA ignore_check_constraints = OFF")
        try database.execute("PRAGMA foreign_keys = ON")
    }

    /// Recomputes what the writer computes: each payload's key from its bytes (following it in
    /// the rows that name it), then every row's checksum.
    static func rewriteChecksums(in database: Database) throws {
        var rekeyed: [(old: Int64, new: Int64)] = []
        try database.prepare("SELECT hash, bytes FROM payload").forEachRow { row in
            guard let old = row.integer(at: 0), let bytes = row.blob(at: 1) else { return }
            let new = Checksum.of(payload: bytes)
            if new != old { rekeyed.append((old, new)) }
        }
        for (old, new) in rekeyed {
            try database.execute("UPDATE OR REPLACE payload SET hash = ? WHERE hash = ?", [new, old])
            try database.execute("UPDATE controller SET payload_hash = ? WHERE payload_hash = ?", [new, old])
            try database.execute("UPDATE object SET payload_hash = ? WHERE payload_hash = ?", [new, old])
        }
        try rewrite(database, table: "snapshot", key: ["id"], columns: ["created_at", "app_version", "app_build", "schema_version",
                                                                       "platform", "label", "window_count", "controller_count",
                                                                       "payload_hash"],
                    keyIsHashed: false)
        try rewrite(database, table: "controller", key: ["snapshot_id", "node_id"],
                    columns: ["parent_id", "path", "identifier", "title", "window_index", "relation", "position", "style",
                              "is_selected", "is_collapsed", "view_loaded", "appearance", "class_name", "class_version",
                              "restoration_class", "payload_hash"], keyIsHashed: true)
        try rewrite(database, table: "object", key: ["snapshot_id", "object_id"],
                    columns: ["identifier", "class_name", "class_version", "payload_hash"], keyIsHashed: true)
    }

    /// Sets each row's checksum over its key columns (when hashed) and `columns`, in order.
    private static func rewrite(_ database: Database, table: String, key: [String], columns: [String], keyIsHashed: Bool) throws {
        var updates: [[DatabaseValue]] = []
        try database.prepare("SELECT \((key + columns).joined(separator: ", ")) FROM \(table)").forEachRow { row in
            let values = (0..<(key.count + columns.count)).map { row.value(at: $0) }
            let keyValues = Array(values.prefix(key.count))
            let hashed = keyIsHashed ? values : Array(values.dropFirst(key.count))
            updates.append([.integer(Checksum.of(hashed))] + keyValues)
        }
        let condition = key.map { "\($0) IS ?" }.joined(separator: " AND ")
        for update in updates { try database.execute("UPDATE \(table) SET checksum = ? WHERE \(condition)", update) }
    }
}
