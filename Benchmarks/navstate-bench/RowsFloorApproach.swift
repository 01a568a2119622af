@_spi(Restoration) import ControllerKit
import Foundation
import MailSample
@_spi(Restoration) import StateRestoration

/// The floor of navstate's layout before schema 4: a row per controller in `node` and
/// `controller_state` (the same paths, identifiers and titles), written and read with
/// hand-written prepared statements in one transaction, with none of navstate's extras. Run
/// with `--rows`, to show what packing the rows bought.
@MainActor
final class RowsFloorApproach: Approach {
    let name = "sqlite-rows"
    private var path = ""
    private var database: Database?

    func prepare(in directory: URL) throws {
        path = directory.appendingPathComponent("rows.sqlite").path
        database = nil
        database = try FloorRows.openEmpty(at: path)
    }

    /// How long the last restore took to build the hierarchy from decoded values, for the
    /// restore bound the benchmark prints.
    private(set) var lastBuildMilliseconds = 0.0

    func save(_ window: Window) throws -> Double {
        var rows: [(FloorRow, Data)] = []
        let mainActor = milliseconds { FloorRows.walk(window) { rows.append(($0, $1)) } }
        guard let database else { return mainActor }
        try database.inTransaction {
            let snapshot = try FloorRows.insertSnapshot(into: database, controllerCount: rows.count)
            let state = try database.prepare("INSERT INTO controller_state (class_name, class_version, payload, checksum) VALUES (?, 0, ?, 0)")
            let node = try database.prepare("""
                INSERT INTO node (snapshot_id, node_id, parent_id, path, identifier, title, window_index, relation, position, style,
                                  is_selected, view_loaded, appearance, state_id, checksum)
                VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, 0, 'disappeared', ?, 0)
                """)
            // The same in-place binding as navstate's writer, so the floor stays the floor.
            for (row, payload) in rows {
                try state.execute(inPlace: [.text(row.className), .blob(payload)])
                try node.execute(inPlace: [.integer(snapshot), row.id.databaseValue, row.parent.databaseValue, .text(row.path),
                                           .text(row.identifier), row.title.databaseValue, .text(row.relation),
                                           row.position.databaseValue, row.style.databaseValue, row.selected.databaseValue,
                                           .integer(database.lastInsertedRowID)])
            }
        }
        return mainActor
    }

    func restore() throws -> Window {
        let database = try Database(path: path, mode: .readOnly)
        var rows: [RestoredFloorRow] = []
        // The columns `restoredRow` reads, from the node and its state (no name is in both tables).
        try database.prepare("""
            SELECT \(FloorRows.restoredColumns)
            FROM node n JOIN controller_state s ON s.id = n.state_id ORDER BY n.node_id
            """).forEachRow { row in
            // In place and kept sorted, as navstate's reader decodes payloads.
            rows.append(try FloorRows.restoredRow(row))
        }
        var window: Window?
        lastBuildMilliseconds = milliseconds { window = FloorRows.build(rows) }
        return window ?? Window(application: Application())
    }
}

