/// Something wrong with one row of a snapshot: restore drops that controller's subtree, `navstate verify` prints it.
public struct SnapshotProblem: Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Error, Sendable, Hashable, CustomStringConvertible {
        case unknownRelation(String)
        case unknownStyle(String)
        case badColumn(Int)
        case unknownAppearance(String)
        case wrongColumnType(String)
        case malformedPayload(PayloadError)
        case danglingParent(Int)
        case unreachable
        case parentDropped(Int)
        case secondRoot(window: Int)
        case rootWithParent
        case parentlessNonRoot
        case positionsNotDense(relation: String, found: [Int])
        /// A stack, tab or child position below zero.
        case negativePosition(relation: String, position: Int)
        case secondPresentation
        case windowMismatch
        case tooLarge(column: String, bytes: Int, limit: Int)
        case duplicatePath(otherNode: Int)
        case checksumMismatch(table: String)
        case rowsMissing(expected: Int, found: Int)
        /// The row names a payload the `payload` table does not hold.
        case missingPayload(hash: Int64)

        /// A stable name for the kind of problem, for scripts (`verify --json` prints it): `too_large`, ….
        public var code: String { details.code }

        public var description: String { details.text }

        /// Whether the problem leaves the controller out (the others are reported only).
        public var dropsController: Bool {
            if case .positionsNotDense = self { false } else { true }
        }

        private var details: (code: String, text: String) {
            switch self {
            case .unknownRelation(let name): ("unknown_relation", "unknown relation \(name.debugDescription)")
            case .unknownStyle(let style): ("unknown_style", "unknown presentation style \(style.debugDescription)")
            case .badColumn(let position): ("bad_column", "split column \(position) is neither 0 nor 1")
            case .unknownAppearance(let state): ("unknown_appearance", "unknown appearance state \(state.debugDescription)")
            case .wrongColumnType(let column): ("wrong_column_type", "column \(column) holds a value of the wrong type")
            case .malformedPayload(let error): ("malformed_payload", "keyed values do not decode: \(error)")
            case .danglingParent(let parent): ("dangling_parent", "its parent \(parent) does not exist")
            case .unreachable: ("unreachable", "it is not reachable from a window root (cyclic parent links)")
            case .parentDropped(let parent): ("parent_dropped", "its parent \(parent) was dropped")
            case .secondRoot(let window): ("second_root", "window \(window) already has a root")
            case .rootWithParent: ("root_with_parent", "a window root must not have a parent")
            case .parentlessNonRoot: ("parentless_non_root", "only a window root may lack a parent")
            case .positionsNotDense(let relation, let found):
                ("positions_not_dense", "\(relation) positions are \(found), not 0 to \(found.count - 1)")
            case .negativePosition(let relation, let position):
                ("negative_position", "its \(relation) position is \(position), below zero")
            case .secondPresentation: ("second_presentation", "its presenter already presents another controller")
            case .windowMismatch: ("window_mismatch", "it names another window than its parent")
            case .tooLarge(let column, let bytes, let limit):
                ("too_large", "its \(column) holds \(bytes) bytes, more than the \(limit) allowed")
            case .duplicatePath(let other): ("duplicate_path", "node \(other) has the same restoration path")
            case .checksumMismatch(let table):
                ("checksum_mismatch", "its \(table) row does not match its checksum (the file was damaged or edited)")
            case .rowsMissing(let expected, let found):
                ("rows_missing", "the snapshot holds \(expected) controllers but \(found) rows were found (the file was damaged)")
            case .missingPayload(let hash): ("missing_payload", "its payload \(hash) is missing")
            }
        }
    }

    /// The node at fault, when the problem is one node's.
    public var nodeID: Int?
    /// Its restoration path as stored.
    public var path: String
    /// What is wrong.
    public var reason: Reason

    public var description: String { "\(path) (node \(nodeID.map(String.init) ?? "?")): \(reason)" }
}
