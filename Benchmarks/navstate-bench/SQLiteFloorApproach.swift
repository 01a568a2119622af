@_spi(Restoration) import ControllerKit
import Foundation
import MailSample
import StateRestoration

/// The floor of navstate's design: schema 5's own rows (a `snapshot` row, a `payload` row per
/// distinct keyed-value content, a `controller` row per controller), written and read with
/// hand-written prepared statements in one transaction, with none of navstate's extras
/// (checksums, registry, validation, structural checks, reports, crash mark). As navstate's, its
/// save writes through a connection already open, and its restore opens the file.
@MainActor
final class SQLiteFloorApproach: Approach {
    let name = "sqlite-floor"
    private var path = ""
    private var database: Database?

    func prepare(in directory: URL) throws {
        path = directory.appendingPathComponent("floor.sqlite").path
        // Created and emptied untimed, as navstate's store is before its timed save.
        database = nil
        let database = try Database(path: path, mode: .readWrite)
        try Migrator.migrate(database)
        try database.execute("DELETE FROM snapshot")
        try database.execute("DELETE FROM payload")
        self.database = database
    }

    func save(_ window: Window) throws -> Double {
        var rows: [(row: FloorRow, payload: Data)] = []
        let mainActor = milliseconds { FloorRow.walk(window) { rows.append(($0, PayloadCodec.encode($1))) } }
        guard let database else { return mainActor }
        try database.inTransaction {
            try database.execute("""
                INSERT INTO snapshot (created_at, app_version, app_build, schema_version, platform, window_count, controller_count, checksum)
                VALUES ('2026-01-01T00:00:00.000Z', '1', '1', 5, 'bench', 1, ?, 0)
                """, [rows.count])
            let snapshot = database.lastInsertedRowID
            let payload = try database.prepare("INSERT OR IGNORE INTO payload (hash, bytes) VALUES (?, ?)")
            let controller = try database.prepare("""
                INSERT INTO controller (snapshot_id, node_id, parent_id, path, identifier, title, window_index, relation, position,
                                        style, is_selected, is_collapsed, view_loaded, appearance, class_name, class_version,
                                        restoration_class, payload_hash, checksum)
                VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, 0, 0, 'disappeared', ?, 0, NULL, ?, 0)
                """)
            for (row, bytes) in rows {
                let hash = Int64(bitPattern: UInt64(truncatingIfNeeded: bytes.hashValue))
                try payload.execute([hash, bytes])
                try controller.execute([snapshot, row.id, row.parent, row.path, row.identifier, row.title, row.relation,
                                        row.position, row.style, row.selected, row.className, hash])
            }
        }
        return mainActor
    }

    func restore() throws -> Window {
        let database = try Database(path: path, mode: .readOnly)
        var rows: [(row: FloorRow, values: [String: CodedValue])] = []
        try database.prepare("""
            SELECT c.node_id, c.parent_id, c.path, c.identifier, c.title, c.class_name, c.relation, c.position, c.style,
                   c.is_selected, p.bytes
            FROM controller c JOIN payload p ON p.hash = c.payload_hash
            WHERE c.snapshot_id = (SELECT max(id) FROM snapshot) ORDER BY c.node_id
            """).forEachRow { row in
            let floorRow = FloorRow(id: Int(row.integer(at: 0) ?? 0), parent: row.integer(at: 1).map(Int.init),
                                    path: row.text(at: 2) ?? "", identifier: row.text(at: 3) ?? "", title: row.text(at: 4),
                                    className: row.text(at: 5) ?? "", relation: row.text(at: 6) ?? "",
                                    position: Int(row.integer(at: 7) ?? 0), style: row.text(at: 8), selected: row.integer(at: 9) == 1)
            rows.append((floorRow, try PayloadCodec.decode(row.blob(at: 10) ?? Data())))
        }
        return FloorRow.build(rows)
    }
}

