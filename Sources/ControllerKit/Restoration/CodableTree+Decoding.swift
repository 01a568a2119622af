import Foundation

extension CodableTree {
    /// The value of type `type` that `tree` holds, or the `DecodingError` saying why not.
    static func decode<Value: Decodable>(_ type: Value.Type, from tree: CodedValue) throws -> Value {
        try TreeDecoder(value: tree, codingPath: []).decodeValue(type)
    }

    /// The decoder for values stored as JSON: dates as `Date`'s own number of seconds since
    /// 2001 (what ``stored(_:key:path:)`` writes), or as ISO 8601 text (what earlier versions
    /// wrote, whole seconds only).
    static func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSinceReferenceDate: seconds) }
            let text = try container.decode(String.self)
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text.debugDescription) is not an ISO 8601 date")
            }
            return date
        }
        return decoder
    }

    /// A decoding error in a line: where in the value, and what was wrong there.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found), .dataCorrupted(let found):
            context = found
        @unknown default:
            return "\(error)"
        }
        var path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        if case .keyNotFound(let key, _) = error { path += ".\(key.stringValue)" }
        return path.isEmpty ? context.debugDescription : "at \(path.drop { $0 == "." }): \(context.debugDescription)"
    }
}

struct TreeDecoder: Decoder {
    let value: CodedValue
    /// The path above this value and the value's own key, joined only when asked for: most values
    /// decode without anyone asking, and joining allocated an array per field.
    let parentPath: [any CodingKey]
    let key: (any CodingKey)?
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: CodedValue, codingPath: [any CodingKey]) {
        self.value = value
        parentPath = codingPath
        key = nil
    }

    init(value: CodedValue, parentPath: [any CodingKey], key: any CodingKey) {
        self.value = value
        self.parentPath = parentPath
        self.key = key
    }

    var codingPath: [any CodingKey] { key.map { parentPath + [$0] } ?? parentPath }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .dictionary(let values) = value else {
            throw mismatch([String: Any].self, "a keyed container")
        }
        return KeyedDecodingContainer(KeyedTreeDecodingContainer(values: values, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let values) = value else { throw mismatch([Any].self, "an unkeyed container") }
        return UnkeyedTreeDecodingContainer(values: values, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleTreeDecodingContainer(decoder: self)
    }

    func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: codingPath, debugDescription: "expected \(expected), found \(value.typeName)"))
    }

    /// Primitives, `Date` and `Data` straight from their cases; anything else through its own
    /// `init(from:)`.
    func decodeValue<Value: Decodable>(_ type: Value.Type) throws -> Value {
        // The static type compared first, as in encoding: the casts run only when it matches.
        switch ObjectIdentifier(Value.self) {
        case ObjectIdentifier(Date.self):
            if case .date(let date) = value, let typed = date as? Value { return typed }
        case ObjectIdentifier(Data.self):
            if case .data(let data) = value, let typed = data as? Value { return typed }
        default:
            break
        }
        return try Value(from: self)
    }

    func primitive<Value>(_ type: Value.Type, _ extract: (CodedValue) -> Value?) throws -> Value {
        guard let result = extract(value) else { throw mismatch(type, "\(type)") }
        return result
    }

    func bool() throws -> Bool { try primitive(Bool.self) { if case .bool(let flag) = $0 { flag } else { nil } } }
    func string() throws -> String { try primitive(String.self) { if case .string(let text) = $0 { text } else { nil } } }

    func double() throws -> Double {
        try primitive(Double.self) {
            switch $0 {
            case .double(let number): number
            case .float(let number): Double(number)
            case .integer(let number): Double(number)
            default: nil
            }
        }
    }

    func float() throws -> Float {
        try primitive(Float.self) {
            switch $0 {
            case .float(let number): number
            case .double(let number): Float(exactly: number) ?? (number.isNaN ? .nan : nil)
            case .integer(let number): Float(exactly: number)
            default: nil
            }
        }
    }

    func integer<Number: FixedWidthInteger>(_ type: Number.Type) throws -> Number {
        try primitive(type) { if case .integer(let number) = $0 { Number(exactly: number) } else { nil } }
    }
}

