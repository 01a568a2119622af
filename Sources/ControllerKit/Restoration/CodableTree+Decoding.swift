import Foundation

extension CodableTree {
    /// The value of type `type` that `tree` holds, or the `DecodingError` saying why not.
    static func decode<Value: Decodable>(_ type: Value.Type, from tree: CodedValue) throws -> Value {
        try TreeDecoder(value: tree, codingPath: []).decode(type)
    }

    /// The decoder for values stored as JSON: dates as `Date`'s own seconds since 2001 (what
    /// ``stored(_:)`` writes), or as ISO 8601 text (what earlier versions wrote).
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

/// The decoder of one value and its own single-value container, as Foundation's JSON decoder is:
/// a primitive's `init(from:)` comes back to its overload here.
struct TreeDecoder: Decoder, SingleValueDecodingContainer {
    let value: CodedValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

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

    func singleValueContainer() -> any SingleValueDecodingContainer { self }

    func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: codingPath, debugDescription: "expected \(expected), found \(value.typeName)"))
    }

    /// `Date` and `Data` straight from their cases, as they were encoded; anything else through
    /// its own `init(from:)`.
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        // The static type compared first, as in encoding: the casts run only when it matches.
        if Value.self == Date.self, case .date(let date) = value, let typed = date as? Value { return typed }
        if Value.self == Data.self, case .data(let data) = value, let typed = data as? Value { return typed }
        return try Value(from: self)
    }

    /// The stored value as `Value`, as `convert` reads it; a type mismatch when it does not.
    private func primitive<Value>(_ convert: (CodedValue) -> Value?) throws -> Value {
        guard let result = convert(value) else { throw mismatch(Value.self, "\(Value.self)") }
        return result
    }

    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) throws -> Bool { try primitive(Bool.init(codedValue:)) }
    func decode(_ type: String.Type) throws -> String { try primitive(String.init(codedValue:)) }
    func decode(_ type: Double.Type) throws -> Double { try primitive(Double.init(codedValue:)) }

    /// Floats, and doubles and integers that a `Float` holds exactly (or a double's NaN).
    func decode(_ type: Float.Type) throws -> Float {
        try primitive {
            switch $0 {
            case .float(let number): number
            case .double(let number): Float(exactly: number) ?? (number.isNaN ? .nan : nil)
            case .integer(let number): Float(exactly: number)
            default: nil
            }
        }
    }

    func decode(_ type: Int.Type) throws -> Int { try integer() }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    private func integer<Number: FixedWidthInteger>() throws -> Number {
        try primitive { if case .integer(let number) = $0 { Number(exactly: number) } else { nil } }
    }
}

// The generic `decode` of each container stands for the protocol's primitive overloads too.

struct KeyedTreeDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let values: [String: CodedValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { values.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

    private func decoder(for key: Key) throws -> TreeDecoder {
        guard let value = values[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath,
                                                                      debugDescription: "no value for \(key.stringValue)"))
        }
        return TreeDecoder(value: value, codingPath: codingPath + [key])
    }

    // The tree holds no nil: a present key is never nil (an absent optional is an absent key).
    func decodeNil(forKey key: Key) throws -> Bool {
        _ = try decoder(for: key)
        return false
    }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value { try decoder(for: key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { TreeDecoder(value: values["super"] ?? .dictionary([:]), codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key) }
}

struct UnkeyedTreeDecodingContainer: UnkeyedDecodingContainer {
    let values: [CodedValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    var count: Int? { values.count }
    var isAtEnd: Bool { currentIndex >= values.count }

    private mutating func next() throws -> TreeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, DecodingError.Context(
                codingPath: codingPath + [TreeIndexKey(currentIndex)], debugDescription: "the array has ended"))
        }
        defer { currentIndex += 1 }
        return TreeDecoder(value: values[currentIndex], codingPath: codingPath + [TreeIndexKey(currentIndex)])
    }

    // Never nil (the tree holds none), so nothing to skip; past the end it throws, as `next` does.
    mutating func decodeNil() throws -> Bool {
        if isAtEnd { _ = try next() }
        return false
    }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try next().decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next() }
}
