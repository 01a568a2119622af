@_spi(Restoration) import ControllerKit

/// What a walk found, in save order, for the planning that follows off the main actor.
struct WalkedControllers: Sendable {
    /// Each walked controller's weak reference: the last save's when it saw the same controller.
    var controllers: [WeakControllerReference] = []
    var generations: [UInt64] = []
    /// Where each one's parent or presenter comes in the list (before it); `nil` for a root.
    var parentIndices: [Int?] = []
}

extension SnapshotDraft {
    /// The bookkeeping after a walk, done by the writer rather than the main actor: unique
    /// paths, the report's paths, what the store will remember of each controller, which rows
    /// differ from the anchor, and whether the draft becomes a delta. Does nothing for drafts
    /// that need none.
    mutating func plan() throws(StoreError) {
        guard let walked, var state = pendingState else { return }
        self.walked = nil
        var entries: [Int: IncrementalState.Entry] = [:]
        entries.reserveCapacity(records.count)
        // Only a save that may become a delta needs to know what differs from the anchor: a full
        // one becomes the anchor, and `commit` starts that list over.
        let comparesWithAnchor = state.anchorID != nil && !state.anchorEntries.isEmpty
        var differing = Set<Int>()
        // Components under their parent, not whole paths: hashing every path's full text was
        // the costliest check of this loop, and a record copied in retained each of its fields.
        var componentsTaken: [SiblingPlace: Int] = [:]
        componentsTaken.reserveCapacity(records.count)
        for index in records.indices {
            // Each path's text from its parent's, kept in the parent's record (parents come
            // first); the writer and the report read it again.
            let parentIndex = walked.parentIndices[index]
            let pathText = records[index].keepPathString(parentText: parentIndex.map { records[$0].pathString })
            let record = records[index]
            let sibling = SiblingPlace(parent: parentIndex, component: record.path.last ?? "")
            if let otherIndex = componentsTaken.updateValue(index, forKey: sibling) {
                let other = records[otherIndex]
                throw StoreError.invalidHierarchy(reason: "\(other.className)(id: \(other.identifier.debugDescription)) and \(record.className)(id: \(record.identifier.debugDescription)) both have the restoration path \(pathText)")
            }
            // The entry shares the record; `IncrementalState.commit` drops its values once written.
            entries[record.id] = IncrementalState.Entry(
                controller: walked.controllers[index], record: record, pathText: pathText,
                stateID: reusedStateIDs[record.id], stateGeneration: walked.generations[index],
                hasReferences: false, position: index)
            report.saved.append(.init(path: pathText, className: record.className))
            guard comparesWithAnchor else { continue }
            if let stateID = reusedStateIDs[record.id], let anchor = state.anchorEntries[record.id],
               anchor.stateID == stateID, anchor.record.hasSameRow(as: record) { continue }
            differing.insert(record.id)
        }
        state.replaceEntries(entries)
        state.lastSaved = report.saved
        state.differingFromAnchor = differing
        state.removedFromAnchor = []
        if comparesWithAnchor {
            let present = Set(records.map(\.id))
            state.removedFromAnchor = state.anchorEntries.keys.filter { !present.contains($0) }.sorted()
        }
        pendingState = state
        // A delta over the anchor when little differs from it.
        let limit = max(16, Int(Double(records.count) * SnapshotCapture.deltaLimit))
        guard comparesWithAnchor, let anchorID = state.anchorID,
              differing.count + state.removedFromAnchor.count <= limit else { return }
        // `writes` stays beside `records`, index for index, or empty.
        var keptRecords: [ControllerRecord] = [], keptWrites: [KeyedWrites] = []
        for index in records.indices where differing.contains(records[index].id) {
            keptRecords.append(records[index])
            if !writes.isEmpty { keptWrites.append(writes[index]) }
        }
        (records, writes) = (keptRecords, keptWrites)
        removedNodeIDs = state.removedFromAnchor
        baseSnapshotID = anchorID
        reusedStateIDs = reusedStateIDs.filter { differing.contains($0.key) }
    }
}