struct KeyedTreeDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let values: [String: CodedValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { values.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { value(for: key) != nil }

    /// A struct's few keys are compared in turn: hashing the name asked for cost more than the
    /// comparisons (callgrind: a fifth of decoding a two-field struct). Equality is `String`'s
    /// either way, so the same names match.
    private func value(for key: Key) -> CodedValue? {
        let name = key.stringValue
        guard values.count <= 8 else { return values[name] }
        for (stored, value) in values where stored == name { return value }
        return nil
    }

    private func decoder(for key: Key) throws -> TreeDecoder {
        decoder(for: key, holding: try storedValue(for: key))
    }

    private func decoder(for key: Key, holding value: CodedValue) -> TreeDecoder {
        TreeDecoder(value: value, parentPath: codingPath, key: key)
    }

    private func storedValue(for key: Key) throws -> CodedValue {
        guard let value = value(for: key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath,
                                                                      debugDescription: "no value for \(key.stringValue)"))
        }
        return value
    }

    // The tree holds no nil: a present key is never nil (an absent optional is an absent key).
    func decodeNil(forKey key: Key) throws -> Bool {
        _ = try storedValue(for: key)
        return false
    }

    // Strings, booleans, integers and doubles, most small structs' fields, are read from the
    // stored value without making a decoder for them: a copy of the path, the key and the
    // value, made and destroyed per field (callgrind: a tenth of decoding a two-field struct).
    // A decoder is made for anything else the value holds, so the results and errors are its.
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let value = try storedValue(for: key)
        guard case .bool(let flag) = value else { return try decoder(for: key, holding: value).bool() }
        return flag
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let value = try storedValue(for: key)
        guard case .string(let text) = value else { return try decoder(for: key, holding: value).string() }
        return text
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        let value = try storedValue(for: key)
        guard case .integer(let number) = value, let exact = Int(exactly: number) else {
            return try decoder(for: key, holding: value).integer(type)
        }
        return exact
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let value = try storedValue(for: key)
        guard case .double(let number) = value else { return try decoder(for: key, holding: value).double() }
        return number
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(for: key).float() }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(for: key).integer(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(for: key).integer(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(for: key).integer(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(for: key).integer(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(for: key).integer(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(for: key).integer(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(for: key).integer(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(for: key).integer(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(for: key).integer(type) }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try decoder(for: key).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(value: values["super"] ?? .dictionary([:]), codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key) }
}

struct UnkeyedTreeDecodingContainer: UnkeyedDecodingContainer {
    let values: [CodedValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(values: [CodedValue], codingPath: [any CodingKey]) {
        self.values = values
        self.codingPath = codingPath
    }

    var count: Int? { values.count }
    var isAtEnd: Bool { currentIndex >= values.count }

    private mutating func next() throws -> TreeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, DecodingError.Context(
                codingPath: codingPath + [TreeIndexKey(currentIndex)], debugDescription: "the array has ended"))
        }
        defer { currentIndex += 1 }
        return TreeDecoder(value: values[currentIndex], parentPath: codingPath, key: TreeIndexKey(currentIndex))
    }

    // Never nil (the tree holds none), so nothing to skip; past the end it throws, as `next` does.
    mutating func decodeNil() throws -> Bool {
        if isAtEnd { _ = try next() }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().bool() }
    mutating func decode(_ type: String.Type) throws -> String { try next().string() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().double() }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().float() }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().integer(type) }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next() }
}

struct SingleTreeDecodingContainer: SingleValueDecodingContainer {
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool() }
    func decode(_ type: String.Type) throws -> String { try decoder.string() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.double() }
    func decode(_ type: Float.Type) throws -> Float { try decoder.float() }
    func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(type) }
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try decoder.decodeValue(type) }
}
