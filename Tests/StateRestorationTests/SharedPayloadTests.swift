import ControllerKit
import Foundation
@testable import StateRestoration
import Testing
import TestSupport

/// Every save asks every controller to encode, and writes only the payloads no kept snapshot
/// holds byte for byte; each snapshot reads as complete, with plain SQL as with the library.
@MainActor
@Suite struct SharedPayloadTests {
    /// A stack of `count` notes in a shown window, and a store with a registry for them.
    private func world(count: Int, keep: Int = 3) throws -> (RestorationStore, TemporaryDirectory, NavigationController, RestorationRegistry, Window) {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path(), configuration: StoreConfiguration(keepCount: keep))
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        let window = Window(application: Application())
        let stack = Make.nav("stack", (0..<count).map { Note("n\($0)") })
        window.rootViewController = stack
        window.makeKeyAndVisible()
        return (store, directory, stack, registry, window)
    }

    /// A value changed without anyone announcing it is saved by the next save: a UIKit app never
    /// calls `invalidateRestorableState()`.
    @Test func aChangedValueIsSavedWithoutAnnouncingIt() throws {
        let (store, directory, stack, registry, window) = try world(count: 3)
        defer { _ = directory }
        _ = try store.save(windows: [window], registry: registry)
        (stack.viewControllers[1] as? Note)?.text = "changed quietly"
        let second = try store.save(windows: [window], registry: registry)
        #expect(second.writtenPayloadCount == 1)
        let restored = Window(application: Application())
        _ = try store.restore(into: restored, registry: registry)
        let notes = (restored.rootViewController as? NavigationController)?.viewControllers.compactMap { $0 as? Note } ?? []
        #expect(notes.map(\.text) == ["text of n0", "changed quietly", "text of n2"])
    }

    /// An unchanged hierarchy writes no payload; one changed value writes one, of its own bytes;
    /// every snapshot still holds every controller.
    @Test func onlyPayloadsNoKeptSnapshotHoldsAreWritten() throws {
        let (store, directory, stack, registry, window) = try world(count: 200)
        defer { _ = directory }
        let first = try store.save(windows: [window], registry: registry)
        #expect(first.writtenPayloadCount == 201)
        let unchanged = try store.save(windows: [window], registry: registry)
        #expect(unchanged.writtenPayloadCount == 0 && unchanged.writtenPayloadBytes == 0)
        (stack.viewControllers[150] as? Note)?.count += 1
        let changed = try store.save(windows: [window], registry: registry)
        #expect(changed.writtenPayloadCount == 1)
        let values = try #require(store.loadSnapshot(id: changed.snapshotID).snapshot.controllers.first { $0.identifier == "n150" }).values
        #expect(changed.writtenPayloadBytes == PayloadCodec.encode(values).count)
        for id in [first.snapshotID, unchanged.snapshotID, changed.snapshotID] {
            let loaded = try store.loadSnapshot(id: id)
            #expect(loaded.problems.isEmpty)
            #expect(loaded.snapshot.controllers.count == 201)
        }
        #expect(try store.snapshots().map(\.sharedPayloadCount) == [200, 201, 201])
    }

    /// Payloads that refer to other controllers are shared like any other: references name
    /// controllers by their place in the walk, the same at every save of the same hierarchy.
    @Test func payloadsReferringToControllersAreSharedWhileUnchanged() throws {
        let (store, directory, stack, registry, window) = try world(count: 5)
        defer { _ = directory }
        registry.register(Linked.self, as: "Linked")
        let linked = (0..<4).map { Linked("l\($0)") }
        for (index, controller) in linked.enumerated() { controller.other = stack.viewControllers[index] }
        stack.setViewControllers(stack.viewControllers + linked, animated: false)
        _ = try store.save(windows: [window], registry: registry)
        (stack.viewControllers[4] as? Note)?.text = "one change"
        let second = try store.save(windows: [window], registry: registry)
        #expect(second.writtenPayloadCount == 1)
    }

    /// Pruning frees the payloads no kept snapshot uses, and only those.
    @Test func pruningFreesThePayloadsNothingKeptUses() throws {
        let (store, directory, stack, registry, window) = try world(count: 4, keep: 1)
        defer { _ = directory }
        _ = try store.save(windows: [window], registry: registry)
        (stack.viewControllers[0] as? Note)?.text = "new"
        let second = try store.save(windows: [window], registry: registry)
        #expect(second.prunedSnapshotCount == 1)
        let counts = try store.withDatabase { database in
            (try database.scalarInteger("SELECT count(*) FROM payload"),
             try database.scalarInteger("SELECT count(DISTINCT payload_hash) FROM controller"))
        }
        #expect(counts.0 == 5 && counts.1 == 5)
    }

    /// Plain SQL sees every snapshot's controllers through the documented view.
    @Test func theViewListsEverySnapshotsControllersWithTheirParentsPaths() throws {
        let (store, directory, _, registry, window) = try world(count: 2)
        defer { _ = directory }
        let saved = try store.save(windows: [window], registry: registry)
        var rows: [String] = []
        try store.withDatabase { database in
            try database.prepare("""
                SELECT path, class_name, parent_path, relation, position FROM snapshot_controller
                WHERE snapshot_id = (SELECT max(id) FROM snapshot) ORDER BY node_id
                """).forEachRow { row in
                rows.append([0, 1, 2, 3, 4].map { row.value(at: $0) }.map { "\($0)" }.joined(separator: " "))
            }
        }
        #expect(saved.snapshotID == 1)
        #expect(rows == [
            "text(\"/stack\") text(\"NavigationController\") null text(\"root\") integer(0)",
            "text(\"/stack/n0\") text(\"Note\") text(\"/stack\") text(\"stack\") integer(0)",
            "text(\"/stack/n1\") text(\"Note\") text(\"/stack\") text(\"stack\") integer(1)",
        ])
    }

    /// Codable values that the tree cannot hold are stored as JSON: their dates come back exactly.
    @Test func codableDatesComeBackExactly() throws {
        let coder = Coder()
        let when = Date(timeIntervalSinceReferenceDate: 721_692_800.1234568)
        struct Event: Codable, Equatable { var at: Date; var note: String? }
        coder.encodeEncodable(Event(at: when, note: nil), forKey: "event")
        let payload = PayloadCodec.encode(coder.values)
        let decoded = Coder(values: try PayloadCodec.decode(payload))
        #expect(decoded.decodeDecodable(Event.self, forKey: "event") == Event(at: when, note: nil))
        // Earlier versions wrote ISO 8601 text: still read.
        let old = Coder(values: ["event": .codable(Data(#"{"at":"2024-01-01T00:00:00Z"}"#.utf8))])
        #expect(old.decodeDecodable(Event.self, forKey: "event")?.at == Date(timeIntervalSince1970: 1_704_067_200))
    }
}

/// A controller that keeps a reference to another.
final class Linked: ViewController {
    weak var other: ViewController?

    convenience init(_ identifier: String) {
        self.init()
        restorationIdentifier = identifier
    }

    override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(other, forKey: "other")
    }
}
