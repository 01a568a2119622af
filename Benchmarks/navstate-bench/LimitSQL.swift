import CSQLite
import Foundation

/// SQLite's marker for "copy the bound bytes now"; not imported into Swift.
let limitTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// What the limit's SQLite calls report when one fails.
struct LimitSQLError: Error, CustomStringConvertible {
    var description: String
}

/// The few calls of the SQLite C API the limit makes, each checked.
enum LimitSQL {
    /// One row per controller: the columns of navstate's controller row (less its checksum and
    /// its payload's hash, which the limit does not compute) with the payload inline, so a row
    /// holds as many bytes as navstate reads for a controller.
    static let createTable = """
        CREATE TABLE controller (
            node_id INTEGER PRIMARY KEY, parent_id INTEGER, path TEXT NOT NULL, identifier TEXT NOT NULL, title TEXT,
            window_index INTEGER NOT NULL, relation TEXT NOT NULL, position INTEGER NOT NULL, style TEXT,
            is_selected INTEGER NOT NULL, is_collapsed INTEGER NOT NULL, view_loaded INTEGER NOT NULL,
            appearance TEXT NOT NULL, class_name TEXT NOT NULL, class_version INTEGER NOT NULL,
            restoration_class TEXT, payload BLOB NOT NULL)
        """
    static let insert = """
        INSERT INTO controller (node_id, parent_id, path, identifier, title, window_index, relation, position, style,
                                is_selected, is_collapsed, view_loaded, appearance, class_name, class_version,
                                restoration_class, payload)
        VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, 0, 0, 'disappeared', ?, 0, NULL, ?)
        """
    static let select = """
        SELECT node_id, parent_id, path, identifier, title, window_index, relation, position, style, is_selected,
               is_collapsed, view_loaded, appearance, class_name, class_version, restoration_class, payload
        FROM controller ORDER BY node_id
        """

    static func open(_ path: String, flags: Int32) throws -> OpaquePointer {
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(connection)
            throw LimitSQLError(description: "\(path): \(message)")
        }
        return connection
    }

    static func execute(_ sql: String, on connection: OpaquePointer) throws {
        try check(sqlite3_exec(connection, sql, nil, nil, nil), connection)
    }

    static func prepare(_ sql: String, on connection: OpaquePointer) throws -> OpaquePointer {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(connection, sql, -1, &statement, nil), connection)
        guard let statement else { throw LimitSQLError(description: "no statement in \(sql)") }
        return statement
    }

    static func check(_ code: Int32, _ connection: OpaquePointer) throws {
        guard code == SQLITE_OK || code == SQLITE_DONE || code == SQLITE_ROW else {
            throw LimitSQLError(description: String(cString: sqlite3_errmsg(connection)))
        }
    }

    /// The text of column `index` of the current row, `nil` for NULL.
    static func text(_ statement: OpaquePointer, _ index: Int32) -> String? {
        sqlite3_column_text(statement, index).map { String(cString: $0) }
    }

    /// Binds one controller's values to `statement`, prepared from ``insert``, runs it and
    /// resets it.
    static func insertRow(_ statement: OpaquePointer, on connection: OpaquePointer, id: Int64, parent: Int64?, path: String,
                          identifier: String, title: String?, relation: String, position: Int, style: String?,
                          selected: Bool, className: String, payload: Data) throws {
        func bind(_ text: String?, at index: Int32) -> Int32 {
            guard let text else { return sqlite3_bind_null(statement, index) }
            return sqlite3_bind_text(statement, index, text, -1, limitTransient)
        }
        let codes = [sqlite3_bind_int64(statement, 1, id),
                     parent.map { sqlite3_bind_int64(statement, 2, $0) } ?? sqlite3_bind_null(statement, 2),
                     bind(path, at: 3), bind(identifier, at: 4), bind(title, at: 5), bind(relation, at: 6),
                     sqlite3_bind_int64(statement, 7, Int64(position)), bind(style, at: 8),
                     sqlite3_bind_int64(statement, 9, selected ? 1 : 0), bind(className, at: 10),
                     payload.withUnsafeBytes { sqlite3_bind_blob(statement, 11, $0.baseAddress, Int32($0.count), limitTransient) },
                     sqlite3_step(statement), sqlite3_reset(statement)]
        for code in codes { try check(code, connection) }
    }
}
