import ControllerKit
import Foundation
@_spi(Restoration) @testable import StateRestoration
import Testing

/// Schema 4 packs controllers 256 to a row: a damaged byte still loses one controller, a damaged
/// frame loses its chunk and says which, and snapshots of earlier schemas read beside new ones.
@MainActor
@Suite struct PackedChunkTests {
    /// tabs[stack[n0 … n599]]: 602 controllers, in three chunks of 256, 256 and 90.
    private func store() throws -> (RestorationStore, TemporaryDirectory) {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let window = Window(application: Application())
        window.rootViewController = Make.tabs("tabs", [Make.nav("stack", (0..<600).map { Note("n\($0)") })])
        _ = try store.save(windows: [window], registry: registry)
        return (store, directory)
    }

    private var registry: RestorationRegistry {
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        return registry
    }

    /// Changes the bytes of one chunk row in place, as a damaged page would.
    private func damage(_ store: RestorationStore, table: String, key: String, _ change: (inout Data) -> Void) throws {
        _ = try store.withDatabase { database in
            let read = try database.prepare("SELECT records FROM \(table) WHERE \(key)")
            guard try read.step(), var bytes = read.blob(at: 0) else {
                Issue.record("no \(table) row where \(key)")
                return
            }
            read.reset()
            change(&bytes)
            try database.execute("UPDATE \(table) SET records = ? WHERE \(key)", [bytes])
        }
    }