/// One controller as the floor stores it: navstate's columns, less what only navstate keeps.
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

    /// Every controller under the window's root, parents first, with the values it encoded.
    @MainActor
    static func walk(_ window: Window, _ body: (FloorRow, [String: CodedValue]) -> Void) {
        var count = 0
        func visit(_ controller: ViewController, parent: Int?, parentPath: String, relation: String, position: Int,
                   style: String?, selected: Bool) {
            count += 1
            let id = count
            let coder = Coder()
            controller.encodeRestorableState(with: coder)
            let identifier = controller.restorationIdentifier ?? ""
            let path = parentPath + "/" + identifier
            body(FloorRow(id: id, parent: parent, path: path, identifier: identifier, title: controller.title,
                          className: BenchClasses.name(of: controller), relation: relation, position: position,
                          style: style, selected: selected), coder.values)
            let selectedTab = (controller as? TabBarController)?.selectedIndex
            let kind = controller is NavigationController ? "stack" : selectedTab != nil ? "tab" : "child"
            for (index, child) in controller.children.enumerated() {
                visit(child, parent: id, parentPath: path, relation: kind, position: index, style: nil, selected: index == selectedTab)
            }
            if let presented = controller.presentedByThisController {
                visit(presented, parent: id, parentPath: path, relation: "presented", position: 0,
                      style: presented.activePresentationStyle?.name, selected: false)
            }
        }
        if let root = window.rootViewController {
            visit(root, parent: nil, parentPath: "", relation: "root", position: 0, style: nil, selected: false)
        }
    }

    /// Makes the controllers, attaches them through the containment API and decodes their
    /// state, parents first: the least any restore does once the values are in memory.
    @MainActor
    static func build(_ rows: [(row: FloorRow, values: [String: CodedValue])]) -> Window {
        let window = Window(application: Application())
        var indexByID: [Int: Int] = [:]
        for (index, entry) in rows.enumerated() { indexByID[entry.row.id] = index }
        var controllers: [ViewController] = []
        var children = Array(repeating: [Int](), count: rows.count)
        var presented: [(parent: Int, index: Int)] = []
        for (index, entry) in rows.enumerated() {
            let controller = BenchFactory.make(entry.row.className, coder: Coder(values: entry.values))
            controller.restorationIdentifier = entry.row.identifier
            controllers.append(controller)
            guard let parent = entry.row.parent.flatMap({ indexByID[$0] }) else { continue }
            if entry.row.relation == "presented" { presented.append((parent, index)) } else { children[parent].append(index) }
        }
        window.rootViewController = controllers.first
        for parent in rows.indices where !children[parent].isEmpty {
            let kids = children[parent].sorted { rows[$0].row.position < rows[$1].row.position }
            let members = kids.map { controllers[$0] }
            let container = controllers[parent]
            if let navigation = container as? NavigationController {
                navigation.setViewControllers(members, animated: false)
            } else if let tabs = container as? TabBarController {
                tabs.setViewControllers(members, animated: false)
                if let selected = kids.firstIndex(where: { rows[$0].row.selected }) { tabs.selectedIndex = selected }
            } else {
                for member in members {
                    container.addChild(member)
                    member.didMove(toParent: container)
                }
            }
        }
        for (parent, index) in presented {
            controllers[index].modalPresentationStyle = rows[index].row.style.flatMap(ModalPresentationStyle.init(name:)) ?? .fullScreen
            controllers[parent].present(controllers[index], animated: false)
        }
        for (index, entry) in rows.enumerated() {
            controllers[index].decodeRestorableState(with: Coder(values: entry.values))
        }
        return window
    }
}

/// Making controllers by class name, for the formats without a registry.
@MainActor
enum BenchFactory {
    static func make(_ className: String, coder: Coder) -> ViewController {
        let made: ViewController?
        switch className {
        case "MailboxListController": made = MailboxListController(coder: coder)
        case "MessageController": made = MessageController(coder: coder)
        case "AttachmentViewerController": made = AttachmentViewerController(coder: coder)
        case "ComposeController": made = ComposeController(coder: coder)
        case "SearchController": made = SearchController(coder: coder)
        case "NavigationController": made = NavigationController(coder: coder)
        case "TabBarController": made = TabBarController(coder: coder)
        default: made = ViewController(coder: coder)
        }
        return made ?? ViewController()
    }

    /// Rebuilds relations top-down through the containment API, presentations last.
    static func attach(_ root: ViewController?, children: [Int: [(Int, String, Int, String?, Bool)]],
                       controllers: [Int: ViewController], window: Window) {
        window.rootViewController = root
        var presentations: [(ViewController, ViewController, String)] = []
        for (parentID, kids) in children.sorted(by: { $0.key < $1.key }) {
            guard let parent = controllers[parentID] else { continue }
            let contained = kids.filter { $0.1 != "presented" }.sorted { $0.2 < $1.2 }
            let members = contained.compactMap { controllers[$0.0] }
            if let navigation = parent as? NavigationController {
                navigation.setViewControllers(members, animated: false)
            } else if let tabs = parent as? TabBarController {
                tabs.setViewControllers(members, animated: false)
                if let selected = contained.firstIndex(where: { $0.4 }) { tabs.selectedIndex = selected }
            } else {
                for member in members {
                    parent.addChild(member)
                    member.didMove(toParent: parent)
                }
            }
            for kid in kids where kid.1 == "presented" {
                if let presented = controllers[kid.0] { presentations.append((parent, presented, kid.3 ?? "fullScreen")) }
            }
        }
        for (presenter, presented, style) in presentations {
            presented.modalPresentationStyle = ModalPresentationStyle(name: style) ?? .fullScreen
            presenter.present(presented, animated: false)
        }
    }
}
