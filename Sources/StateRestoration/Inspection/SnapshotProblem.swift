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
        case secondPresentation
        case windowMismatch
        case tooLarge(column: String, bytes: Int, limit: Int)
        case duplicatePath(otherNode: Int)
        case checksumMismatch(table: String)
        case rowsMissing(expected: Int, found: Int)
        /// The row names a payload the `payload` table does not hold.
        case missingPayload(hash: Int64)

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
