@_spi(Restoration) import ControllerKit
import Foundation
import MailSample
@_spi(Restoration) import StateRestoration

/// One controller as the floors store it: navstate's node and state columns, less what only
/// navstate keeps (checksums, appearance, registry names).
struct FloorRow {
    var id: Int
    var parent: Int?
    var path: String
    var identifier: String
    var title: String?
    var className: String
    var relation: String
    var position: Int
    var style: String?
    var selected: Bool
}

/// A row read back, with its payload decoded in place into sorted pairs, as navstate's reader does.
struct RestoredFloorRow {
    var row: FloorRow
    var values: KeyedValues
}

/// The floors' shared halves: the walk that saves and the build that restores. Both do less
/// than navstate (no validation, registry, report or crash mark), so that what the floors
/// measure is the storage.
@MainActor
enum FloorRows {
    /// The floor's database at `path`, in navstate's schema and emptied: opened once per run,
    /// untimed, as navstate's store is. `table`, when given, creates another schema's table
    /// beside it; its rows must cascade from `snapshot`'s to be emptied too. The deleted pages
    /// are reused by the next save, as in a store that prunes.
    static func openEmpty(at path: String, creating table: String? = nil) throws -> Database {
        let database = try Database(path: path, mode: .readWrite)
        try Migrator.migrate(database)
        if let table { try database.execute(table) }
        try database.execute("DELETE FROM snapshot")
        try database.execute("DELETE FROM controller_state")
        try database.execute("DELETE FROM state_chunk")
        return database
    }

    /// The columns both floors' restores select, in this order.
    static let restoredColumns = "node_id, parent_id, identifier, class_name, relation, position, style, is_selected, payload, path, title"

    /// A row of ``restoredColumns``, its payload decoded in place into sorted pairs.
    static func restoredRow(_ row: Statement) throws -> RestoredFloorRow {
        let floorRow = FloorRow(id: Int(row.integer(at: 0) ?? 0), parent: row.integer(at: 1).map(Int.init), path: row.text(at: 9) ?? "",
                                identifier: row.text(at: 2) ?? "", title: row.text(at: 10), className: row.text(at: 3) ?? "",
                                relation: row.text(at: 4) ?? "", position: Int(row.integer(at: 5) ?? 0), style: row.text(at: 6),
                                selected: row.integer(at: 7) == 1)
        let values = try row.withBlob(at: 8) { bytes throws(PayloadError) in try PayloadCodec.decodeKeyedValues(bytes) } ?? KeyedValues()
        return RestoredFloorRow(row: floorRow, values: values)
    }

    /// A node record joined with its state record (schema 4's columns), the payload decoded in
    /// place into sorted pairs.
    static func restoredRow(node: RowColumns, state: RowColumns) throws -> RestoredFloorRow {
        let floorRow = FloorRow(id: Int(node.integer(at: 0) ?? 0), parent: node.integer(at: 1).map(Int.init), path: node.text(at: 2) ?? "",
                                identifier: node.text(at: 3) ?? "", title: node.text(at: 4), className: state.text(at: 0) ?? "",
                                relation: node.text(at: 6) ?? "", position: Int(node.integer(at: 7) ?? 0), style: node.text(at: 8),
                                selected: node.integer(at: 9) == 1)
        return RestoredFloorRow(row: floorRow, values: try PayloadCodec.decodeKeyedValues(state[3].bytes))
    }

    /// Writes the snapshot row, without navstate's metadata or checksum, and returns its id.
    static func insertSnapshot(into database: Database, controllerCount: Int) throws -> Int64 {
        try database.execute("""
            INSERT INTO snapshot (created_at, app_version, app_build, schema_version, platform, window_count, controller_count, checksum)
            VALUES ('2026-01-01T00:00:00.000Z', '1', '1', 1, 'bench', 1, ?, 0)
            """, [controllerCount])
        return database.lastInsertedRowID
    }

