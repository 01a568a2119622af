/// What the structural checks read of a parsed record: copied out by the parsing thread and
/// kept in one array beside the records, so that the checks' passes read contiguous memory
/// rather than each record's storage, allocated on the parsing threads (a cache miss per record
/// and pass: the checks took about 10 ms of a restore of 10,000 controllers in timestamps).
struct StructureSummary {
    var id: Int
    var parentID: Int?
    var windowIndex: Int
    var relation: SavedRelation
    /// The row's own path component (a parsed record has no path until the checks order it).
    var component: String

    init(_ record: ControllerRecord, component: String) {
        id = record.id
        parentID = record.parentID
        windowIndex = record.windowIndex
        relation = record.relation
        self.component = component
    }
}

extension SnapshotReader {
    /// Checks the parent links and orders the records parents first; returns the records that
    /// hang from a window root, each one's index in `records` (`indices`), and the problems of
    /// the others.
    /// `summaries` describe the records, index for index (``StructureSummary``); `storedPaths`
    /// are the records' whole path texts as their rows store them, index for index (records carry
    /// no path until ordered, when they get their full path and its text in place); `failedIDs`
    /// the node ids of rows that did not parse.
    /// Works on indices into `records`: a 10,000-controller restore spent more time copying
    /// records between tables here than checking them.
    static func structure(_ records: inout [ControllerRecord], summaries: [StructureSummary],
                          storedPaths: [String], failedIDs: Set<Int>)
        -> (ordered: [ControllerRecord], indices: [Int], problems: [SnapshotProblem]) {
        var problems: [SnapshotProblem] = []
        let indexByID = NodeIndex(summaries)
        var children = [[Int]](repeating: [], count: records.count)
        var roots: [Int] = []
        var rootWindows = Set<Int>()
        var dropped = Set<Int>()
        func drop(_ index: Int, _ reason: SnapshotProblem.Reason) {
            let id = summaries[index].id
            problems.append(SnapshotProblem(nodeID: id, path: storedPaths[index], reason: reason))
            dropped.insert(id)
        }
        // Saves keep paths unique, unless the file was edited. A restored path is its parent's
        // plus the row's own component, so two rows collide exactly when they share both:
        // checked on those, not by hashing every whole path (a tenth of this function).
        var nodesByPlace: [SiblingPlace: Int] = [:]
        nodesByPlace.reserveCapacity(records.count)
        for index in summaries.indices {
            let id = summaries[index].id
            let place = SiblingPlace(parent: summaries[index].parentID, component: summaries[index].component)
            if let other = nodesByPlace.updateValue(id, forKey: place) {
                nodesByPlace[place] = other
                drop(index, .duplicatePath(otherNode: other))
                continue
            }
            switch (summaries[index].parentID, summaries[index].relation) {
            case (nil, .windowRoot(let window)):
                if rootWindows.insert(window).inserted { roots.append(index) } else { drop(index, .secondRoot(window: window)) }
            case (nil, _):
                drop(index, .parentlessNonRoot)
            case (.some, .windowRoot):
                drop(index, .rootWithParent)
            case (.some(let parent), _):
                if let parentIndex = indexByID[parent] {
                    children[parentIndex].append(index)
                } else if failedIDs.contains(parent) {
                    drop(index, .parentDropped(parent))
                } else {
                    drop(index, .danglingParent(parent))
                }
            }
        }
        // Parents first, iteratively: cyclic links never reach here from a root.
        var ordered: [ControllerRecord] = []
        ordered.reserveCapacity(records.count)
        var orderedIndices: [Int] = []
        orderedIndices.reserveCapacity(records.count)
        var pending = roots.sorted { summaries[$0].windowIndex > summaries[$1].windowIndex }
        var reached = [Bool](repeating: false, count: records.count)
        var reachedCount = 0
        // Computed once: sorting by keys made from the records copied a record per comparison.
        let sortKeys = summaries.map(sortKey)
        while let index = pending.popLast() {
            guard !reached[index] else { continue }
            reached[index] = true
            reachedCount += 1
            // Rows carry their own path component; the full path is the parent's plus it.
            let component = summaries[index].component
            if let parent = summaries[index].parentID, let parentIndex = indexByID[parent], reached[parentIndex] {
                var path = records[parentIndex].path
                path.append(component)
                let text = SnapshotPath.appending(component, to: records[parentIndex].pathString, reusing: storedPaths[index])
                records[index].setPath(path, text: text)
            } else {
                records[index].setPath([component], text: SnapshotPath.string([component]))
            }
            ordered.append(records[index])
            orderedIndices.append(index)
            // Most controllers have no children: nothing to sort, check or queue.
            guard !children[index].isEmpty else { continue }
            var kids = children[index]
            kids.sort { sortKeys[$0] < sortKeys[$1] }
            var keep: [Int] = []
            keep.reserveCapacity(kids.count)
            var presentedSeen = false
            for kid in kids {
                if summaries[kid].windowIndex != summaries[index].windowIndex { drop(kid, .windowMismatch); continue }
                if case .presented = summaries[kid].relation {
                    if presentedSeen { drop(kid, .secondPresentation); continue }
                    presentedSeen = true
                }
                keep.append(kid)
            }
            if !keep.isEmpty {
                for (relation, positions) in densityGroups(keep.map { summaries[$0].relation }) where positions != Array(0..<positions.count) {
                    problems.append(SnapshotProblem(nodeID: records[index].id, path: records[index].pathString,
                                                    reason: .positionsNotDense(relation: relation, found: positions)))
                }
            }
            pending += keep.reversed()
        }
        // What was not reached hangs from a dropped controller or from a cycle.
        if reachedCount < records.count {
            var unreached = records.indices.filter { !reached[$0] && !dropped.contains(summaries[$0].id) }
            while !unreached.isEmpty {
                let before = unreached.count
                unreached.removeAll { index in
                    guard let parent = summaries[index].parentID, dropped.contains(parent) else { return false }
                    drop(index, .parentDropped(parent))
                    return true
                }
                if unreached.count == before {
                    for index in unreached { drop(index, .unreachable) }
                    break
                }
            }
        }
        // A child whose parent was dropped after it was reached would still be listed: prune.
        if !dropped.isEmpty {
            var kept = Set<Int>()
            var keptRecords: [ControllerRecord] = [], keptIndices: [Int] = []
            for (record, index) in zip(ordered, orderedIndices) {
                guard !dropped.contains(record.id) else { continue }
                if let parent = record.parentID, !kept.contains(parent) {
                    problems.append(SnapshotProblem(nodeID: record.id, path: storedPaths[index], reason: .parentDropped(parent)))
                    dropped.insert(record.id)
                    continue
                }
                kept.insert(record.id)
                keptRecords.append(record)
                keptIndices.append(index)
            }
            (ordered, orderedIndices) = (keptRecords, keptIndices)
        }
        return (ordered, orderedIndices, problems)
    }

