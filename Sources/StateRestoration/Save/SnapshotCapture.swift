@_spi(Restoration) import ControllerKit
import Foundation

/// Walks an application's windows on the main actor and records every controller that takes
/// part (`RESTORATION.md` §1). Only this step touches controllers; it runs their
/// `encodeRestorableState(with:)`, for the controllers whose values changed since the last save.
@MainActor
struct SnapshotCapture {
    let registry: RestorationRegistry

    /// A delta may hold at most this share of the hierarchy before the next save is a new anchor.
    nonisolated static let deltaLimit = 0.25

    func capture(_ windows: [Window], metadata: SnapshotMetadata,
                 state previous: IncrementalState = IncrementalState()) throws(StoreError) -> SnapshotDraft {
        let generation = RestorationChanges.structureGeneration
        let invalidations = RestorationChanges.stateGeneration
        if let draft = captureUnchangedStructure(windows, metadata: metadata, state: previous, generation: generation,
                                                 invalidations: invalidations) {
            return draft
        }
        var state = previous
        state.invalidationsSeen = invalidations
        var report = SaveReport(snapshotID: 0, saved: [], leftOut: [], warnings: [], prunedSnapshotCount: 0)
        var walker = HierarchyWalk(registry: registry, state: state)
        walker.walk(windows)
        var walked: WalkedControllers
        (state, walked) = walker.finish()

        // Encode what changed; share the saved state of everything else. Only this needs the main
        // actor; the records, paths and bookkeeping wait for the writer (``SnapshotDraft/plan()``).
        let nodes = walked.nodes
        let found = walked
        // `state.order` holds the walk's node ids: no second pass over the nodes for them.
        let context = ArchiveContext(registry: registry, controllerIDs: { found.idsByController },
                                     firstObjectID: (state.order.max() ?? 0) + 1)
        let paths = WalkedPaths(nodes)
        var writes: [KeyedWrites] = []
        writes.reserveCapacity(nodes.count)
        var reused: [Int: Int64] = [:]
        // One coder for every controller while nothing else keeps it (see `Coder.prepareForReuse`).
        var reusableCoder: ArchivingCoder?
        walked.generations.reserveCapacity(nodes.count)
        // A store's first save finds no entries: no lookups (hashing each id) to find that out.
        let hasEntries = state.hasEntries
        // Each reference is read where it is (``WeakControllerReference/load(at:)``): one copied
        // out of the array took and dropped a weak count on the controller's side table besides
        // the load (perf: a twentieth of a capture).
        let references = walked.controllers
        references.withUnsafeBufferPointer { references in
            // One reference per node, so there is an address whenever there is a node.
            guard let base = references.baseAddress else { return }
            for index in nodes.indices {
                // The walk holds its controllers weakly: one that the app let go while another
                // encoded (it should not) is saved as the walk found it, without values.
                guard let controller = WeakControllerReference.load(at: base + index) else {
                    writes.append(KeyedWrites())
                    walked.generations.append(0)
                    report.warnings.append("\(SnapshotPath.string(paths.codingPath(at: index))): released during the save, saved without its values")
                    continue
                }
                if hasEntries, let stateID = state.reusableState(for: controller, id: nodes[index].id) {
                    reused[nodes[index].id] = stateID
                    writes.append(KeyedWrites())
                    walked.generations.append(controller.restorableStateGeneration)
                    continue
                }
                var coder = reusableCoder.take() ?? ArchivingCoder(context: context)
                coder.prepareForReuse(pathSource: paths, index: index)
                controller.encodeRestorableState(with: coder)
                // Taken as written: the table is built off the main actor, if at all. Whether the
                // values refer to objects, the writer learns as it encodes them, and the errors of
                // values left to encode it reports.
                if let taken = coder.takeUnreadWrites() {
                    writes.append(taken)
                } else {
                    writes.append(KeyedWrites())
                    walked.readValues[index] = coder.values
                }
                reportErrors(of: coder, in: &report)
                // A coder the controller kept stays as it is: the next controller gets a new one.
                if isKnownUniquelyReferenced(&coder) { reusableCoder = coder }
                // After encoding: an invalidation the encoding made itself is already saved.
                walked.generations.append(controller.restorableStateGeneration)
            }
        }
        let objects = encodeObjects(context, report: &report)
        state.structureGeneration = generation
        state.lastSaved = []  // `plan()` lists them, off the main actor

        var draft = SnapshotDraft(metadata: metadata, windowCount: windows.count, records: [], writes: writes,
                                  objects: objects, capturedReport: report, controllerCount: nodes.count, reusedStateIDs: reused)
        draft.pendingState = state
        draft.walked = walked
        return draft
    }

