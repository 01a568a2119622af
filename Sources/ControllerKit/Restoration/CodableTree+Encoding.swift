import Foundation

/// `Codable` values as trees of ``CodedValue``: keyed containers become dictionaries, unkeyed
/// ones arrays, single values the matching case; `Date` and `Data` keep their own cases.
///
/// `Coder.encodeEncodable(_:forKey:)` stores a value this way, so it is written and read like
/// every other value, with no JSON in between: a `JSONEncoder` and a `JSONDecoder` per value
/// were a fifth of a capture on the main actor and of a restore (measured with callgrind).
/// The tree has no `nil` and no integers above `Int64.max`; a value that needs either is stored as
/// JSON, as before, and values stored as JSON by earlier versions still decode.
enum CodableTree {
    /// The value needs something the tree cannot hold; the caller stores it as JSON instead.
    struct Unrepresentable: Error {}

    /// `value` as ``Coder/encodeEncodable(_:forKey:)`` stores it: a tree, or JSON when the tree
    /// cannot hold it; an error names `key` and `path`. Any thread.
    static func stored<Value: Encodable>(_ value: Value, key: String, path: [String]) -> Result<CodedValue, CoderError> {
        do {
            return .success(try encode(value))
        } catch is Unrepresentable {
            // Falls through to JSON.
        } catch {
            return .failure(CoderError(kind: .valueDoesNotEncode("\(error)"), key: key, path: path))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // `Date`'s own encoding: its seconds since 2001 as a number, exact (ISO 8601 text drops
        // the fraction).
        encoder.dateEncodingStrategy = .deferredToDate
        do {
            return .success(.codable(try encoder.encode(value)))
        } catch {
            return .failure(CoderError(kind: .valueDoesNotEncode("\(error)"), key: key, path: path))
        }
    }

    /// The tree of `value`.
    static func encode<Value: Encodable>(_ value: Value) throws -> CodedValue {
        let root = TreeNode()
        try TreeEncoder(node: root, codingPath: []).encodeValue(value)
        return root.resolved()
    }
}

/// One value under construction: containers hand out children before they are filled, so every
/// value is a node until the whole tree is resolved.
final class TreeNode {
    var value: CodedValue?
    var keyed: [String: TreeNode]?
    var unkeyed: [TreeNode]?

    /// The finished value; a container nothing was written to is an empty dictionary.
    func resolved() -> CodedValue {
        if let value { return value }
        if let unkeyed { return .array(unkeyed.map { $0.resolved() }) }
        return .dictionary((keyed ?? [:]).mapValues { $0.resolved() })
    }

    /// A new node under `key`; a key written twice keeps its last value, whichever kind each was.
    func child(for key: String) -> TreeNode {
        let node = TreeNode()
        if keyed == nil { keyed = [:] }
        keyed?[key] = node
        return node
    }

    func appendChild() -> TreeNode {
        let node = TreeNode()
        if unkeyed == nil { unkeyed = [] }
        unkeyed?.append(node)
        return node
    }
}

struct TreeEncoder: Encoder {
    let node: TreeNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedTreeEncodingContainer(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.unkeyed == nil { node.unkeyed = [] }
        return UnkeyedTreeEncodingContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleTreeEncodingContainer(encoder: self)
    }

    /// Encodes `value` into this encoder's node: `Date` and `Data` as their own cases (their
    /// `encode(to:)` would write a number and an array), anything else through `encode(to:)`.
    func encodeValue<Value: Encodable>(_ value: Value) throws {
        // The static type compared first: a failed `as?` looks conformances up at run time.
        if Value.self == Date.self, let date = value as? Date {
            node.value = .date(date)
        } else if Value.self == Data.self, let data = value as? Data {
            node.value = .data(data)
        } else {
            try value.encode(to: self)
        }
    }
}

/// Integers of every width, as the tree stores them.
private func treeInteger<Number: BinaryInteger>(_ number: Number) throws -> CodedValue {
    guard let exact = Int64(exactly: number) else { throw CodableTree.Unrepresentable() }
    return .integer(exact)
}

struct KeyedTreeEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: TreeNode
    let codingPath: [any CodingKey]

