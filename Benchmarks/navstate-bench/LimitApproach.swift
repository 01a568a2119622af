import CSQLite
@_spi(Restoration) import ControllerKit
import Foundation
import StateRestoration

/// The practical floor of navstate's save and restore: the same work with nothing on top,
/// written with the SQLite C API directly (no checksums, registry, checks, reports, crash mark).
///
/// A save walks the controllers, encodes each one's keyed values into navstate's payload format
/// and inserts a row of the same size as navstate's, one per controller, with one prepared
/// statement in one transaction, through a connection already open (as an app's store is). A
/// restore opens the file, reads the rows with one prepared statement, decodes the payloads,
/// makes the same controllers, attaches them through the containment API, and loads and decodes
/// each one as an eager restore does.
@MainActor
final class LimitApproach: Approach {
    let name = "limit"
    private var path = ""
    private var connection: OpaquePointer?

    func prepare(in directory: URL) throws {
        // Created empty untimed, as navstate's store is before its timed save.
        sqlite3_close_v2(connection)
        connection = nil
        path = directory.appendingPathComponent("limit.sqlite").path
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let connection = try LimitSQL.open(path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        self.connection = connection
        // navstate's durability: a write-ahead log, synced at checkpoints.
        try LimitSQL.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL", on: connection)
        try LimitSQL.execute(LimitSQL.createTable, on: connection)
    }

    func save(_ window: Window) throws {
        guard let connection, let root = window.rootViewController else { return }
        try LimitSQL.execute("BEGIN IMMEDIATE", on: connection)
        let insert = try LimitSQL.prepare(LimitSQL.insert, on: connection)
        defer { sqlite3_finalize(insert) }
        var count: Int64 = 0
        func visit(_ controller: ViewController, parent: Int64?, parentPath: String, relation: String, position: Int,
                   style: String?, selected: Bool) throws {
            count += 1
            let id = count
            let coder = Coder()
            controller.encodeRestorableState(with: coder)
            let payload = PayloadCodec.encode(coder.values)
            let identifier = controller.restorationIdentifier ?? ""
            let path = parentPath + "/" + identifier
            try LimitSQL.insertRow(insert, on: connection, id: id, parent: parent, path: path, identifier: identifier,
                                   title: controller.title, relation: relation, position: position, style: style,
                                   selected: selected, className: BenchClasses.name(of: controller), payload: payload)
            let selectedTab = (controller as? TabBarController)?.selectedIndex
            let kind = controller is NavigationController ? "stack" : selectedTab != nil ? "tab" : "child"
            for (index, child) in controller.children.enumerated() {
                try visit(child, parent: id, parentPath: path, relation: kind, position: index, style: nil, selected: index == selectedTab)
            }
            if let presented = controller.presentedByThisController {
                try visit(presented, parent: id, parentPath: path, relation: "presented", position: 0,
                          style: presented.activePresentationStyle?.name, selected: false)
            }
        }
        do {
            try visit(root, parent: nil, parentPath: "", relation: "root", position: 0, style: nil, selected: false)
            try LimitSQL.execute("COMMIT", on: connection)
        } catch {
            try? LimitSQL.execute("ROLLBACK", on: connection)
            throw error
        }
    }

    func restore() throws -> Window {
        let connection = try LimitSQL.open(path, flags: SQLITE_OPEN_READONLY)
        defer { sqlite3_close_v2(connection) }
        let select = try LimitSQL.prepare(LimitSQL.select, on: connection)
        defer { sqlite3_finalize(select) }
        var controllers: [Int: ViewController] = [:]
        var links: [Int: [BenchLink]] = [:]
        var decodes: [(ViewController, Coder)] = []
        var root: ViewController?
        while true {
            let code = sqlite3_step(select)
            guard code == SQLITE_ROW else {
                try LimitSQL.check(code, connection)
                break
            }
            let id = Int(sqlite3_column_int64(select, 0))
            let blob = UnsafeRawBufferPointer(start: sqlite3_column_blob(select, 16), count: Int(sqlite3_column_bytes(select, 16)))
            let coder = Coder(values: try PayloadCodec.decode([UInt8](blob)))
            let controller = BenchFactory.make(LimitSQL.text(select, 13) ?? "", coder: coder)
            controller.restorationIdentifier = LimitSQL.text(select, 3)
            controllers[id] = controller
            decodes.append((controller, coder))
            if sqlite3_column_type(select, 1) == SQLITE_NULL {
                root = controller
            } else {
                let link = BenchLink(child: id, relation: LimitSQL.text(select, 6) ?? "", position: Int(sqlite3_column_int64(select, 7)),
                                     style: LimitSQL.text(select, 8), selected: sqlite3_column_int64(select, 9) == 1)
                links[Int(sqlite3_column_int64(select, 1)), default: []].append(link)
            }
        }
        let window = Window(application: Application())
        BenchFactory.attach(root, links: links, controllers: controllers, window: window)
        BenchFactory.loadAndDecode(decodes)
        return window
    }
}