    /// Every controller under the window's root, parents first, with its encoded payload.
    /// Payloads are encoded from each coder's writes with reused key orders, as navstate's
    /// writer does (on one core here).
    static func walk(_ window: Window, _ body: (FloorRow, Data) -> Void) {
        var orders = KeyedWrites.SortOrders()
        var count = 0
        // Containers walked by position, each relation known without searching.
        func visit(_ controller: ViewController, parent: Int?, parentPath: String, relation: String, position: Int,
                   style: String?, selected: Bool) {
            count += 1
            let id = count
            let coder = Coder()
            controller.encodeRestorableState(with: coder)
            let payload = if let writes = coder.takeUnreadWrites() {
                PayloadCodec.encode(writes, orders: &orders)
            } else {
                PayloadCodec.encode(coder.values)
            }
            let identifier = controller.restorationIdentifier ?? ""
            let path = parentPath + "/" + identifier
            body(FloorRow(id: id, parent: parent, path: path, identifier: identifier, title: controller.title,
                          className: BenchClasses.name(of: controller), relation: relation, position: position,
                          style: style, selected: selected), payload)
            let selectedTab = (controller as? TabBarController)?.selectedIndex
            let kind = controller is NavigationController ? "stack" : selectedTab != nil ? "tab" : "child"
            for (index, child) in controller.children.enumerated() {
                visit(child, parent: id, parentPath: path, relation: kind, position: index, style: nil, selected: index == selectedTab)
            }
            if let presented = controller.presentedViewController, presented.presentingViewController === controller {
                visit(presented, parent: id, parentPath: path, relation: "presented", position: 0,
                      style: presented.activePresentationStyle?.rawValue, selected: false)
            }
        }
        if let root = window.rootViewController {
            visit(root, parent: nil, parentPath: "", relation: "root", position: 0, style: nil, selected: false)
        }
    }

    /// Makes the controllers, attaches them through the containment API and decodes their
    /// state, parents first: the least any restore does once the values are in memory. By row
    /// index, in loops: a restore's own build (navstate's restorer) must not beat its floor.
    static func build(_ rows: [RestoredFloorRow]) -> Window {
        let window = Window(application: Application())
        var indexByID: [Int: Int] = [:]
        indexByID.reserveCapacity(rows.count)
        for index in rows.indices { indexByID[rows[index].row.id] = index }
        var controllers: [ViewController] = []
        controllers.reserveCapacity(rows.count)
        var parents: [Int?] = []
        parents.reserveCapacity(rows.count)
        var children = Array(repeating: [Int](), count: rows.count)
        var presented: [Int] = []
        for index in rows.indices {
            let row = rows[index].row
            let controller = BenchFactory.make(row.className, coder: Coder(keyedValues: rows[index].values, codingPath: [], classVersions: [:]))
            controller.restorationIdentifier = row.identifier
            controllers.append(controller)
            let parent = row.parent.flatMap { indexByID[$0] }
            parents.append(parent)
            guard let parent else { continue }
            if row.relation == "presented" { presented.append(index) } else { children[parent].append(index) }
        }
        window.rootViewController = controllers.first
        for parent in rows.indices where !children[parent].isEmpty {
            var kids = children[parent]
            // The walk wrote siblings in position order; sorted only if the file says otherwise.
            var ordered = true
            for position in kids.indices.dropFirst() where rows[kids[position - 1]].row.position > rows[kids[position]].row.position {
                ordered = false
            }
            if !ordered { kids.sort { rows[$0].row.position < rows[$1].row.position } }
            var members: [ViewController] = []
            members.reserveCapacity(kids.count)
            var selected: Int?
            for kid in kids {
                if rows[kid].row.selected, selected == nil { selected = members.count }
                members.append(controllers[kid])
            }
            let container = controllers[parent]
            if let navigation = container as? NavigationController {
                navigation.setViewControllers(members, animated: false)
            } else if let tabs = container as? TabBarController {
                tabs.setViewControllers(members, animated: false)
                if let selected { tabs.selectedIndex = selected }
            } else {
                for member in members {
                    container.addChild(member)
                    member.didMove(toParent: container)
                }
            }
        }
        for index in presented {
            guard let parent = parents[index] else { continue }
            let controller = controllers[index]
            controller.modalPresentationStyle = rows[index].row.style.flatMap(ModalPresentationStyle.init(rawValue:)) ?? .fullScreen
            controllers[parent].present(controller, animated: false)
        }
        for index in rows.indices {
            controllers[index].decodeRestorableState(with: Coder(keyedValues: rows[index].values, codingPath: [], classVersions: [:]))
        }
        return window
    }
}
