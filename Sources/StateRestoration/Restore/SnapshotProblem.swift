/// Something wrong with one row of a snapshot: restore drops that controller's subtree, the
/// inspector's `verify` prints it.
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

        /// A stable name for the kind of problem, for scripts (`verify --json` prints it):
        /// `unknown_relation`, `unknown_style`, `bad_column`, `unknown_appearance`,
        /// `wrong_column_type`, `malformed_payload`, `dangling_parent`, `unreachable`,
        /// `parent_dropped`, `second_root`, `root_with_parent`, `parentless_non_root`,
        /// `positions_not_dense`, `negative_position`, `second_presentation`, `window_mismatch`, `too_large`,
        /// `duplicate_path`, `checksum_mismatch`, `rows_missing`, `missing_payload`.
        public var code: String {
            switch self {
            case .unknownRelation: "unknown_relation"
            case .unknownStyle: "unknown_style"
            case .badColumn: "bad_column"
            case .unknownAppearance: "unknown_appearance"
            case .wrongColumnType: "wrong_column_type"
            case .malformedPayload: "malformed_payload"
            case .danglingParent: "dangling_parent"
            case .unreachable: "unreachable"
            case .parentDropped: "parent_dropped"
            case .secondRoot: "second_root"
            case .rootWithParent: "root_with_parent"
            case .parentlessNonRoot: "parentless_non_root"
            case .positionsNotDense: "positions_not_dense"
            case .negativePosition: "negative_position"
            case .secondPresentation: "second_presentation"
            case .windowMismatch: "window_mismatch"
            case .tooLarge: "too_large"
            case .duplicatePath: "duplicate_path"
            case .checksumMismatch: "checksum_mismatch"
            case .rowsMissing: "rows_missing"
            case .missingPayload: "missing_payload"
            }
        }

        public var description: String {
            switch self {
            case .unknownRelation(let name): return "unknown relation \(name.debugDescription)"
            case .unknownStyle(let style): return "unknown presentation style \(style.debugDescription)"
            case .badColumn(let position): return "split column \(position) is neither 0 nor 1"
            case .unknownAppearance(let state): return "unknown appearance state \(state.debugDescription)"
            case .wrongColumnType(let column): return "column \(column) holds a value of the wrong type"
            case .malformedPayload(let error): return "keyed values do not decode: \(error)"
            case .danglingParent(let parent): return "its parent \(parent) does not exist"
            case .unreachable: return "it is not reachable from a window root (cyclic parent links)"
            case .parentDropped(let parent): return "its parent \(parent) was dropped"
            case .secondRoot(let window): return "window \(window) already has a root"
            case .rootWithParent: return "a window root must not have a parent"
            case .parentlessNonRoot: return "only a window root may lack a parent"
            case .positionsNotDense(let relation, let found): return "\(relation) positions are \(found), not 0 to \(found.count - 1)"
            case .negativePosition(let relation, let position): return "its \(relation) position is \(position), below zero"
            case .secondPresentation: return "its presenter already presents another controller"
            case .windowMismatch: return "it names another window than its parent"
            case .duplicatePath(let other): return "node \(other) has the same restoration path"
            case .rowsMissing(let expected, let found):
                return "the snapshot holds \(expected) controllers but \(found) rows were found (the file was damaged)"
            case .missingPayload(let hash): return "its payload \(hash) is missing"
            case .checksumMismatch(let table): return "its \(table) row does not match its checksum (the file was damaged or edited)"
            case .tooLarge(let column, let bytes, let limit): return "column \(column) holds \(bytes) bytes, more than the \(limit) allowed"
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
