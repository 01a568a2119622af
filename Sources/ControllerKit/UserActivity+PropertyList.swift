import Foundation

/// One property-list value, as `NSUserActivity.userInfo` (and `UISceneSession.userInfo`) may hold:
/// the closed set UIKit accepts, plus URLs, which `NSUserActivity` accepts too.
///
/// As JSON (`Codable`), every value is an object with one key naming its type, so SQLite's JSON
/// functions read it and a round trip is exact:
///
/// | case | JSON |
/// |---|---|
/// | `string` | `{"string": "Inbox"}` |
/// | `integer` | `{"integer": 42}` |
/// | `double` | `{"double": 120.5}`; not finite: `{"double": "nan"}`, `"inf"`, `"-inf"` |
/// | `bool` | `{"bool": true}` |
/// | `date` | `{"date": 786297600.25}`, seconds since 2001-01-01 00:00 UTC (`timeIntervalSinceReferenceDate`, exact) |
/// | `data` | `{"data": "AAEC"}`, base64 |
/// | `url` | `{"url": "https://example.com/a"}`, `absoluteString` |
/// | `array` | `{"array": [{"integer": 1}, …]}` |
/// | `dictionary` | `{"dictionary": {"key": {"string": "…"}, …}}` |
public enum PropertyListValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case double(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case url(URL)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    /// The value as `userInfo` holds it: `String`, `Int` (`Int64` beyond `Int`'s range),
    /// `Double`, `Bool`, `Date`, `Data`, `URL`, `[Any]` and `[String: Any]`.
    public var anyValue: Any {
        switch self {
        case .string(let value): return value
        case .integer(let value): return Int(exactly: value).map { $0 as Any } ?? value
        case .double(let value): return value
        case .bool(let value): return value
        case .date(let value): return value
        case .data(let value): return value
        case .url(let value): return value
        case .array(let values): return values.map(\.anyValue)
        case .dictionary(let values): return values.mapValues(\.anyValue)
        }
    }

    /// `dictionary`'s entries as property-list values, or an error naming the first key (in key
    /// order, depth first) whose key or value is not one.
    public static func dictionary(from dictionary: [AnyHashable: Any]) throws(PropertyListError) -> [String: PropertyListValue] {
        try convert(dictionary: dictionary, path: "")
    }

    /// `value` as a property-list value, or an error naming it (`keyPath` is the path errors
    /// start from).
    public init(_ value: Any, keyPath: String = "") throws(PropertyListError) {
        self = try Self.convert(value, path: keyPath)
    }

    // MARK: - Conversion

    private static func convert(dictionary: [AnyHashable: Any], path: String) throws(PropertyListError) -> [String: PropertyListValue] {
        // Strings first, in key order; a dictionary's order is arbitrary, and errors must not be.
        var named: [(String, Any)] = []
        var unnamed: [AnyHashable] = []
        for (key, value) in dictionary {
            if let name = stringKey(key) { named.append((name, value)) } else { unnamed.append(key) }
        }
        if let key = unnamed.min(by: { "\($0.base)" < "\($1.base)" }) {
            throw PropertyListError(keyPath: join(path, "\(key.base)"), typeName: typeName(of: key.base),
                                    problem: .nonStringKey)
        }
        var result: [String: PropertyListValue] = [:]
        for (name, value) in named.sorted(by: { $0.0 < $1.0 }) {
            result[name] = try convert(value, path: join(path, name))
        }
        return result
    }

    private static func convert(_ value: Any, path: String) throws(PropertyListError) -> PropertyListValue {
        // Exact Swift types first: on Linux a Bool, an Int and a Double are not NSNumbers, and
        // an NSNumber may cast to several of them.
        let type = Swift.type(of: value)
        if type == String.self { return .string(value as! String) }
        if type == Bool.self { return .bool(value as! Bool) }
        if type == Int.self { return .integer(Int64(value as! Int)) }
        if type == Double.self { return .double(value as! Double) }
        if type == Float.self { return .double(Double(value as! Float)) }
        if type == CGFloat.self { return .double(Double(value as! CGFloat)) }
        if type == Date.self { return .date(value as! Date) }
        if type == Data.self { return .data(value as! Data) }
        if type == URL.self { return .url(value as! URL) }
        if let integer = value as? any BinaryInteger {
            guard let exact = Int64(exactly: integer) else {
                throw PropertyListError(keyPath: path, typeName: typeName(of: value), problem: .integerOutOfRange)
            }
            return .integer(exact)
        }
        if let number = value as? NSNumber { return try convert(number: number, path: path) }
        if let string = value as? NSString { return .string(String(string)) }
        if let date = value as? NSDate { return .date(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)) }
        if let data = value as? NSData { return .data(Data(referencing: data)) }
        if let url = value as? NSURL, let absolute = url.absoluteURL { return .url(absolute) }
        if let dictionary = value as? [AnyHashable: Any] {
            return .dictionary(try convert(dictionary: dictionary, path: path))
        }
        if let dictionary = value as? NSDictionary {
            var bridged: [AnyHashable: Any] = [:]
            for (key, element) in dictionary {
                guard let key = key as? AnyHashable else {
                    throw PropertyListError(keyPath: join(path, "\(key)"), typeName: typeName(of: key), problem: .nonStringKey)
                }
                bridged[key] = element
            }
            return .dictionary(try convert(dictionary: bridged, path: path))
        }
        if let array = value as? [Any] {
            var values: [PropertyListValue] = []
            values.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                values.append(try convert(element, path: "\(path)[\(index)]"))
            }
            return .array(values)
        }
        if let array = value as? NSArray {
            return try convert(array.map { $0 }, path: path)
        }
        if let optional = value as? any OptionalUnwrapping {
            guard let wrapped = optional.wrappedAny else {
                throw PropertyListError(keyPath: path, typeName: typeName(of: value), problem: .nilValue)
            }
            return try convert(wrapped, path: path)
        }
        throw PropertyListError(keyPath: path, typeName: typeName(of: value), problem: .unsupportedType)
    }

    private static func convert(number: NSNumber, path: String) throws(PropertyListError) -> PropertyListValue {
        switch String(cString: number.objCType) {
        case "c", "B": return .bool(number.boolValue)
        case "f", "d": return .double(number.doubleValue)
        case "Q", "L":
            guard let exact = Int64(exactly: number.uint64Value) else {
                throw PropertyListError(keyPath: path, typeName: "NSNumber", problem: .integerOutOfRange)
            }
            return .integer(exact)
        default: return .integer(number.int64Value)
        }
    }

    private static func stringKey(_ key: AnyHashable) -> String? {
        if let string = key.base as? String { return string }
        if let string = key.base as? NSString { return String(string) }
        return nil
    }

    private static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    private static func typeName(of value: Any) -> String {
        String(reflecting: Swift.type(of: value))
    }
}