    /// Runs one controller's `encodeRestorableState(with:)`; the coder holds what it wrote.
    private func encode(_ controller: ViewController, path: [String], context: ArchiveContext) -> ArchivingCoder {
        let coder = ArchivingCoder(context: context, codingPath: path)
        controller.encodeRestorableState(with: coder)
        return coder
    }

    /// The coder's errors as warnings: once its values were read or its writes taken, so that
    /// the errors of values encoded on reading are among them.
    private func reportErrors(of coder: Coder, in report: inout SaveReport) {
        guard coder.hasErrors else { return }
        let pathText = SnapshotPath.string(coder.codingPath)
        report.warnings += coder.errors.map { SaveReport.warning($0, at: pathText) }
    }

    /// Encodes the objects referenced along the way (queued, no recursion, so cycles and long
    /// chains of references are fine), numbered after the controllers.
    private func encodeObjects(_ context: ArchiveContext, report: inout SaveReport) -> [ObjectRecord] {
        var objects: [ObjectRecord] = []
        while let (id, object) = context.nextQueuedObject() {
            let coder = ArchivingCoder(context: context, codingPath: ["object \(id)"])
            object.encodeRestorableState(with: coder)
            let entry = registry.objectEntry(for: object)
            objects.append(ObjectRecord(id: id, className: entry?.name ?? "\(type(of: object))",
                                        classVersion: entry?.version ?? 0, values: coder.values))
            reportErrors(of: coder, in: &report)
        }
        report.warnings += context.warnings
        return objects
    }

