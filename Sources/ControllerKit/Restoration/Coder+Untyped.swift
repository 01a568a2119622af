/// Untyped values, as UIKit code writes them with `NSCoder` (docs/behaviour.md):
/// `encode(_ value: Any?, forKey:)`, `decodeObject(forKey:)`, and
/// `decodeObject(of: NSString.self, forKey:)` and its kin for Foundation's classes.
///
/// Only the closed set is stored: Bool, the integers, Double, Float, String, Data, Date, arrays
/// and string-keyed dictionaries of these, Foundation's `NSString`, `NSNumber`, `NSArray`,
/// `NSDictionary`, `NSDate`, `NSData`, and restorable objects (by reference). Anything else is not
/// saved: the coder records an error naming the key and the type, which the save report lists.
/// Nothing is ever instantiated from a class name.
///
/// ```swift
/// coder.encode(searchText as NSString, forKey: "search")
/// let text = coder.decodeObject(of: NSString.self, forKey: "search") as String?
/// let any = coder.decodeObject(forKey: "filters") as? [String]
/// ```
extension Coder {
    /// Stores `value` under `key` when it is of the closed set; `nil` removes the key. Another
    /// type is not stored, and the coder records why.
    public func encode(_ value: Any?, forKey key: String) {
        guard let value else { return encode(nil as CodedValue?, forKey: key) }
        if let object = value as? any RestorableObject { return encode(object, forKey: key) }
        switch Self.codedValue(of: value) {
        case .success(let coded): encode(coded, forKey: key)
        case .failure(let type): fail(key, .unsupportedValue(type.name))
        }
    }

    /// The value under `key` as Swift's own types (`Bool`, `Int` or `Int64`, `Double`, `Float`,
    /// `String`, `Data`, `Date`, `[Any]`, `[String: Any]`, a restorable object), ready for `as?`;
    /// `nil` when missing. A Codable value stored as JSON comes back as its JSON `Data`.
    public func decodeObject(forKey key: String) -> Any? {
        guard let stored = values[key] else { return nil }
        guard case .object(let reference) = stored else { return Self.plainValue(stored) }
        guard let object = object(for: reference) else {
            fail(key, .unknownObject(reference))
            return nil
        }
        return object
    }

    /// The value under `key` as Foundation's class `type` (`NSString`, `NSNumber`, `NSArray`,
    /// `NSDictionary`, `NSDate` or `NSData`): `nil` when missing, `nil` and a recorded error when
    /// the value is another kind or `type` is none of these.
    public func decodeObject<DecodedObjectType: NSObject>(of type: DecodedObjectType.Type, forKey key: String) -> DecodedObjectType? {
        guard let stored = values[key] else { return nil }
        guard let object = Self.foundationObject(stored, as: type) else {
            fail(key, .typeMismatch(expected: "\(type)", found: describe(stored)))
            return nil
        }
        return object
    }

    /// The value under `key` when it is one of `classes` (Foundation's, as above): `nil` when
    /// missing, `nil` and a recorded error when it is none of them.
    public func decodeObject(of classes: [AnyClass], forKey key: String) -> Any? {
        guard let stored = values[key] else { return nil }
        for type in classes {
            if let nsType = type as? NSObject.Type, let object = Self.foundationObject(stored, as: nsType) { return object }
        }
        fail(key, .typeMismatch(expected: classes.map { "\($0)" }.joined(separator: " or "), found: describe(stored)))
        return nil
    }

    /// The `Decodable` value under `key`, throwing what went wrong, as
    /// `NSKeyedUnarchiver.decodeTopLevelDecodable(_:forKey:)`; `nil` when missing.
    public func decodeTopLevelDecodable<Value: Decodable>(_ type: Value.Type, forKey key: String) throws(CoderError) -> Value? {
        let before = errors.count
        let value = decodeDecodable(type, forKey: key)
        if errors.count > before, let error = errors.last { throw error }
        return value
    }

    // MARK: - Conversions

