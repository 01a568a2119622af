@_spi(Restoration) import ControllerKit

extension SnapshotDraft {
    /// The bookkeeping after a walk, done by the writer rather than the main actor: unique
    /// paths, the report's paths, what the store will remember of each controller, which rows
    /// differ from the anchor, and whether the draft becomes a delta. Does nothing for drafts
    /// that need none.
    mutating func plan() throws(StoreError) {
        guard let walked, var state = pendingState else { return }
        makeRecordsIfNeeded()
        self.walked = nil
        state.idsByController = walked.idsByController
        state.lastLeftOut = capturedReport.leftOut
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
            let record = records[index]
            let pathText = record.pathString
            let sibling = SiblingPlace(parent: walked.nodes[index].parentIndex, component: record.path.last ?? "")
            if let otherIndex = componentsTaken.updateValue(index, forKey: sibling) {
                let other = records[otherIndex]
                throw StoreError.invalidHierarchy(reason: "\(other.className)(id: \(other.identifier.debugDescription)) and \(record.className)(id: \(record.identifier.debugDescription)) both have the restoration path \(pathText)")
            }
            // The entry shares the record; `IncrementalState.commit` drops its values once written.
            entries[record.id] = IncrementalState.Entry(
                controller: walked.controllers[index], record: record, pathText: pathText,
                stateID: reusedStateIDs[record.id], stateGeneration: walked.generations[index],
                hasReferences: false, position: index)
            capturedReport.saved.append(.init(path: pathText, className: record.className))
            guard comparesWithAnchor else { continue }
            if let stateID = reusedStateIDs[record.id], let anchor = state.anchorEntries[record.id],
               anchor.stateID == stateID, anchor.record.hasSameRow(as: record) { continue }
            differing.insert(record.id)
        }
        state.replaceEntries(entries)
        state.lastSaved = capturedReport.saved
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

extension SnapshotDraft {
    /// Whether ``plan()`` may turn this draft into a delta, changing what it writes: only after
    /// a walk, with an anchor to compare with.
    var mayBecomeDelta: Bool {
        guard walked != nil, let state = pendingState else { return false }
        return state.anchorID != nil && !state.anchorEntries.isEmpty
    }

    /// Makes the records of the walk, unless they were made already.
    mutating func makeRecordsIfNeeded() {
        guard let walked, !walked.recordsMade else { return }
        makeRecords(from: walked)
        self.walked?.recordsMade = true
    }

    /// This draft with the walk's records made: what readers of `controllers` and `report` see
    /// before it is planned, made on a copy.
    var withRecordsMade: SnapshotDraft {
        var planned = self
        planned.makeRecordsIfNeeded()
        return planned
    }

    /// The records of what a walk found, with their paths and values, and the report's lines
    /// about the walk: those it left out, and its warnings ahead of the coders'. Parents come
    /// first, so each path is its parent's and one more component.
    private mutating func makeRecords(from walked: WalkedControllers) {
        let nodes = walked.nodes
        var components = WalkedControllers.Components(nodes)
        var made: [ControllerRecord] = []
        made.reserveCapacity(nodes.count)
        for index in nodes.indices {
            let component = components.component(at: index)
            var path: [String] = [], text: String
            if let parent = nodes[index].parentIndex {
                let parentPath = made[parent].path
                path.reserveCapacity(parentPath.count + 1)
                path.append(contentsOf: parentPath)
                text = SnapshotPath.appending(component, to: made[parent].pathString)
            } else {
                text = SnapshotPath.appending(component, to: "")
            }
            path.append(component)
            var fields = nodes[index].fields
            fields.path = path
            if let values = walked.readValues[index] { fields.values = KeyedValues(values) }
            made.append(ControllerRecord(fields: fields, pathText: text))
        }
        var warnings: [String] = []
        for (index, note) in walked.notes {
            let path = made[index].pathString
            switch note {
            case .unregisteredClass(let name):
                warnings.append("\(path): class \(name) is not registered; restore will drop it unless a class is registered under \"\(name)\"")
            case .unregisteredRestorationClass(let name):
                warnings.append("\(path): restoration class \(name) is not registered; restore will use the registry instead")
            }
        }
        capturedReport.warnings = warnings + capturedReport.warnings
        capturedReport.leftOut = walked.leftOut.map { leftOut in
            SaveReport.LeftOut(path: SnapshotPath.appending("<\(leftOut.className)>", to: leftOut.parentIndex.map { made[$0].pathString } ?? ""),
                               className: leftOut.className, reason: "it has no restorationIdentifier",
                               descendantCount: leftOut.descendantCount)
        }
        records = made
    }
}
