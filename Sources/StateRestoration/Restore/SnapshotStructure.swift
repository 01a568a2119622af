import ControllerKit

/// The structural checks of a snapshot's rows: parent links, one root per window, unique paths, one presentation
/// per presenter, dense positions. Orders the records parents first, gives each its whole path and marks each
/// stack's top; what does not hang from a window root is a problem. Iterative: cyclic or deep links never recurse.
struct SnapshotStructure {
    private(set) var problems: [SnapshotProblem] = []
    /// The records that hang from a window root, parents first.
    private(set) var ordered: [ControllerRecord] = []
    /// Each ordered record's parent's index in ``ordered``: the restore's links, found once.
    private(set) var parentIndexes: [Int?] = []

    /// Checks `records`, each with its own last path component as its path; `storedPaths` are
    /// their rows' path texts, for problems; `refusedRowIDs` are the node ids of rows the reader refused.
    init(_ records: [ControllerRecord], storedPaths: [String], refusedRowIDs: Set<Int>) {
        var records = records
        let indexByID = Dictionary(records.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var children = [[Int]](repeating: [], count: records.count)
        var roots: [Int] = []
        var rootWindows = Set<Int>()
        var dropped = Set<Int>()
        func drop(_ index: Int, _ reason: SnapshotProblem.Reason) {
            problems.append(SnapshotProblem(nodeID: records[index].id, path: storedPaths[index], reason: reason))
            dropped.insert(index)
        }
        // A path is its parent's plus the row's own component: two rows collide exactly when they share both.
        var places: [Place: Int] = [:]
        for (index, record) in records.enumerated() {
            let place = Place(parent: record.parentID, component: record.path.last ?? "")
            if let other = places[place] {
                drop(index, .duplicatePath(otherNode: other))
                continue
            }
            places[place] = record.id
            switch (record.parentID, record.relation) {
            case (nil, .windowRoot):
                let window = record.windowIndex
                if rootWindows.insert(window).inserted { roots.append(index) } else { drop(index, .secondRoot(window: window)) }
            case (nil, _):
                drop(index, .parentlessNonRoot)
            case (.some, .windowRoot):
                drop(index, .rootWithParent)
            case (.some(let parent), _):
                if let parentIndex = indexByID[parent] {
                    children[parentIndex].append(index)
                } else if refusedRowIDs.contains(parent) {
                    drop(index, .parentDropped(parent))
                } else {
                    drop(index, .danglingParent(parent))
                }
            }
        }
        // Parents first, each child reached from its parent only: cycles never reach here, and nothing reached is dropped after.
        var orderedIndex = [Int?](repeating: nil, count: records.count)
        var pending = roots.sorted { records[$0].windowIndex > records[$1].windowIndex }
        while let index = pending.popLast() {
            var record = records[index]
            let component = record.path.last ?? ""
            let parent = record.parentID.flatMap { indexByID[$0] }.flatMap { orderedIndex[$0] }
            if let parent {
                record.path = ordered[parent].path + [component]
            } else {
                // A root's stored path may start with its window's identifier.
                let stored = SnapshotPath.components(storedPaths[index])
                record.path = stored.count == 2 && stored.last == component ? stored : [component]
            }
            orderedIndex[index] = ordered.count
            ordered.append(record)
            parentIndexes.append(parent)
            var keep: [Int] = []
            var presentedSeen = false
            var positions: [String: [Int]] = [:]
            for child in children[index].sorted(by: { Self.sortKey(records[$0]) < Self.sortKey(records[$1]) }) {
                if records[child].windowIndex != record.windowIndex { drop(child, .windowMismatch); continue }
                switch records[child].relation {
                case .presented:
                    if presentedSeen { drop(child, .secondPresentation); continue }
                    presentedSeen = true
                case .navigationStack(let position, _): positions["stack", default: []].append(position)
                case .tab(let position, _): positions["tab", default: []].append(position)
                case .child(let position): positions["child", default: []].append(position)
                // Split columns are named, not counted: a split may save only its secondary.
                case .splitColumn, .windowRoot, .detached: break
                }
                keep.append(child)
            }
            // Kept siblings are in position order, so each relation's positions are sorted.
            for (relation, found) in positions.sorted(by: { $0.key < $1.key }) where found != Array(0..<found.count) {
                problems.append(SnapshotProblem(nodeID: record.id, path: SnapshotPath.string(record.path),
                                                reason: .positionsNotDense(relation: relation, found: found)))
            }
            // The top is the first stack member at the highest position (an edited file may repeat one).
            var top: (child: Int, position: Int)?
            for child in keep {
                guard case .navigationStack(let position, _) = records[child].relation,
                      position > top?.position ?? .min else { continue }
                top = (child, position)
            }
            if let top { records[top.child].relation = .navigationStack(index: top.position, isTop: true) }
            pending += keep.reversed()
        }
        // What was not reached hangs from a dropped controller, or else from a cycle; reported in row order.
        // Each index is in one parent's children at most, so the walk meets each once.
        var droppedParents = Array(dropped)
        var fromDropped: [(child: Int, parent: Int)] = []
        while let parent = droppedParents.popLast() {
            for child in children[parent] where orderedIndex[child] == nil && !dropped.contains(child) {
                fromDropped.append((child, parent))
                droppedParents.append(child)
            }
        }
        for (child, parent) in fromDropped.sorted(by: { $0.child < $1.child }) {
            drop(child, .parentDropped(records[parent].id))
        }
        for index in records.indices where orderedIndex[index] == nil && !dropped.contains(index) {
            drop(index, .unreachable)
        }
    }

    private struct Place: Hashable {
        var parent: Int?
        var component: String
    }

    /// Siblings in order: contained ones by position, then what is presented (a sibling is never a root nor detached).
    private static func sortKey(_ record: ControllerRecord) -> (Int, Int, Int) {
        switch record.relation {
        case .navigationStack(let index, _), .tab(let index, _), .child(let index): return (0, index, record.id)
        case .splitColumn(let column): return (0, column == .primary ? 0 : 1, record.id)
        case .presented, .windowRoot, .detached: return (1, 0, record.id)
        }
    }
}