    /// `value` in the closed set, or the name of its type.
    static func codedValue(of value: Any) -> Result<CodedValue, UnsupportedType> {
        // An NSNumber first, by its own type: it also casts to Bool, Int and Double.
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber { return .success(codedValue(of: number)) }
        switch value {
        case let coded as CodedValue: return .success(coded)
        case let flag as Bool: return .success(.bool(flag))
        case let number as Int: return .success(.integer(Int64(number)))
        case let number as Int32: return .success(.integer(Int64(number)))
        case let number as Int64: return .success(.integer(number))
        case let number as Double: return .success(.double(number))
        case let number as Float: return .success(.float(number))
        case let text as String: return .success(.string(text))
        case let data as Data: return .success(.data(data))
        case let date as Date: return .success(.date(date))
        case let text as NSString: return .success(.string(String(text)))
        case let date as NSDate: return .success(.date(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)))
        case let data as NSData: return .success(.data(Data(referencing: data)))
        case let array as [Any]: return collect(array).map(CodedValue.array)
        case let array as NSArray: return collect(Array(array)).map(CodedValue.array)
        case let dictionary as [String: Any]: return collect(dictionary).map(CodedValue.dictionary)
        case let dictionary as NSDictionary:
            var pairs: [String: Any] = [:]
            for (key, element) in dictionary {
                guard let key = key as? String else { return .failure(UnsupportedType(name: "NSDictionary with non-string keys")) }
                pairs[key] = element
            }
            return collect(pairs).map(CodedValue.dictionary)
        default: return .failure(UnsupportedType(name: "\(type(of: value))"))
        }
    }

    private static func codedValue(of number: NSNumber) -> CodedValue {
        switch String(cString: number.objCType) {
        case "c", "B": return .bool(number.boolValue)
        case "f": return .float(number.floatValue)
        case "d": return .double(number.doubleValue)
        default: return .integer(number.int64Value)
        }
    }

    private static func collect(_ elements: [Any]) -> Result<[CodedValue], UnsupportedType> {
        var coded: [CodedValue] = []
        for element in elements {
            switch codedValue(of: element) {
            case .success(let value): coded.append(value)
            case .failure(let type): return .failure(type)
            }
        }
        return .success(coded)
    }

    private static func collect(_ elements: [String: Any]) -> Result<[String: CodedValue], UnsupportedType> {
        var coded: [String: CodedValue] = [:]
        for (key, element) in elements {
            switch codedValue(of: element) {
            case .success(let value): coded[key] = value
            case .failure(let type): return .failure(type)
            }
        }
        return .success(coded)
    }

    /// `value` as Swift's own types (see ``decodeObject(forKey:)``); references stay references.
    static func plainValue(_ value: CodedValue) -> Any {
        switch value {
        case .bool(let flag): return flag
        case .integer(let number): return Int(exactly: number).map { $0 as Any } ?? number
        case .double(let number): return number
        case .float(let number): return number
        case .string(let text): return text
        case .data(let data): return data
        case .date(let date): return date
        case .array(let values): return values.map(plainValue)
        case .dictionary(let values): return values.mapValues(plainValue)
        case .codable(let json): return json
        case .object(let reference): return reference
        }
    }

    /// `value` as an instance of Foundation's `type`, when it is that kind of value.
    static func foundationObject<Object: NSObject>(_ value: CodedValue, as type: Object.Type) -> Object? {
        let object: NSObject? = switch (value, ObjectIdentifier(type)) {
        case (.string(let text), ObjectIdentifier(NSString.self)): NSString(string: text)
        case (.bool(let flag), ObjectIdentifier(NSNumber.self)): NSNumber(value: flag)
        case (.integer(let number), ObjectIdentifier(NSNumber.self)): NSNumber(value: number)
        case (.double(let number), ObjectIdentifier(NSNumber.self)): NSNumber(value: number)
        case (.float(let number), ObjectIdentifier(NSNumber.self)): NSNumber(value: number)
        case (.date(let date), ObjectIdentifier(NSDate.self)): NSDate(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case (.data(let data), ObjectIdentifier(NSData.self)): NSData(data: data)
        case (.array(let values), ObjectIdentifier(NSArray.self)): NSArray(array: values.map(plainValue))
        case (.dictionary(let values), ObjectIdentifier(NSDictionary.self)): NSDictionary(dictionary: values.mapValues(plainValue))
        default: nil
        }
        return object as? Object
    }
}

/// The name of a type the coder cannot store.
struct UnsupportedType: Error {
    let name: String
}