    /// With no structural change since the last save the rows are the same: no walk, and the
    /// work is proportional to what changed, the controllers that invalidated their state and
    /// the rows already differing from the anchor. `nil` when a walk is needed.
    private func captureUnchangedStructure(_ windows: [Window], metadata: SnapshotMetadata, state previous: IncrementalState,
                                           generation: UInt64, invalidations: UInt64) -> SnapshotDraft? {
        guard previous.structureGeneration == generation, previous.lastSnapshotID != nil,
              previous.windowCount == windows.count else { return nil }
        var state = previous
        state.invalidationsSeen = invalidations
        guard let dirty = controllersToEncode(previous) else { return nil }
        var report = SaveReport(snapshotID: 0, saved: [], leftOut: previous.lastLeftOut, warnings: [], prunedSnapshotCount: 0)
        let context = ArchiveContext(registry: registry, controllerIDs: { previous.idsByController },
                                     firstObjectID: previous.nextNodeID)
        var encoded: [Int: ControllerRecord] = [:]
        for id in dirty {
            guard var entry = state.entry(id), let controller = entry.controller.value else { return nil }
            var record = entry.record
            let coder = encode(controller, path: record.path, context: context)
            record.values = coder.values
            reportErrors(of: coder, in: &report)
            encoded[id] = record
            entry.stateID = nil
            entry.stateGeneration = controller.restorableStateGeneration
            // Until the writer says again whether the new values refer to objects.
            entry.hasReferences = false
            state.recordReencoded(entry, for: id)
        }
        let objects = encodeObjects(context, report: &report)
        if previous.lastSaved.count == previous.order.count {
            report.saved = previous.lastSaved
        } else {
            report.saved.reserveCapacity(previous.order.count)
            for id in previous.order {
                if let entry = previous.entry(id) { report.saved.append(.init(path: entry.pathText, className: entry.record.className)) }
            }
            state.lastSaved = report.saved
        }
        func row(_ id: Int) -> ControllerRecord? { encoded[id] ?? state.entry(id)?.record }
        /// The saved states the unchanged ones of `ids` share with the last save: asked only for
        /// what a delta writes, not for every controller.
        func reusedStateIDs(_ ids: some Sequence<Int>) -> [Int: Int64] {
            var reused: [Int: Int64] = [:]
            for id in ids where encoded[id] == nil {
                if let stateID = state.entry(id)?.stateID { reused[id] = stateID }
            }
            return reused
        }
        // Only these can differ from the anchor: everything else is as at the last save.
        var differing = Set<Int>()
        for id in previous.differingFromAnchor.union(dirty) {
            guard let entry = state.entry(id) else { continue }
            if encoded[id] == nil, let stateID = entry.stateID, let anchor = state.anchorEntries[id],
               anchor.stateID == stateID, anchor.record.hasSameRow(as: entry.record) { continue }
            differing.insert(id)
        }
        state.differingFromAnchor = differing
        var draft: SnapshotDraft
        let limit = max(16, Int(Double(previous.order.count) * Self.deltaLimit))
        if let anchorID = state.anchorID, differing.count + state.removedFromAnchor.count <= limit {
            // In save order by the entries' positions, so the work follows what changed: filtering
            // the whole order, in closures that checked the executor for every controller, was a
            // sixth of an incremental save of 1,000 controllers (callgrind).
            var placed: [(position: Int, record: ControllerRecord)] = []
            placed.reserveCapacity(differing.count)
            for id in differing {
                if let entry = state.entry(id), let record = row(id) { placed.append((entry.position, record)) }
            }
            placed.sort { $0.position < $1.position }
            var changed: [ControllerRecord] = []
            changed.reserveCapacity(placed.count)
            for item in placed { changed.append(item.record) }
            draft = SnapshotDraft(metadata: metadata, windowCount: windows.count, records: changed, objects: objects,
                                  capturedReport: report, baseSnapshotID: anchorID, controllerCount: previous.order.count,
                                  reusedStateIDs: reusedStateIDs(differing),
                                  removedNodeIDs: state.removedFromAnchor)
        } else {
            var all: [ControllerRecord] = []
            all.reserveCapacity(previous.order.count)
            for id in previous.order {
                if let record = row(id) { all.append(record) }
            }
            draft = SnapshotDraft(metadata: metadata, windowCount: windows.count, records: all, objects: objects,
                                  capturedReport: report, controllerCount: previous.order.count,
                                  reusedStateIDs: reusedStateIDs(previous.order))
        }
        draft.pendingState = state
        return draft
    }

    /// The saved controllers to encode again, in save order: those whose state was invalidated
    /// since the last capture, and those encoded every time. Looks only at the invalidated ones
    /// when `RestorationChanges` still lists them all, else at every controller. `nil` when a
    /// saved controller is gone (the structure changed after all: walk).
    private func controllersToEncode(_ previous: IncrementalState) -> [Int]? {
        func needsEncoding(_ entry: IncrementalState.Entry) -> Bool? {
            guard let controller = entry.controller.value else { return nil }
            return entry.isEncodedEverySave || entry.stateGeneration != controller.restorableStateGeneration
        }
        guard let seen = previous.invalidationsSeen,
              let invalidated = RestorationChanges.controllersInvalidated(after: seen) else {
            var dirty: [Int] = []
            for id in previous.order {
                guard let entry = previous.entry(id), let needed = needsEncoding(entry) else { return nil }
                if needed { dirty.append(id) }
            }
            return dirty
        }
        var candidates = previous.needsEncoding
        for identity in invalidated {
            if let id = previous.idsByController[identity] { candidates.insert(id) }
        }
        var found: [(position: Int, id: Int)] = []
        for id in candidates {
            guard let entry = previous.entry(id), let needed = needsEncoding(entry) else { return nil }
            if needed { found.append((entry.position, id)) }
        }
        found.sort { $0.position < $1.position }
        return found.map(\.id)
    }
}
