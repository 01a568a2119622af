import ControllerKit
import Foundation
@_spi(Restoration) import StateRestoration

/// What a schema without the `controller_state` table would allow: the floor, with each
/// controller's class and payload in its own node row. One B-tree insert per controller instead
/// of three (the state row, the node row, the `node_state` index) and no join to read back; what
/// it gives up is the state rows that snapshots share. Run with `--inline` to measure what
/// navstate's two tables cost beside the cost of a row.
@MainActor
final class InlineRowsApproach: Approach {
    let name = "sqlite-inline"
    private var path = ""
    private var database: Database?

    func prepare(in directory: URL) throws {
        path = directory.appendingPathComponent("inline.sqlite").path
        database = nil
        // navstate's snapshot table, as the floor has it, and beside it this node table.
        database = try FloorRows.openEmpty(at: path, creating: """
            CREATE TABLE IF NOT EXISTS inline_node (
                snapshot_id       INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
                node_id           INTEGER NOT NULL CHECK (node_id > 0),
                parent_id         INTEGER,
                path              TEXT    NOT NULL,
                identifier        TEXT    NOT NULL,
                title             TEXT,
                window_index      INTEGER NOT NULL CHECK (window_index >= 0),
                relation          TEXT    NOT NULL CHECK (relation = 'root' OR relation = 'stack' OR relation = 'tab'
                                                          OR relation = 'column' OR relation = 'child' OR relation = 'presented'),
                position          INTEGER NOT NULL CHECK (position >= 0),
                style             TEXT,
                is_selected       INTEGER NOT NULL DEFAULT 0 CHECK (is_selected IN (0, 1)),
                is_collapsed      INTEGER NOT NULL DEFAULT 0 CHECK (is_collapsed IN (0, 1)),
                view_loaded       INTEGER NOT NULL CHECK (view_loaded IN (0, 1)),
                appearance        TEXT    NOT NULL,
                class_name        TEXT    NOT NULL,
                class_version     INTEGER NOT NULL,
                restoration_class TEXT,
                payload           BLOB    NOT NULL,
                checksum          INTEGER NOT NULL,
                PRIMARY KEY (snapshot_id, node_id)
            ) WITHOUT ROWID
            """)
    }

    func save(_ window: Window) throws -> Double {
        var rows: [(FloorRow, Data)] = []
        let mainActor = milliseconds { FloorRows.walk(window) { rows.append(($0, $1)) } }
        guard let database else { return mainActor }
        try database.inTransaction {
            let snapshot = try FloorRows.insertSnapshot(into: database, controllerCount: rows.count)
            let node = try database.prepare("""
                INSERT INTO inline_node (snapshot_id, node_id, parent_id, path, identifier, title, window_index, relation, position,
                                         style, is_selected, view_loaded, appearance, class_name, class_version, payload, checksum)
                VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, 0, 'disappeared', ?, 0, ?, 0)
                """)
            // Bound as the floor binds its node rows, with the state's two columns at the end.
            for (row, payload) in rows {
                try node.execute(inPlace: [.integer(snapshot), row.id.databaseValue, row.parent.databaseValue, .text(row.path),
                                           .text(row.identifier), row.title.databaseValue, .text(row.relation),
                                           row.position.databaseValue, row.style.databaseValue, row.selected.databaseValue,
                                           .text(row.className), .blob(payload)])
            }
        }
        return mainActor
    }

    func restore() throws -> Window {
        let database = try Database(path: path, mode: .readOnly)
        var rows: [RestoredFloorRow] = []
        try database.prepare("SELECT \(FloorRows.restoredColumns) FROM inline_node ORDER BY node_id").forEachRow { row in
            rows.append(try FloorRows.restoredRow(row))
        }
        return FloorRows.build(rows)
    }
}