    /// Siblings in order: contained ones by position, then what is presented.
    private static func sortKey(_ record: StructureSummary) -> SortKey {
        switch record.relation {
        case .windowRoot(let window): return SortKey(group: 0, position: window, id: record.id)
        case .stack(let index): return SortKey(group: 1, position: index, id: record.id)
        case .tab(let index, _): return SortKey(group: 1, position: index, id: record.id)
        case .column(let column): return SortKey(group: 1, position: column == .primary ? 0 : 1, id: record.id)
        case .child(let index): return SortKey(group: 1, position: index, id: record.id)
        case .presented: return SortKey(group: 2, position: 0, id: record.id)
        }
    }

    private struct SortKey: Comparable {
        var group: Int
        var position: Int
        var id: Int
        static func < (lhs: SortKey, rhs: SortKey) -> Bool {
            (lhs.group, lhs.position, lhs.id) < (rhs.group, rhs.position, rhs.id)
        }
    }

    /// Each counted relation's positions among siblings, relations by name.
    private static func densityGroups(_ relations: [SavedRelation]) -> [(String, [Int])] {
        var child: [Int] = [], stack: [Int] = [], tab: [Int] = []
        for relation in relations {
            switch relation {
            case .stack(let index): stack.append(index)
            case .tab(let index, _): tab.append(index)
            case .child(let index): child.append(index)
            // Columns are named, not counted: a split may save only its secondary.
            case .column, .windowRoot, .presented: break
            }
        }
        return [("child", child.sorted()), ("stack", stack.sorted()), ("tab", tab.sorted())].filter { !$0.1.isEmpty }
    }
}

/// Where each node id's record is in the array being checked: an array by id when the ids are
/// dense enough (as saves number them), a table otherwise (a file may hold any ids). Finding a
/// parent without hashing its id was most of the hashing in the structural checks.
struct NodeIndex {
    private var positions: [Int32] = []
    private var table: [Int: Int] = [:]
    private let isDense: Bool

    init(_ summaries: [StructureSummary]) {
        // An array, not a lazy map by key path: the ids are read twice, and a key path applied
        // at run time cost about 140 instructions an id each time (callgrind).
        var ids: [Int] = []
        ids.reserveCapacity(summaries.count)
        for index in summaries.indices { ids.append(summaries[index].id) }
        self.init(ids: ids)
    }

    /// The positions of `ids`; of a repeated id, the last.
    init(ids: [Int]) {
        var largest = 0, smallest = 0
        for id in ids {
            largest = max(largest, id)
            smallest = min(smallest, id)
        }
        // Saves number controllers from 1 and keep their ids across saves: up to four times
        // the count leaves room for the gaps removed controllers leave. A negative id (only an
        // edited file has one: the schema checks them) takes the table.
        isDense = smallest >= 0 && ids.count < Int(Int32.max) && largest <= 4 * ids.count + 64
        if isDense {
            positions = [Int32](repeating: -1, count: largest + 1)
            for (index, id) in ids.enumerated() { positions[id] = Int32(index) }
        } else {
            table.reserveCapacity(ids.count)
            for (index, id) in ids.enumerated() { table[id] = index }
        }
    }

    /// No positions.
    init() {
        isDense = false
    }

    /// The position of node `id`'s record, if there is one.
    subscript(id: Int) -> Int? {
        if isDense {
            guard id >= 0, id < positions.count, positions[id] >= 0 else { return nil }
            return Int(positions[id])
        }
        return table[id]
    }
}
