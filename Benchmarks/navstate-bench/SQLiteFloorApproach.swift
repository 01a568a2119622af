@_spi(Restoration) import ControllerKit
import Foundation
import MailSample
@_spi(Restoration) import StateRestoration

/// The floor of navstate's design: the same rows in navstate's schema, its controllers packed
/// 256 to a `node_chunk` and a `state_chunk` row with the same records (the same paths,
/// identifiers, titles and payloads, in `RowChunk`'s format) and their `snapshot_state_chunk`
/// links, written and read with hand-written prepared statements in one transaction, on one
/// core, with none of navstate's extras (the records' checksums, registry, validation, reports,
/// incremental bookkeeping, crash mark). A chunk's frame checksum is kept: `RowChunk` makes it
/// as it packs, for a few bytes a record.
@MainActor
final class SQLiteFloorApproach: Approach {
    let name = "sqlite-floor"
    private var path = ""
    private var database: Database?
    /// Controllers per chunk, as navstate's writer packs them.
    static let chunkSize = 256

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
            let firstChunk = (try database.scalarInteger("SELECT max(id) FROM state_chunk") ?? 0) + 1
            let states = try database.prepare("INSERT INTO state_chunk (id, state_count, records, checksum) VALUES (?, ?, ?, ?)")
            let nodes = try database.prepare("""
                INSERT INTO node_chunk (snapshot_id, chunk, node_count, records, checksum) VALUES (?, ?, ?, ?, ?)
                """)
            let link = try database.prepare("INSERT INTO snapshot_state_chunk (snapshot_id, state_chunk_id) VALUES (?, ?)")
            for chunk in 0..<((rows.count + Self.chunkSize - 1) / Self.chunkSize) {
                let range = (chunk * Self.chunkSize)..<min((chunk + 1) * Self.chunkSize, rows.count)
                let stateChunk = firstChunk + Int64(chunk)
                var stateRecords: [[DatabaseValue]] = [], nodeRecords: [[DatabaseValue]] = []
                stateRecords.reserveCapacity(range.count)
                nodeRecords.reserveCapacity(range.count)
                for (slot, (row, payload)) in rows[range].enumerated() {
                    stateRecords.append([.text(row.className), .integer(0), .null, .blob(payload), .integer(0)])
                    nodeRecords.append([row.id.databaseValue, row.parent.databaseValue, .text(row.path), .text(row.identifier),
                                        row.title.databaseValue, .integer(0), .text(row.relation), row.position.databaseValue,
                                        row.style.databaseValue, row.selected.databaseValue, .integer(0), .integer(0),
                                        .text("disappeared"), .integer(stateChunk * Int64(RowChunk.maximumRows) + Int64(slot)),
                                        .integer(0)])
                }
                // The same in-place binding as navstate's writer, so the floor stays the floor.
                let packedStates = RowChunk.encode(stateRecords, place: [.integer(stateChunk)])
                try states.execute(inPlace: [.integer(stateChunk), range.count.databaseValue, .blob(packedStates.bytes),
                                             .integer(packedStates.frameChecksum)])
                let packedNodes = RowChunk.encode(nodeRecords, place: [.integer(snapshot), .integer(Int64(chunk))])
                try nodes.execute(inPlace: [.integer(snapshot), chunk.databaseValue, range.count.databaseValue, .blob(packedNodes.bytes),
                                            .integer(packedNodes.frameChecksum)])
                try link.execute(inPlace: [.integer(snapshot), .integer(stateChunk)])
            }
        }
        return mainActor
    }

    func restore() throws -> Window {
        let database = try Database(path: path, mode: .readOnly)
        // The state chunks first, copied into one buffer and decoded in place; the node records
        // are then decoded where SQLite holds them, each joined with its state by key.
        var stateBlobs: [(id: Int64, bytes: Data, checksum: Int64)] = []
        try database.prepare("SELECT id, records, checksum FROM state_chunk").forEachRow { row in
            stateBlobs.append((row.integer(at: 0) ?? 0, row.blob(at: 1) ?? Data(), row.integer(at: 2) ?? 0))
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: stateBlobs.reduce(0) { $0 + $1.bytes.count }, alignment: 8)
        defer { buffer.deallocate() }
        var states: [Int64: [Swift.Result<RowColumns, PayloadError>]] = [:]
        var offset = 0
        for blob in stateBlobs {
            let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<(offset + blob.bytes.count)])
            blob.bytes.copyBytes(to: slice)
            offset += blob.bytes.count
            states[blob.id] = try RowChunk.decode(UnsafeRawBufferPointer(slice), frameChecksum: blob.checksum,
                                                  place: [.integer(blob.id)], width: 5)
        }
        var rows: [RestoredFloorRow] = []
        try database.prepare("SELECT snapshot_id, chunk, records, checksum FROM node_chunk ORDER BY snapshot_id, chunk").forEachRow { row in
            let place: [DatabaseValue] = [.integer(row.integer(at: 0) ?? 0), .integer(row.integer(at: 1) ?? 0)]
            try row.withBlob(at: 2) { bytes in
                for case .success(let node) in try RowChunk.decode(bytes, frameChecksum: row.integer(at: 3) ?? 0, place: place, width: 15) {
                    let (chunk, slot) = (node.integer(at: 13) ?? 0).quotientAndRemainder(dividingBy: Int64(RowChunk.maximumRows))
                    guard let records = states[chunk], slot < records.count, case .success(let state) = records[Int(slot)] else { continue }
                    rows.append(try FloorRows.restoredRow(node: node, state: state))
                }
            }
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
