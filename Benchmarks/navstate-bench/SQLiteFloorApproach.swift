@_spi(Restoration) import ControllerKit
import Foundation
import MailSample
@_spi(Restoration) import StateRestoration

/// The floor of navstate's design: the same rows in navstate's schema (the same paths,
/// identifiers and titles), written and read with hand-written prepared statements in one
/// transaction, with none of navstate's extras (checksums, registry, validation, reports,
/// incremental bookkeeping, crash mark).
@MainActor
final class SQLiteFloorApproach: Approach {
    let name = "sqlite-floor"
    private var path = ""
    private var database: Database?

    func prepare(in directory: URL) throws {
        path = directory.appendingPathComponent("floor.sqlite").path
        // Opened once, untimed, as navstate's store is.
        database = nil
        let opened = try Database(path: path, mode: .readWrite)
        try Migrator.migrate(opened)
        try opened.execute("DELETE FROM snapshot")
        try opened.execute("DELETE FROM controller_state")
        database = opened
    }

    private struct Row {
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
        var payload: Data
    }

    func save(_ window: Window) throws -> Double {
        var rows: [Row] = []
        // Payloads encoded from each coder's writes, key orders reused, as navstate's writer
        // does (on one core here).
        var orders = KeyedWrites.SortOrders()
        let mainActor = milliseconds {
            // Containers walked by position, each relation known without searching.
            @MainActor func visit(_ controller: ViewController, parent: Int?, parentPath: String, relation: String, position: Int,
                                  style: String?, selected: Bool) {
                let id = rows.count + 1
                let coder = Coder()
                controller.encodeRestorableState(with: coder)
                let payload = coder.takeUnreadWrites().map { PayloadCodec.encode($0, orders: &orders) } ?? PayloadCodec.encode(coder.values)
                let identifier = controller.restorationIdentifier ?? ""
                let path = parentPath + "/" + identifier
                rows.append(Row(id: id, parent: parent, path: path, identifier: identifier, title: controller.title,
                                className: BenchClasses.name(of: controller), relation: relation, position: position,
                                style: style, selected: selected, payload: payload))
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
        guard let database else { return mainActor }
        try database.inTransaction {
            try database.execute("""
                INSERT INTO snapshot (created_at, app_version, app_build, schema_version, platform, window_count, controller_count, checksum)
                VALUES ('2026-01-01T00:00:00.000Z', '1', '1', 1, 'bench', 1, ?, 0)
                """, [rows.count])
            let snapshot = database.lastInsertedRowID
            let state = try database.prepare("INSERT INTO controller_state (class_name, class_version, payload, checksum) VALUES (?, 0, ?, 0)")
            let node = try database.prepare("""
                INSERT INTO node (snapshot_id, node_id, parent_id, path, identifier, title, window_index, relation, position, style,
                                  is_selected, view_loaded, appearance, state_id, checksum)
                VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, 0, 'disappeared', ?, 0)
                """)
            // The same in-place binding as navstate's writer, so the floor stays the floor.
            for row in rows {
                try state.execute(inPlace: [.text(row.className), .blob(row.payload)])
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
        var rows: [(id: Int, parent: Int?, path: String, identifier: String, title: String?, className: String, relation: String,
                    position: Int, style: String?, selected: Bool, values: KeyedValues)] = []
        try database.prepare("""
            SELECT n.node_id, n.parent_id, n.identifier, s.class_name, n.relation, n.position, n.style, n.is_selected, s.payload,
                   n.path, n.title
            FROM node n JOIN controller_state s ON s.id = n.state_id ORDER BY n.node_id
            """).forEachRow { row in
            rows.append((Int(row.integer(at: 0) ?? 0), row.integer(at: 1).map(Int.init), row.text(at: 9) ?? "",
                         row.text(at: 2) ?? "", row.text(at: 10), row.text(at: 3) ?? "", row.text(at: 4) ?? "",
                         Int(row.integer(at: 5) ?? 0), row.text(at: 6), row.integer(at: 7) == 1,
                         // In place and kept sorted, as navstate's reader decodes payloads.
                         try row.withBlob(at: 8) { bytes throws(PayloadError) in try PayloadCodec.decodeKeyedValues(bytes) } ?? KeyedValues()))
        }
        let window = Window(application: Application())
        var controllers: [Int: ViewController] = [:]
        var children: [Int: [(Int, String, Int, String?, Bool)]] = [:]
        for row in rows {
            let coder = Coder(keyedValues: row.values, codingPath: [], classVersions: [:])
            let controller = BenchFactory.make(row.className, coder: coder)
            controller.restorationIdentifier = row.identifier
            controllers[row.id] = controller
            if let parent = row.parent { children[parent, default: []].append((row.id, row.relation, row.position, row.style, row.selected)) }
        }
        BenchFactory.attach(rows.first.flatMap { controllers[$0.id] }, children: children, controllers: controllers, window: window)
        for row in rows { controllers[row.id]?.decodeRestorableState(with: Coder(keyedValues: row.values, codingPath: [], classVersions: [:])) }
        return window
    }
}

/// Making and attaching controllers by class name, shared by the formats without a registry.
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
            presented.modalPresentationStyle = ModalPresentationStyle(rawValue: style) ?? .fullScreen
            presenter.present(presented, animated: false)
        }
    }
}
