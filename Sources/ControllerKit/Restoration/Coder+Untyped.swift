import Foundation

/// Untyped values, as UIKit code writes them with `NSCoder` (docs/behaviour.md):
/// `encode(_ value: Any?, forKey:)`, `decodeObject(forKey:)`, and
/// `decodeObject(of: NSString.self, forKey:)` and its kin for Foundation's classes.
///
/// Only the closed set is stored: the typed calls' types (``CodedValueConvertible``), their
/// Foundation classes (`NSString`, `NSNumber`, `NSArray`, `NSDictionary`, `NSDate`, `NSData`), and
/// ``StateRestoring`` and ``Coding`` objects, by reference: an object stored twice restores as one
/// instance. Anything else is not saved, and the coder records an error naming the key and type.
///
/// ```swift
/// coder.encode(searchText as NSString, forKey: "search")
/// coder.encode(attendees, forKey: "attendees")     // [Person], a Coding class
/// let text = coder.decodeObject(of: NSString.self, forKey: "search") as String?
/// let any = coder.decodeObject(forKey: "filters") as? [String]
/// let people = coder.decodeObject(forKey: "attendees") as? [Person]
/// ```
extension Coder {
    /// Stores `value` under `key` when it is of the closed set; `nil` removes the key. Another
    /// type is not stored and the coder says why; an unregistered object leaves the key out.
    public func encode(_ value: Any?, forKey key: String) {
        guard let value else { return encode(nil as CodedValue?, forKey: key) }
        do {
            encode(try codedValue(of: value, forKey: key), forKey: key)
        } catch NotStored.unsupported(let name) {
            fail(key, .unsupportedValue(name))
        } catch {
            // An object the archive cannot hold, which the archive reported.
            encode(nil as CodedValue?, forKey: key)
        }
    }

    /// The value under `key` as Swift's own types (`Bool`, `Int` or `Int64`, `Double`, `Float`,
    /// `String`, `Data`, `Date`, `[Any]`, `[String: Any]`, an object), ready for `as?`; `nil`
    /// when missing. A reference that does not resolve, even inside an array or dictionary, makes
    /// the whole value `nil` and records an error. Geometry comes back as its dictionary, JSON as
    /// its `Data`, and a storyboard's name under `Application.stateRestorationViewControllerStoryboardKey`
    /// as its ``Storyboard``, as UIKit's coder has it (`nil` when it is not registered any more).
    public func decodeObject(forKey key: String) -> Any? {
        guard let stored = values[key] else { return nil }
        if key == Application.stateRestorationViewControllerStoryboardKey, case .string(let name) = stored {
            return Storyboard.registered(name: name)
        }
        return plainValue(stored, forKey: key)
    }

