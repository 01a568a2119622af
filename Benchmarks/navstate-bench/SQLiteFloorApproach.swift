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
