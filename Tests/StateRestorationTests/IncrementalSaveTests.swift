import ControllerKit
import Foundation
import MailSample
@testable import StateRestoration
import Testing

/// Incremental snapshots: a save after a small change writes only what changed, and every
/// snapshot still reads as complete.
@MainActor
@Suite struct IncrementalSaveTests {
    /// A stack of `count` notes in a shown window, and a store with a registry for them.
    private func world(count: Int, keep: Int = 5) throws -> (RestorationStore, TemporaryDirectory, Window, NavigationController, RestorationRegistry) {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path(), configuration: StoreConfiguration(keepCount: keep))
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        let window = Window(application: Application())
        let stack = Make.nav("stack", (0..<count).map { Note("n\($0)") })
        window.rootViewController = stack
        window.makeKeyAndVisible()
        return (store, directory, window, stack, registry)
    }

    /// What a full save of `window` would hold: path, class, relation, values.
    private func fullContents(_ window: Window, registry: RestorationRegistry) throws -> [String] {
        try SnapshotDraft.capture([window], registry: registry).controllers.map(describe)
    }

    private func describe(_ record: ControllerRecord) -> String {
        "\(record.pathString) \(record.className) \(record.relation) \(record.isViewLoaded) \(record.appearance) \(PayloadCodec.encode(record.values).base64EncodedString())"
    }

    private func loaded(_ store: RestorationStore, _ id: Int64) throws -> [String] {
        let snapshot = try store.loadSnapshot(id: id)
        #expect(snapshot.problems.isEmpty, "\(snapshot.problems)")
        return snapshot.snapshot.controllers.map(describe)
    }

    @Test func aFirstSaveIsFullAndOneChangedControllerWritesOneRow() throws {
        let (store, directory, window, stack, registry) = try world(count: 200)
        defer { _ = directory }
        let first = try store.save(windows: [window], registry: registry)
        #expect(first.baseSnapshotID == nil)
        #expect(first.writtenControllerCount == 201 && first.writtenStateCount == 201)

        let note = try #require(stack.viewControllers[57] as? Note)
        note.text = "edited"
        note.invalidateRestorableState()
        let second = try store.save(windows: [window], registry: registry)
        #expect(second.baseSnapshotID == first.snapshotID)
        #expect(second.writtenControllerCount == 1 && second.writtenStateCount == 1)
        #expect(try loaded(store, second.snapshotID) == fullContents(window, registry: registry))
        #expect(try loaded(store, first.snapshotID) != loaded(store, second.snapshotID))
    }

    /// More controllers than the writer prepares in one chunk, and more chunks than it prepares
    /// ahead: every row still pairs with its own payload and state id, in a full save and in a
    /// delta after it.
    @Test func aSaveOfManyChunksReadsBackExactly() throws {
        let count = SnapshotWriter.preparedChunk * (SnapshotWriter.chunksAhead + 2) - 7
        let (store, directory, window, stack, registry) = try world(count: count)
        defer { _ = directory }
        let first = try store.save(windows: [window], registry: registry)
        #expect(first.writtenControllerCount == count + 1 && first.writtenStateCount == count + 1)
        #expect(try loaded(store, first.snapshotID) == fullContents(window, registry: registry))

        for index in stride(from: 3, to: count, by: 397) {
            let note = try #require(stack.viewControllers[index] as? Note)
            note.text = "edited \(index)"
            note.invalidateRestorableState()
        }
        let second = try store.save(windows: [window], registry: registry)
        #expect(second.baseSnapshotID == first.snapshotID && second.writtenStateCount == 4)
        #expect(try loaded(store, second.snapshotID) == fullContents(window, registry: registry))
    }

    /// The store finishes its bookkeeping after a write on another thread: a save right after
    /// a background save, and right after a synchronous one, still builds on it (a delta of the
    /// one changed controller), and one after `discardAll()` starts over in full.
    @Test func aSaveRightAfterAnotherBuildsOnItsBookkeeping() async throws {
        let (store, directory, window, stack, registry) = try world(count: 300)
        defer { _ = directory }
        let first = try await store.saveInBackground(window.application, registry: registry)
        for round in 0..<3 {
            let note = try #require(stack.viewControllers[10 + round] as? Note)
            note.text = "edited \(round)"
            note.invalidateRestorableState()
            let next = try store.save(windows: [window], registry: registry)
            #expect(next.baseSnapshotID == first.snapshotID, "round \(round) overlays the first save")
            #expect(next.writtenStateCount == 1, "round \(round) encodes only the edited note")
            #expect(try loaded(store, next.snapshotID) == fullContents(window, registry: registry))
        }
        try store.discardAll()
        let afterDiscard = try store.save(windows: [window], registry: registry)
        #expect(afterDiscard.baseSnapshotID == nil && afterDiscard.writtenStateCount == 301)
    }

    /// A controller whose values refer to an object is encoded again at every save, with the
    /// object: a delta holds the object rows its references need, and restores them. Whether
    /// its coder was read back (the save then encodes a table, not the writes) does not matter,
    /// and the saves after the second (no walk: the structure did not change) still know it.
    @Test(arguments: [false, true])
    func aControllerReferringToAnObjectIsEncodedAgainAtEverySave(readsItsCoderBack: Bool) throws {
        let (store, directory, window, stack, registry) = try world(count: 40)
        defer { _ = directory }
        registry.register(Holder.self, as: "Holder")
        registry.register(ReadingHolder.self, as: "ReadingHolder")
        registry.registerObject(Account.self, as: "Account") { Account() }
        let account = Account()
        account.name = "ada"
        let holder: ViewController
        if readsItsCoderBack {
            let reading = ReadingHolder()
            reading.account = account
            holder = reading
        } else {
            let plain = Holder()
            plain.account = account
            holder = plain
        }
        holder.restorationIdentifier = "holder"
        stack.pushViewController(holder, animated: false)
        _ = try store.save(windows: [window], registry: registry)

        let note = try #require(stack.viewControllers[5] as? Note)
        for (round, text) in ["edited", "edited again", "edited once more"].enumerated() {
            note.text = text
            note.invalidateRestorableState()
            let delta = try store.save(windows: [window], registry: registry)
            #expect(delta.baseSnapshotID != nil)
            #expect(delta.writtenControllerCount == 2, "save \(round + 2): the edited note and the holder, encoded again for its reference")
        }

        let restoredWindow = Window(application: Application())
        let report = try store.restore(into: restoredWindow, registry: registry)
        #expect(report.dropped.isEmpty, "\(report.dropped)")
        let restoredStack = try #require(restoredWindow.rootViewController as? NavigationController)
        let restoredHolder = restoredStack.viewControllers.last
        #expect(((restoredHolder as? Holder)?.account ?? (restoredHolder as? ReadingHolder)?.account)?.name == "ada")
    }

    /// A save after invalidations looks only at the invalidated controllers, as
    /// `RestorationChanges` lists them; when more happened than that list keeps, it checks every
    /// controller instead, and misses nothing either way.
    @Test func invalidatedControllersAreFoundFromTheLogAndWithoutItAfterAnOverflow() throws {
        let (store, directory, window, stack, registry) = try world(count: 200)
        defer { _ = directory }
        _ = try store.save(windows: [window], registry: registry)
        for index in [150, 3, 77] {
            let note = try #require(stack.viewControllers[index] as? Note)
            note.text = "edited \(index)"
            note.invalidateRestorableState()
        }
        let fromLog = try store.save(windows: [window], registry: registry)
        #expect(fromLog.writtenStateCount == 3 && fromLog.writtenControllerCount == 3)
        #expect(try loaded(store, fromLog.snapshotID) == fullContents(window, registry: registry))

        let changed = try #require(stack.viewControllers[10] as? Note)
        changed.text = "edited before the log overflowed"
        changed.invalidateRestorableState()
        let unrelated = Note("elsewhere"), another = Note("elsewhere too")
        let before = RestorationChanges.stateGeneration
        // Alternating: calls in a row by one controller take one entry of the log.
        for _ in 0..<2_500 {
            unrelated.invalidateRestorableState()
            another.invalidateRestorableState()
        }
        #expect(RestorationChanges.controllersInvalidated(after: before) == nil)
        let afterOverflow = try store.save(windows: [window], registry: registry)
        #expect(afterOverflow.writtenStateCount == 1 && afterOverflow.writtenControllerCount == 4)
        #expect(try loaded(store, afterOverflow.snapshotID) == fullContents(window, registry: registry))
    }

    /// The store remembers each controller's row between saves, not its values: those are in
    /// the state rows already, and keeping them would hold every controller's state in memory.
    @Test func theStoreKeepsNoValuesBetweenSaves() throws {
        let (store, directory, window, stack, registry) = try world(count: 50)
        defer { _ = directory }
        _ = try store.save(windows: [window], registry: registry)
        #expect(store.retainedValueCount == 0)
        (stack.viewControllers[3] as? Note)?.text = "changed"
        stack.viewControllers[3].invalidateRestorableState()
        stack.pushViewController(Note("pushed"), animated: false)
        _ = try store.save(windows: [window], registry: registry)
        #expect(store.retainedValueCount == 0)
    }

    @Test func nothingChangedWritesNoRowAndStillReadsComplete() throws {
        let (store, directory, window, _, registry) = try world(count: 50)
        defer { _ = directory }
        _ = try store.save(windows: [window], registry: registry)
        let again = try store.save(windows: [window], registry: registry)
        #expect(again.writtenControllerCount == 0 && again.writtenStateCount == 0)
        #expect(try loaded(store, again.snapshotID) == fullContents(window, registry: registry))
    }

    @Test func aValueChangedWithoutInvalidatingKeepsItsSavedValue() throws {
        let (store, directory, window, stack, registry) = try world(count: 3)
        defer { _ = directory }
        _ = try store.save(windows: [window], registry: registry)
        (stack.viewControllers[1] as? Note)?.text = "changed quietly"
        let second = try store.save(windows: [window], registry: registry)
        // As in AppKit: state changes are announced with invalidateRestorableState().
        #expect(second.writtenStateCount == 0)
        let values = try store.loadSnapshot(id: second.snapshotID).snapshot.controllers.first { $0.identifier == "n1" }?.values
        #expect(values?["text"] == .string("text of n1"))
    }

    @Test func structuralChangesWriteTheRowsTheyTouchAndTombstonesForRemovedControllers() throws {
        let (store, directory, window, stack, registry) = try world(count: 100)
        defer { _ = directory }
        let first = try store.save(windows: [window], registry: registry)
        let pushed = Note("pushed")
        stack.pushViewController(pushed, animated: true)
        let second = try store.save(windows: [window], registry: registry)
        // The pushed controller is new; the old top changed appearance: two rows, one state.
        #expect(second.baseSnapshotID == first.snapshotID)
        #expect(second.writtenControllerCount == 2 && second.writtenStateCount == 1)
        #expect(try loaded(store, second.snapshotID) == fullContents(window, registry: registry))

        // Popping back to n94 removes n95…n99 from what the anchor holds (the pushed one never
        // was in it): five tombstones, and n94's row, now on top.
        stack.popToViewController(stack.viewControllers[94], animated: true)
        let third = try store.save(windows: [window], registry: registry)
        #expect(third.baseSnapshotID == first.snapshotID)
        #expect(third.writtenControllerCount == 1 && third.writtenStateCount == 0)
        #expect(try loaded(store, third.snapshotID) == fullContents(window, registry: registry))
        let removed = try store.withDatabase { try $0.scalarInteger("SELECT count(*) FROM removed_node WHERE snapshot_id = ?", [third.snapshotID]) }
        #expect(removed == 5)

        // Popping to the root changes 99 of 101: more than a quarter, so a new anchor.
        stack.popToRootViewController(animated: true)
        let fourth = try store.save(windows: [window], registry: registry)
        #expect(fourth.baseSnapshotID == nil)
        #expect(try loaded(store, fourth.snapshotID) == fullContents(window, registry: registry))
    }

    /// Many saves without a walk in a row: small deltas, one large enough to become a new
    /// anchor, then deltas over that one. Each snapshot reads as the full hierarchy did, and
    /// each writes exactly the controllers changed since the save before.
    @Test func aLongRunOfSavesWithoutAWalkStaysExact() throws {
        let (store, directory, window, stack, registry) = try world(count: 100, keep: 50)
        defer { _ = directory }
        let first = try store.save(windows: [window], registry: registry)
        let notes = stack.viewControllers.compactMap { $0 as? Note }
        var anchor = first.snapshotID
        let rounds: [[Int]] = [[5], [5, 17], [99], Array(0..<40), [17], [3, 4], [40]]
        for (round, changed) in rounds.enumerated() {
            for index in changed {
                notes[index].count += 1
                notes[index].invalidateRestorableState()
            }
            let report = try store.save(windows: [window], registry: registry)
            #expect(report.writtenStateCount == changed.count, "round \(round)")
            if changed.count > 25 {
                #expect(report.baseSnapshotID == nil, "round \(round) makes a new anchor")
                anchor = report.snapshotID
            } else {
                #expect(report.baseSnapshotID == anchor, "round \(round)")
            }
            #expect(try loaded(store, report.snapshotID) == fullContents(window, registry: registry), "round \(round)")
        }
        // A walk at last: compared with the anchor made without one, only the new note differs.
        stack.pushViewController(Note("pushed"), animated: false)
        let walked = try store.save(windows: [window], registry: registry)
        #expect(walked.baseSnapshotID == anchor)
        // The new note, the four changed since the anchor, and the old top, now disappeared.
        #expect(walked.writtenStateCount == 1 && walked.writtenControllerCount == 6)
        #expect(try loaded(store, walked.snapshotID) == fullContents(window, registry: registry))
        #expect(store.retainedValueCount == 0)
    }

    @Test func aDeltaLargerThanAQuarterMakesANewAnchor() throws {
        let (store, directory, window, stack, registry) = try world(count: 100)
        defer { _ = directory }
        _ = try store.save(windows: [window], registry: registry)
        for note in stack.viewControllers.prefix(60).compactMap({ $0 as? Note }) {
            note.count += 1
            note.invalidateRestorableState()
        }
        let second = try store.save(windows: [window], registry: registry)
        #expect(second.baseSnapshotID == nil)
        #expect(second.writtenControllerCount == 101 && second.writtenStateCount == 60)
        #expect(try loaded(store, second.snapshotID) == fullContents(window, registry: registry))
    }

    @Test func aStoreOpenedFreshSavesInFull() throws {
        let (store, directory, window, _, registry) = try world(count: 20)
        _ = try store.save(windows: [window], registry: registry)
        let reopened = try RestorationStore(path: store.path)
        let report = try reopened.save(windows: [window], registry: registry)
        #expect(report.baseSnapshotID == nil && report.writtenControllerCount == 21)
        _ = directory
    }

    @Test func pruningNeverDeletesARowAKeptSnapshotUses() throws {
        let (store, directory, window, stack, registry) = try world(count: 40, keep: 2)
        defer { _ = directory }
        var expected: [Int64: [String]] = [:]
        for round in 0..<30 {
            let note = stack.viewControllers[round % 40] as? Note
            note?.count += 1
            note?.invalidateRestorableState()
            if round % 7 == 3 { stack.pushViewController(Note("extra\(round)"), animated: false) }
            let report = try store.save(windows: [window], registry: registry)
            expected[report.snapshotID] = try fullContents(window, registry: registry)
            for summary in try store.snapshots() {
                #expect(try loaded(store, summary.id) == expected[summary.id], "round \(round), snapshot \(summary.id)")
            }
        }
        let summaries = try store.snapshots()
        // The newest two, and the anchor they overlay when they are deltas.
        #expect(summaries.count <= 3)
        let orphans = try store.withDatabase {
            try $0.scalarInteger("SELECT count(*) FROM state_chunk WHERE id NOT IN (SELECT state_chunk_id FROM snapshot_state_chunk)")
        }
        #expect(orphans == 0)
        let restoredWindow = Window(application: Application())
        let restore = try store.restore(into: restoredWindow, registry: registry)
        #expect(restore.didRestore && restore.dropped.isEmpty)
    }

    /// The sample app is the model apps copy: every value it saves announces its change, so an
    /// incremental save after changing its arrays, dictionaries and a saved title holds what a full save holds.
    @Test func theSampleAppAnnouncesEveryValueItSaves() throws {
        let directory = TemporaryDirectory()
        defer { _ = directory }
        let store = try RestorationStore(path: directory.path())
        let registry = MailSample.makeRegistry()
        let window = Window(application: Application())
        MailSample.buildSessionEndState(in: window)
        window.makeKeyAndVisible()
        let first = try store.save(windows: [window], registry: registry)
        let all = window.allControllers()
        let list = try #require(all.compactMap { $0 as? MailboxListController }.first { $0.restorationIdentifier == "messages" })
        list.visibleMessageIDs.append("1044")
        // A title this sample saves among the values, on a controller with no other change.
        try #require(all.compactMap { $0 as? MailboxListController }.first { $0.restorationIdentifier == "mailboxes" }).title = "Accounts"
        try #require(all.compactMap { $0 as? MessageController }.first).labels = ["work"]
        try #require(all.compactMap { $0 as? SearchController }.first).recentQueries = ["invoice"]
        try #require(all.compactMap { $0 as? SettingsController }.first).toggles["sounds"] = false

        let second = try store.save(windows: [window], registry: registry)
        #expect(second.baseSnapshotID == first.snapshotID)
        #expect(second.writtenStateCount == 5)
        #expect(try loaded(store, second.snapshotID) == fullContents(window, registry: registry))
    }
}