    private func set(_ value: CodedValue, for key: Key) {
        node.child(for: key.stringValue).value = value
    }

    mutating func encodeNil(forKey key: Key) throws { throw CodableTree.Unrepresentable() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.double(value), for: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(.float(value), for: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(try treeInteger(value), for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(try treeInteger(value), for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(try treeInteger(value), for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(try treeInteger(value), for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(try treeInteger(value), for: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(try treeInteger(value), for: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(try treeInteger(value), for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(try treeInteger(value), for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(try treeInteger(value), for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(try treeInteger(value), for: key) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try TreeEncoder(node: node.child(for: key.stringValue), codingPath: codingPath + [key]).encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                       forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        TreeEncoder(node: node.child(for: key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        TreeEncoder(node: node.child(for: key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(node: node.child(for: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(node: node.child(for: key.stringValue), codingPath: codingPath + [key])
    }
}

struct UnkeyedTreeEncodingContainer: UnkeyedEncodingContainer {
    let node: TreeNode
    let codingPath: [any CodingKey]
    var count: Int { node.unkeyed?.count ?? 0 }

    private func append(_ value: CodedValue) {
        node.appendChild().value = value
    }

    /// An encoder for the next element, its index in the coding path.
    private func nextEncoder() -> TreeEncoder {
        let index = count
        return TreeEncoder(node: node.appendChild(), codingPath: codingPath + [TreeIndexKey(index)])
    }

    mutating func encodeNil() throws { throw CodableTree.Unrepresentable() }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(.double(value)) }
    mutating func encode(_ value: Float) throws { append(.float(value)) }
    mutating func encode(_ value: Int) throws { append(try treeInteger(value)) }
    mutating func encode(_ value: Int8) throws { append(try treeInteger(value)) }
    mutating func encode(_ value: Int16) throws { append(try treeInteger(value)) }
    mutating func encode(_ value: Int32) throws { append(try treeInteger(value)) }
    mutating func encode(_ value: Int64) throws { append(try treeInteger(value)) }
    mutating func encode(_ value: UInt) throws { append(try treeInteger(value)) }
    mutating func encode(_ value: UInt8) throws { append(try treeInteger(value)) }
    mutating func encode(_ value: UInt16) throws { append(try treeInteger(value)) }
    mutating func encode(_ value: UInt32) throws { append(try treeInteger(value)) }
    mutating func encode(_ value: UInt64) throws { append(try treeInteger(value)) }

    mutating func encode<Value: Encodable>(_ value: Value) throws { try nextEncoder().encodeValue(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        nextEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { nextEncoder().unkeyedContainer() }

    mutating func superEncoder() -> any Encoder { nextEncoder() }
}

struct SingleTreeEncodingContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: CodedValue) { encoder.node.value = value }

    mutating func encodeNil() throws { throw CodableTree.Unrepresentable() }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(.double(value)) }
    mutating func encode(_ value: Float) throws { set(.float(value)) }
    mutating func encode(_ value: Int) throws { set(try treeInteger(value)) }
    mutating func encode(_ value: Int8) throws { set(try treeInteger(value)) }
    mutating func encode(_ value: Int16) throws { set(try treeInteger(value)) }
    mutating func encode(_ value: Int32) throws { set(try treeInteger(value)) }
    mutating func encode(_ value: Int64) throws { set(try treeInteger(value)) }
    mutating func encode(_ value: UInt) throws { set(try treeInteger(value)) }
    mutating func encode(_ value: UInt8) throws { set(try treeInteger(value)) }
    mutating func encode(_ value: UInt16) throws { set(try treeInteger(value)) }
    mutating func encode(_ value: UInt32) throws { set(try treeInteger(value)) }
    mutating func encode(_ value: UInt64) throws { set(try treeInteger(value)) }
    mutating func encode<Value: Encodable>(_ value: Value) throws { try encoder.encodeValue(value) }
}

/// The coding-path key of an unkeyed container's element.
struct TreeIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}
