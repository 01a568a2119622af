import Foundation

/// `Codable` values as trees of ``CodedValue``: keyed containers become dictionaries, unkeyed
/// ones arrays, single values the matching case; `Date` and `Data` keep their own cases.
///
/// `Coder.encodeEncodable(_:forKey:)` stores a value this way: a `JSONEncoder` and a `JSONDecoder`
/// per value cost a fifth of a capture and a restore. The tree has no `nil` and no integers above
/// `Int64.max`; a value that needs either is stored as JSON, as earlier versions stored all.
enum CodableTree {
    /// The value needs something the tree cannot hold; the caller stores it as JSON instead.
    struct Unrepresentable: Error {}

    /// `value` as ``Coder/encodeEncodable(_:forKey:)`` stores it: a tree, or JSON when the tree
    /// cannot hold it. Throws what the value's `encode(to:)` threw. Any thread.
    static func stored<Value: Encodable>(_ value: Value) throws -> CodedValue {
        let root = TreeNode()
        do {
            try TreeEncoder(node: root, codingPath: []).encode(value)
            return root.resolved()
        } catch is Unrepresentable {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            // Dates as `Date`'s own number of seconds since 2001 (the default), exact, which
            // `jsonDecoder()` reads; ISO 8601 text would drop the fraction.
            return .codable(try encoder.encode(value))
        }
    }
}

/// One value under construction: containers hand out children before they are filled, so every
/// value is a node until the whole tree is resolved.
final class TreeNode {
    var value: CodedValue?
    var keyed: [String: TreeNode] = [:]
    var unkeyed: [TreeNode]?

    /// The finished value; a container nothing was written to is an empty dictionary.
    func resolved() -> CodedValue {
        if let value { return value }
        if let unkeyed { return .array(unkeyed.map { $0.resolved() }) }
        return .dictionary(keyed.mapValues { $0.resolved() })
    }

    /// A new node under `key`; a key written twice keeps its last value, whichever kind each was.
    func child(for key: String) -> TreeNode {
        let node = TreeNode()
        keyed[key] = node
        return node
    }

    func appendChild() -> TreeNode {
        let node = TreeNode()
        if unkeyed == nil { unkeyed = [] }
        unkeyed?.append(node)
        return node
    }
}

/// The encoder of one node and its own single-value container, as Foundation's JSON encoder is:
/// a primitive's `encode(to:)` comes back to its overload here.
struct TreeEncoder: Encoder, SingleValueEncodingContainer {
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

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// `Date` and `Data` as their own cases (their `encode(to:)` would write a number and an
    /// array), anything else through its `encode(to:)`.
    func encode<Value: Encodable>(_ value: Value) throws {
        // The static type compared first: a failed `as?` looks conformances up at run time.
        if Value.self == Date.self, let date = value as? Date {
            node.value = .date(date)
        } else if Value.self == Data.self, let data = value as? Data {
            node.value = .data(data)
        } else {
            try value.encode(to: self)
        }
    }

    func encodeNil() throws { throw CodableTree.Unrepresentable() }
    func encode(_ value: Bool) throws { node.value = .bool(value) }
    func encode(_ value: String) throws { node.value = .string(value) }
    func encode(_ value: Double) throws { node.value = .double(value) }
    func encode(_ value: Float) throws { node.value = .float(value) }
    func encode(_ value: Int) throws { try encodeInteger(value) }
    func encode(_ value: Int8) throws { try encodeInteger(value) }
    func encode(_ value: Int16) throws { try encodeInteger(value) }
    func encode(_ value: Int32) throws { try encodeInteger(value) }
    func encode(_ value: Int64) throws { try encodeInteger(value) }
    func encode(_ value: UInt) throws { try encodeInteger(value) }
    func encode(_ value: UInt8) throws { try encodeInteger(value) }
    func encode(_ value: UInt16) throws { try encodeInteger(value) }
    func encode(_ value: UInt32) throws { try encodeInteger(value) }
    func encode(_ value: UInt64) throws { try encodeInteger(value) }

    private func encodeInteger<Number: BinaryInteger>(_ number: Number) throws {
        guard let exact = Int64(exactly: number) else { throw CodableTree.Unrepresentable() }
        node.value = .integer(exact)
    }
}

// The generic `encode` of each container stands for the protocol's primitive overloads too.

struct KeyedTreeEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: TreeNode
    let codingPath: [any CodingKey]

    private func encoder(for key: Key) -> TreeEncoder {
        TreeEncoder(node: node.child(for: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws { throw CodableTree.Unrepresentable() }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws { try encoder(for: key).encode(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                       forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder(for: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { encoder(for: key).unkeyedContainer() }

    mutating func superEncoder() -> any Encoder { TreeEncoder(node: node.child(for: "super"), codingPath: codingPath) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder(for: key) }
}

struct UnkeyedTreeEncodingContainer: UnkeyedEncodingContainer {
    let node: TreeNode
    let codingPath: [any CodingKey]
    var count: Int { node.unkeyed?.count ?? 0 }

    /// An encoder for the next element, its index in the coding path.
    private func nextEncoder() -> TreeEncoder {
        let index = count
        return TreeEncoder(node: node.appendChild(), codingPath: codingPath + [TreeIndexKey(index)])
    }

    mutating func encodeNil() throws { throw CodableTree.Unrepresentable() }

    mutating func encode<Value: Encodable>(_ value: Value) throws { try nextEncoder().encode(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        nextEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { nextEncoder().unkeyedContainer() }

    mutating func superEncoder() -> any Encoder { nextEncoder() }
}

/// The coding-path key of an unkeyed container's element.
struct TreeIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}
