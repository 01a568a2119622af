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
    /// A weak reference to each node's controller, for the next save to tell whether it is the same.
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
        /// The identifiers repeated among a stack's children, under the stack's node index;
        /// found in one pass over every node when first needed.
        private var repeatedInStacks: Set<SiblingPlace>?

        init(_ nodes: [Node]) {
            self.nodes = nodes
        }

        mutating func component(at index: Int) -> String {
            let identifier = nodes[index].fields.identifier
            guard case .stack = nodes[index].fields.relation, let parent = nodes[index].parentIndex else { return identifier }
            let repeated = repeatedInStacks ?? Self.repeatedInStacks(of: nodes)
            repeatedInStacks = repeated
            guard !repeated.isEmpty, repeated.contains(SiblingPlace(parent: parent, component: identifier)) else { return identifier }
            return "\(identifier)[\(nodes[index].childIndex)]"
        }

        /// By index, not by element: a node is a record's fields, and copying one retained each.
        private static func repeatedInStacks(of nodes: [Node]) -> Set<SiblingPlace> {
            var seen = Set<SiblingPlace>(), repeated = Set<SiblingPlace>()
            seen.reserveCapacity(nodes.count)
            for index in nodes.indices {
                guard case .stack = nodes[index].fields.relation else { continue }
                let place = SiblingPlace(parent: nodes[index].parentIndex, component: nodes[index].fields.identifier)
                if !seen.insert(place).inserted { repeated.insert(place) }
            }
            return repeated
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
