import Foundation

/// One keyed value as a ``Coder`` holds it: the closed set of types docs/behaviour.md lists.
///
/// A closed set makes decoding secure by construction: nothing in an archive names a type to
/// make, and every value's type is checked against what the decoder asks for. Objects are
/// references, made at restore only from registered classes.
public enum CodedValue: Sendable, Hashable {
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case float(Float)
    case string(String)
    case data(Data)
    case date(Date)
    case array([CodedValue])
    case dictionary([String: CodedValue])
    /// A `Codable` value, as JSON.
    case codable(Data)
    /// A reference to an object (a controller, a ``StateRestoring`` or ``Coding`` object); the
    /// coder keeps identity.
    case object(ObjectReference)

    /// The type's name as errors and tools print it.
    public var typeName: String {
        switch self {
        case .bool: return "bool"
        case .integer: return "integer"
        case .double: return "double"
        case .float: return "float"
        case .string: return "string"
        case .data: return "data"
        case .date: return "date"
        case .array: return "array"
        case .dictionary: return "dictionary"
        case .codable: return "codable"
        case .object: return "object"
        }
    }
}

extension CodedValue: CustomStringConvertible {
    /// The case and its value, dictionaries in key order, so test kits can compare printed values.
    public var description: String {
        switch self {
        case .bool(let flag): return "bool(\(flag))"
        case .integer(let number): return "integer(\(number))"
        case .double(let number): return "double(\(number))"
        case .float(let number): return "float(\(number))"
        case .string(let text): return "string(\(text.debugDescription))"
        case .data(let data): return "data(\(data.count) bytes)"
        case .date(let date): return "date(\(date))"
        case .array(let values): return "array([\(values.map(\.description).joined(separator: ", "))])"
        case .dictionary(let values):
            let pairs = values.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \($0.value)" }
            return "dictionary([\(pairs.isEmpty ? ":" : pairs.joined(separator: ", "))])"
        case .codable(let json): return "codable(\(String(decoding: json, as: UTF8.self)))"
        case .object(let reference): return "object(#\(reference.id))"
        }
    }
}

/// Identifies one object within one archive.
public struct ObjectReference: Sendable, Hashable {
    /// Unique within the archive.
    public let id: Int

    /// Makes a reference; archives number their objects.
    public init(id: Int) { self.id = id }
}

/// A type that converts to and from ``CodedValue`` exactly, which makes it encodable with
/// `encode(_:forKey:)` and decodable with `decodeObject(of:forKey:)`.
public protocol CodedValueConvertible {
    /// The value as stored.
    var codedValue: CodedValue { get }
    /// The value back, or `nil` when `codedValue` holds another type.
    init?(codedValue: CodedValue)
}

extension Bool: CodedValueConvertible {
    public var codedValue: CodedValue { .bool(self) }
    public init?(codedValue: CodedValue) {
        guard case .bool(let value) = codedValue else { return nil }
        self = value
    }
}

extension Int: CodedValueConvertible {
    public var codedValue: CodedValue { .integer(Int64(self)) }
    public init?(codedValue: CodedValue) {
        guard case .integer(let value) = codedValue, let exact = Int(exactly: value) else { return nil }
        self = exact
    }
}

extension Int32: CodedValueConvertible {
    public var codedValue: CodedValue { .integer(Int64(self)) }
    public init?(codedValue: CodedValue) {
        guard case .integer(let value) = codedValue, let exact = Int32(exactly: value) else { return nil }
        self = exact
    }
}

extension Int64: CodedValueConvertible {
    public var codedValue: CodedValue { .integer(self) }
    public init?(codedValue: CodedValue) {
        guard case .integer(let value) = codedValue else { return nil }
        self = value
    }
}

extension Double: CodedValueConvertible {
    public var codedValue: CodedValue { .double(self) }
    /// Accepts doubles, floats and integers (widening never loses the stored value's meaning).
    public init?(codedValue: CodedValue) {
        switch codedValue {
        case .double(let value): self = value
        case .float(let value): self = Double(value)
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Float: CodedValueConvertible {
    public var codedValue: CodedValue { .float(self) }
    public init?(codedValue: CodedValue) {
        guard case .float(let value) = codedValue else { return nil }
        self = value
    }
}

extension String: CodedValueConvertible {
    public var codedValue: CodedValue { .string(self) }
    public init?(codedValue: CodedValue) {
        guard case .string(let value) = codedValue else { return nil }
        self = value
    }
}

extension Data: CodedValueConvertible {
    public var codedValue: CodedValue { .data(self) }
    public init?(codedValue: CodedValue) {
        guard case .data(let value) = codedValue else { return nil }
        self = value
    }
}

extension Date: CodedValueConvertible {
    public var codedValue: CodedValue { .date(self) }
    public init?(codedValue: CodedValue) {
        guard case .date(let value) = codedValue else { return nil }
        self = value
    }
}

extension Array: CodedValueConvertible where Element: CodedValueConvertible {
    // Inlinable, so an app's module specializes it for its element type: unspecialized, each
    // call looked up generic metadata at run time (an eighth of a save's main-actor time).
    @inlinable
    public var codedValue: CodedValue { .array(map { $0.codedValue }) }
    @inlinable
    public init?(codedValue: CodedValue) {
        guard case .array(let values) = codedValue else { return nil }
        var result: [Element] = []
        result.reserveCapacity(values.count)
        for value in values {
            guard let element = Element(codedValue: value) else { return nil }
            result.append(element)
        }
        self = result
    }
}

extension Dictionary: CodedValueConvertible where Key == String, Value: CodedValueConvertible {
    @inlinable
    public var codedValue: CodedValue { .dictionary(mapValues { $0.codedValue }) }
    @inlinable
    public init?(codedValue: CodedValue) {
        guard case .dictionary(let values) = codedValue else { return nil }
        var result: [String: Value] = [:]
        for (key, value) in values {
            guard let element = Value(codedValue: value) else { return nil }
            result[key] = element
        }
        self = result
    }
}
