@_spi(Restoration) import ControllerKit

/// What a walk found, in save order: only what the controllers alone can tell, read on the main
/// actor. Paths, records and the report's lines are made from it off the main actor
/// (``SnapshotDraft/plan()``): building every path and record during the walk was most of a
/// capture's own instructions (callgrind: 3,900 a controller, against 1,900 for the sample
/// app's `encodeRestorableState(with:)`).
struct WalkedControllers: Sendable {
    /// One controller the walk saves: its record's fields, without the path and values that
    /// are added off the main actor.
    struct Node: Sendable {
        var fields: ControllerRecord.Fields
        /// Where its parent or presenter is in `nodes` (before it); `nil` for a window root.
        let parentIndex: Int?
        /// Its position among its parent's children: the index suffix an identifier repeated in
        /// a navigation stack gets.
        let childIndex: Int

        var id: Int { fields.id }
        var identifier: String { fields.identifier }
        var relation: SavedRelation { fields.relation }
    }

    /// A controller left out for having no restoration identifier.
    struct LeftOut: Sendable {
        let parentIndex: Int?
        let className: String
        let descendantCount: Int
    }

    /// A warning about a node, worded once its path is known.
    enum Note: Sendable {
        case unregisteredClass(String)
        case unregisteredRestorationClass(String)
    }

    var nodes: [Node] = []
    /// Each node's weak reference: the last save's when it saw the same controller.
    var controllers: [WeakControllerReference] = []
    var identities: [ObjectIdentifier] = []
    var generations: [UInt64] = []
    var leftOut: [LeftOut] = []
    var notes: [(node: Int, note: Note)] = []
    /// The values of coders that were read during encoding, by node: their writes could not be
    /// taken unread.
    var readValues: [Int: [String: CodedValue]] = [:]
    /// Whether the draft's records were made from these nodes (``SnapshotDraft/makeRecordsIfNeeded()``).
    var recordsMade = false

    /// The node ids by controller, for the next save.
    var idsByController: [ObjectIdentifier: Int] {
        var ids: [ObjectIdentifier: Int] = [:]
        ids.reserveCapacity(nodes.count)
        for index in nodes.indices { ids[identities[index]] = nodes[index].id }
        return ids
    }

    /// Each node's last path component: its identifier, with `[i]` (its child index) when its
    /// navigation stack holds that identifier more than once.
    struct Components {
        private let nodes: [Node]
        /// The identifiers repeated among a stack's children, under the stack's node index.
        private var repeated = Set<SiblingPlace>()
        /// The stacks whose repeats were looked for (all of them after ``init(allOf:)``).
        private var searched = Set<Int>()
        private var searchedAll = false

        /// Ready to answer for a few nodes: each stack's repeats are found when first asked.
        init(_ nodes: [Node]) {
            self.nodes = nodes
        }

        /// Ready to answer for every node, the repeats of every stack found in one pass. By
        /// index, not by element: a node is a record's fields, and copying one retained each.
        init(allOf nodes: [Node]) {
            self.nodes = nodes
            var seen = Set<SiblingPlace>()
            seen.reserveCapacity(nodes.count)
            for index in nodes.indices {
                guard case .stack = nodes[index].fields.relation else { continue }
                let place = SiblingPlace(parent: nodes[index].parentIndex, component: nodes[index].fields.identifier)
                if !seen.insert(place).inserted { repeated.insert(place) }
            }
            searchedAll = true
        }

        mutating func component(at index: Int) -> String {
            let identifier = nodes[index].fields.identifier
            guard case .stack = nodes[index].fields.relation, let parent = nodes[index].parentIndex else { return identifier }
            if !searchedAll && !searched.contains(parent) {
                var seen = Set<String>()
                for sibling in nodes.indices where nodes[sibling].parentIndex == parent {
                    guard case .stack = nodes[sibling].fields.relation else { continue }
                    let name = nodes[sibling].fields.identifier
                    if !seen.insert(name).inserted { repeated.insert(SiblingPlace(parent: parent, component: name)) }
                }
                searched.insert(parent)
            }
            guard !repeated.isEmpty, repeated.contains(SiblingPlace(parent: parent, component: identifier)) else { return identifier }
            return "\(identifier)[\(nodes[index].childIndex)]"
        }

        /// The whole path of node `index`, from its window's root.
        mutating func path(at index: Int) -> [String] {
            var reversed: [String] = []
            var current: Int? = index
            while let at = current {
                reversed.append(component(at: at))
                current = nodes[at].parentIndex
            }
            return reversed.reversed()
        }
    }
}

/// The coding paths of a walk's controllers, made only for the coders that ask (to report an
/// error), once the walk is complete: a stack's repeated identifiers are known only then.
@MainActor
final class WalkedPaths: CodingPathSource {
    private var components: WalkedControllers.Components

    init(_ nodes: [WalkedControllers.Node]) {
        components = WalkedControllers.Components(nodes)
    }

    func codingPath(at index: Int) -> [String] {
        components.path(at: index)
    }
}