private protocol OptionalUnwrapping {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalUnwrapping {
    fileprivate var wrappedAny: Any? { self.map { $0 as Any } }
}

/// A `userInfo` entry that is not a property-list value: where, what, and why.
public struct PropertyListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the entry was refused.
    public enum Problem: String, Sendable, Hashable {
        /// The value's type is not a property-list type (a class instance, a set, a struct…).
        case unsupportedType
        /// A dictionary key is not a string.
        case nonStringKey
        /// An integer outside `Int64`'s range.
        case integerOutOfRange
        /// A `nil` optional: property lists have no null.
        case nilValue
    }

    /// The entry's path from `userInfo`: keys joined by dots, array indexes in brackets
    /// (`draft.attachments[2]`); for ``Problem/nonStringKey``, the path ends with the key itself.
    public var keyPath: String
    /// The refused value's type (the key's, for ``Problem/nonStringKey``), fully qualified.
    public var typeName: String
    public var problem: Problem

    public init(keyPath: String, typeName: String, problem: Problem) {
        self.keyPath = keyPath
        self.typeName = typeName
        self.problem = problem
    }

    public var description: String {
        switch problem {
        case .unsupportedType: return "userInfo.\(keyPath): \(typeName) is not a property-list type"
        case .nonStringKey: return "userInfo.\(keyPath): a dictionary key of type \(typeName); keys must be strings"
        case .integerOutOfRange: return "userInfo.\(keyPath): \(typeName) value outside Int64's range"
        case .nilValue: return "userInfo.\(keyPath): nil (\(typeName)); property lists have no null"
        }
    }
}

// MARK: - JSON

extension PropertyListValue: Codable {
    private enum Tag: String, CodingKey, CaseIterable {
        case string, integer, double, bool, date, data, url, array, dictionary
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Tag.self)
        switch self {
        case .string(let value): try container.encode(value, forKey: .string)
        case .integer(let value): try container.encode(value, forKey: .integer)
        case .double(let value):
            if value.isFinite {
                try container.encode(value, forKey: .double)
            } else {
                try container.encode(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf", forKey: .double)
            }
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .date(let value): try container.encode(value.timeIntervalSinceReferenceDate, forKey: .date)
        case .data(let value): try container.encode(value.base64EncodedString(), forKey: .data)
        case .url(let value): try container.encode(value.absoluteString, forKey: .url)
        case .array(let values): try container.encode(values, forKey: .array)
        case .dictionary(let values): try container.encode(values, forKey: .dictionary)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Tag.self)
        guard container.allKeys.count == 1, let tag = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "A property-list value is an object with exactly one of the keys \(Tag.allCases.map(\.rawValue))"))
        }
        switch tag {
        case .string: self = .string(try container.decode(String.self, forKey: tag))
        case .integer: self = .integer(try container.decode(Int64.self, forKey: tag))
        case .double:
            if let value = try? container.decode(Double.self, forKey: tag) {
                self = .double(value)
            } else {
                switch try container.decode(String.self, forKey: tag) {
                case "nan": self = .double(.nan)
                case "inf": self = .double(.infinity)
                case "-inf": self = .double(-.infinity)
                case let other:
                    throw DecodingError.dataCorruptedError(forKey: tag, in: container,
                        debugDescription: "\"\(other)\" is not a double (a number, \"nan\", \"inf\" or \"-inf\")")
                }
            }
        case .bool: self = .bool(try container.decode(Bool.self, forKey: tag))
        case .date: self = .date(Date(timeIntervalSinceReferenceDate: try container.decode(Double.self, forKey: tag)))
        case .data:
            guard let data = Data(base64Encoded: try container.decode(String.self, forKey: tag)) else {
                throw DecodingError.dataCorruptedError(forKey: tag, in: container, debugDescription: "Not base64")
            }
            self = .data(data)
        case .url:
            guard let url = URL(string: try container.decode(String.self, forKey: tag)) else {
                throw DecodingError.dataCorruptedError(forKey: tag, in: container, debugDescription: "Not a URL")
            }
            self = .url(url)
        case .array: self = .array(try container.decode([PropertyListValue].self, forKey: tag))
        case .dictionary: self = .dictionary(try container.decode([String: PropertyListValue].self, forKey: tag))
        }
    }
}