    /// The value under `key` when it is one of `classes` (Foundation's, or a class or superclass
    /// of a referenced object), as `NSCoder.decodeObject(of:forKey:)` with a list: `nil` when
    /// missing, `nil` and a recorded error when it is none of them.
    public func decodeObject(of classes: [AnyClass]?, forKey key: String) -> Any? {
        guard let stored = values[key] else { return nil }
        let classes = classes ?? []
        if case .object(let reference) = stored {
            guard let object = object(for: reference, forKey: key) else { return nil }
            guard Self.isInstance(object, ofAnyOf: classes) else {
                fail(key, .wrongObjectClass(expected: classes.map { "\($0)" }.joined(separator: " or "), found: "\(type(of: object))"))
                return nil
            }
            return object
        }
        let before = errors.count
        for listed in classes {
            guard let nsType = listed as? NSObject.Type, let object = foundationObject(stored, as: nsType, forKey: key) else {
                if errors.count > before { return nil }
                continue
            }
            if nsType == NSArray.self || nsType == NSDictionary.self {
                // Objects inside must be of the listed classes too.
                let elements: [Any] = (object as? NSArray).map { Array($0) } ?? (object as? NSDictionary)?.allValues ?? []
                if let stranger = elements.first(where: { Self.isObjectReference($0) && !Self.isInstance($0 as AnyObject, ofAnyOf: classes) }) {
                    fail(key, .wrongObjectClass(expected: classes.map { "\($0)" }.joined(separator: " or "), found: "\(type(of: stranger))"))
                    return nil
                }
            }
            return object
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

    /// Writes `value` after the unkeyed values written so far, as `NSCoder.encode(_:)` for code
    /// written before keyed archiving; read back in the same order. Each is kept under the key
    /// `$0`, `$1`, … of the same coder, so tools show them; mixing them with keyed values of
    /// those names is not supported.
    ///
    /// ```swift
    /// coder.encode("draft")
    /// let name = coder.decodeObject() as? String   // at restore: "draft"
    /// ```
    public func encode(_ value: Any?) {
        encode(value, forKey: "$\(unkeyedWritten)")
        unkeyedWritten += 1
    }

    /// The next unkeyed value, as `NSCoder.decodeObject()`: `nil` once they are all read.
    public func decodeObject() -> Any? {
        defer { unkeyedRead += 1 }
        return decodeObject(forKey: "$\(unkeyedRead)")
    }

    // MARK: - Conversions

    /// Why an untyped value is not stored.
    enum NotStored: Error {
        /// A type outside the closed set, by name.
        case unsupported(String)
        /// An object the archive cannot hold; the archive recorded why.
        case objectNotKept
    }

    /// `value` in the closed set, or throws ``NotStored``; objects become references under `key`.
    func codedValue(of value: Any, forKey key: String) throws -> CodedValue {
        // An NSNumber first, by its own type: it also casts to Bool, Int and Double.
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber { return Self.codedValue(of: number) }
        switch value {
        case let coded as CodedValue: return coded
        // The typed calls' types: numbers, strings, data, dates, geometry, and arrays and
        // dictionaries of them.
        // Objects before values: an object that is also convertible keeps its identity.
        case let object as any StateRestoring: return try objectValue(object, forKey: key)
        case let object as any Coding: return try objectValue(object, forKey: key)
        case let convertible as any CodedValueConvertible: return convertible.codedValue
        case let storyboard as Storyboard: return .string(storyboard.name)
        case let text as NSString: return .string(String(text))
        case let date as NSDate: return .date(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate))
        case let data as NSData: return .data(Data(referencing: data))
        case let array as [Any]: return .array(try array.map { try codedValue(of: $0, forKey: key) })
        case let array as NSArray: return .array(try array.map { try codedValue(of: $0, forKey: key) })
        case let dictionary as [String: Any]: return .dictionary(try dictionary.mapValues { try codedValue(of: $0, forKey: key) })
        case let dictionary as NSDictionary:
            var pairs: [String: Any] = [:]
            for (pairKey, element) in dictionary {
                guard let pairKey = pairKey as? String else { throw NotStored.unsupported("NSDictionary with non-string keys") }
                pairs[pairKey] = element
            }
            return .dictionary(try pairs.mapValues { try codedValue(of: $0, forKey: key) })
        default: throw NotStored.unsupported("\(type(of: value))")
        }
    }

    private func objectValue(_ object: AnyObject, forKey key: String) throws -> CodedValue {
        guard let reference = reference(for: object, forKey: key) else { throw NotStored.objectNotKept }
        return .object(reference)
    }

    private static func codedValue(of number: NSNumber) -> CodedValue {
        switch String(cString: number.objCType) {
        case "c", "B": return .bool(number.boolValue)
        case "f": return .float(number.floatValue)
        case "d": return .double(number.doubleValue)
        default: return .integer(number.int64Value)
        }
    }

    /// `value` as Swift's own types (see ``decodeObject(forKey:)``), references resolved; `nil`
    /// when one does not resolve (the error is recorded).
    func plainValue(_ value: CodedValue, forKey key: String) -> Any? {
        switch value {
        case .bool(let flag): return flag
        case .integer(let number): return Int(exactly: number).map { $0 as Any } ?? number
        case .double(let number): return number
        case .float(let number): return number
        case .string(let text): return text
        case .data(let data): return data
        case .date(let date): return date
        case .array(let values):
            var elements: [Any] = []
            for element in values {
                guard let plain = plainValue(element, forKey: key) else { return nil }
                elements.append(plain)
            }
            return elements
        case .dictionary(let values):
            var pairs: [String: Any] = [:]
            for (pairKey, element) in values {
                guard let plain = plainValue(element, forKey: key) else { return nil }
                pairs[pairKey] = plain
            }
            return pairs
        case .codable(let json): return json
        case .object(let reference): return object(for: reference, forKey: key)
        }
    }

    /// `value` as an instance of Foundation's `type`, when it is that kind of value; `nil`, with
    /// an error recorded, when a reference inside does not resolve.
    func foundationObject<Object: NSObject>(_ value: CodedValue, as type: Object.Type, forKey key: String) -> Object? {
        let object: NSObject? = switch (value, ObjectIdentifier(type)) {
        case (.string(let text), ObjectIdentifier(NSString.self)): NSString(string: text)
        case (.bool(let flag), ObjectIdentifier(NSNumber.self)): NSNumber(value: flag)
        case (.integer(let number), ObjectIdentifier(NSNumber.self)): NSNumber(value: number)
        case (.double(let number), ObjectIdentifier(NSNumber.self)): NSNumber(value: number)
        case (.float(let number), ObjectIdentifier(NSNumber.self)): NSNumber(value: number)
        case (.date(let date), ObjectIdentifier(NSDate.self)): NSDate(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case (.data(let data), ObjectIdentifier(NSData.self)): NSData(data: data)
        case (.array, ObjectIdentifier(NSArray.self)): (plainValue(value, forKey: key) as? [Any]).map { NSArray(array: $0) }
        case (.dictionary, ObjectIdentifier(NSDictionary.self)): (plainValue(value, forKey: key) as? [String: Any]).map { NSDictionary(dictionary: $0) }
        default: nil
        }
        return object as? Object
    }

    /// Whether `value` is an object that a reference decoded to (not a Foundation value).
    private static func isObjectReference(_ value: Any) -> Bool {
        value is any StateRestoring || value is any Coding
    }

    /// Whether `object`'s class, or one of its superclasses, is among `classes`.
    static func isInstance(_ object: AnyObject, ofAnyOf classes: [AnyClass]) -> Bool {
        func isInstance<Class: AnyObject>(of type: Class.Type) -> Bool { object is Class }
        return classes.contains { isInstance(of: $0) }
    }
}