    @Test func theRowsAreChunksOf256() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        let counts = try store.withDatabase { database in
            var counts: [Int64] = []
            try database.prepare("SELECT node_count FROM node_chunk ORDER BY chunk").forEachRow { counts.append($0.integer(at: 0) ?? 0) }
            try database.prepare("SELECT state_count FROM state_chunk ORDER BY id").forEachRow { counts.append($0.integer(at: 0) ?? 0) }
            return counts
        }
        #expect(counts == [256, 256, 90, 256, 256, 90])
        #expect(try store.withDatabase { try $0.scalarInteger("SELECT count(*) FROM snapshot_state_chunk") } == 3)
    }

    @Test func aByteChangedInOneRecordLosesThatControllerOnly() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        // n300's path, in the second chunk: its last byte becomes another digit.
        try damage(store, table: "node_chunk", key: "chunk = 1") { bytes in
            let path = Data("/tabs/stack/n300".utf8)
            guard let range = bytes.range(of: path) else {
                Issue.record("n300's path is not in chunk 1")
                return
            }
            bytes[range.upperBound - 1] = UInt8(ascii: "9")
        }
        let loaded = try store.loadSnapshot()
        #expect(loaded.problems.map(\.description) == [
            "/tabs/stack/n309 (node 303): its node row does not match its checksum (the file was damaged or edited)",
            "/tabs/stack (node 2): stack positions are \(Array(0..<300) + Array(301..<600)), not 0 to 598",
        ])
        #expect(loaded.snapshot.controllers.count == 601)
        let window = Window(application: Application())
        let report = try store.restore(into: window, registry: registry)
        #expect(report.dropped.map(\.path) == ["/tabs/stack/n309"])
        #expect((window.rootViewController?.children.first as? NavigationController)?.viewControllers.count == 599)
    }

    @Test func aDamagedFrameLosesItsChunkAndSaysWhich() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        // Byte 3 is the first record's length (after the version and a two-byte count).
        try damage(store, table: "node_chunk", key: "chunk = 1") { $0[3] ^= 0x01 }
        let loaded = try store.loadSnapshot()
        #expect(loaded.problems.map(\.description) == [
            "node_chunk 1 of snapshot 1 (node ?): this node_chunk row is lost: its frame does not match its checksum (the file was damaged or edited)",
            "/tabs/stack (node 2): stack positions are \(Array(0..<254) + Array(510..<600)), not 0 to 343",
            "/ (node ?): the snapshot holds 602 controllers but 346 rows were found (the file was damaged)",
        ])
        // n0 … n253 and n510 … n599: the 256 of the second chunk are gone, the others restore.
        #expect(loaded.snapshot.controllers.count == 346)
    }

    @Test func aDamagedStateChunkDropsTheControllersKeyedToIt() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        let last = try #require(try store.withDatabase { try $0.scalarInteger("SELECT max(id) FROM state_chunk") })
        try damage(store, table: "state_chunk", key: "id = \(last)") { $0[2] ^= 0x01 }
        let loaded = try store.loadSnapshot()
        #expect(loaded.problems.first?.description
                == "state_chunk \(last) (node ?): this state_chunk row is lost: its frame does not match its checksum (the file was damaged or edited)")
        let dropped = loaded.problems.filter { $0.reason == .wrongColumnType("state_id (no such controller state)") }
        #expect(dropped.map(\.path) == (510..<600).map { "/tabs/stack/n\($0)" })
        #expect(loaded.snapshot.controllers.count == 512)
    }

    /// A file of schema 3 migrates to 4 with its snapshot's rows as they were: it restores from
    /// them, a new save beside it is packed, and pruning the old one frees its rows.
    /// A copy of fixture `name` opened as a store, its snapshot as loaded, and a new save of
    /// stack[a, b] beside it.
    private func fixtureWithANewSave(_ name: String) throws
        -> (store: RestorationStore, directory: TemporaryDirectory, old: LoadedSnapshot, saved: SaveReport) {
        let directory = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: PackagePaths.fixtures.appendingPathComponent(name).path, toPath: directory.path())
        let store = try RestorationStore(path: directory.path(), configuration: StoreConfiguration(keepCount: 2))
        let old = try store.loadSnapshot()
        #expect(old.problems.isEmpty && !old.snapshot.controllers.isEmpty)
        let window = Window(application: Application())
        window.rootViewController = Make.nav("stack", [Note("a"), Note("b")])
        return (store, directory, old, try store.save(windows: [window], registry: registry))
    }

    @Test func aSnapshotOfAnEarlierSchemaReadsBesideANewOne() throws {
        let (store, directory, old, saved) = try fixtureWithANewSave("schema-3.sqlite")
        defer { _ = directory }
        #expect(try store.loadSnapshot(id: old.snapshot.id).snapshot.controllers == old.snapshot.controllers)
        #expect(try store.loadSnapshot(id: saved.snapshotID).snapshot.controllers.map(\.pathString) == ["/stack", "/stack/a", "/stack/b"])
        let legacyRows = { try store.withDatabase { try $0.scalarInteger("SELECT count(*) FROM node") } }
        #expect(try legacyRows() == Int64(old.snapshot.controllers.count))
        let pruned = try store.prune(keeping: 1)
        #expect(pruned.deletedSnapshotIDs == [old.snapshot.id])
        #expect(pruned.freedStateCount == old.snapshot.controllers.count)
        #expect(try legacyRows() == 0)
        #expect(try store.withDatabase { try $0.scalarInteger("SELECT count(*) FROM controller_state") } == 0)
        #expect(try store.loadSnapshot().snapshot.controllers.count == 3)
    }

    /// Chunks written before their records' checksums were `WordMix` (format version 1, FNV-1a)
    /// read beside the version-2 chunks of a new save in the same file: a damaged byte in either
    /// is still caught by the checksum of its own version.
    @Test func chunksOfBothVersionsReadInOneFile() throws {
        let (store, directory, old, saved) = try fixtureWithANewSave("schema-4.sqlite")
        defer { _ = directory }
        let versions = try store.withDatabase { database in
            var versions: [Int64: Int64] = [:]
            try database.prepare("SELECT snapshot_id, unicode(CAST(substr(records, 1, 1) AS TEXT)) FROM node_chunk").forEachRow { row in
                versions[row.integer(at: 0) ?? -1] = row.integer(at: 1)
            }
            return versions
        }
        #expect(versions == [old.snapshot.id: 1, saved.snapshotID: 2])
        #expect(try store.loadSnapshot(id: old.snapshot.id).snapshot.controllers == old.snapshot.controllers)
        let new = try store.loadSnapshot(id: saved.snapshotID)
        #expect(new.problems.isEmpty && new.snapshot.controllers.map(\.pathString) == ["/stack", "/stack/a", "/stack/b"])
        // The last byte of each chunk's last record (its checksum's last varint byte) changed.
        for snapshot in [old.snapshot.id, saved.snapshotID] {
            try damage(store, table: "node_chunk", key: "snapshot_id = \(snapshot)") { bytes in bytes[bytes.count - 1] ^= 0x01 }
            let damaged = try store.loadSnapshot(id: snapshot)
            #expect(damaged.problems.map(\.reason).contains(.checksumMismatch(table: "node")), "snapshot \(snapshot)")
        }
    }
}
