import Foundation

/// ControllerKit's keyed coder: the role `NSCoder` plays for UIKit's state restoration, with the
/// same method names so restoration code ports by renaming the type.
///
/// One coder holds one controller's keys (keys are unique within it). Missing keys decode as
/// `0`, `false`, `nil` or `.zero`, as `NSCoder` does; a key holding another type decodes the same
/// way **and** records a ``CoderError`` naming the key and path, never a silently converted value.
///
/// ```swift
/// override func encodeRestorableState(with coder: Coder) {
///     super.encodeRestorableState(with: coder)
///     coder.encode(selectedMessageID, forKey: "selected")
///     coder.encode(searchText, forKey: "search")
///     coder.encode(scrollPosition, forKey: "scroll")     // a CGPoint
///     coder.encode(attachments, forKey: "attachments")   // [Attachment], a Coding class
/// }
///
/// override func decodeRestorableState(with coder: Coder) {
///     super.decodeRestorableState(with: coder)
///     selectedMessageID = coder.decodeInteger(forKey: "selected")
///     searchText = coder.decodeString(forKey: "search") ?? ""
///     scrollPosition = coder.decodeCGPoint(forKey: "scroll")
///     attachments = coder.decodeArrayOfObjects(ofClass: Attachment.self, forKey: "attachments") ?? []
/// }
/// ```
///
/// Like `NSCoder`, a coder is isolated to no actor, as model classes call it from wherever they
/// run, and is not `Sendable`. The base class is a complete in-memory coder; the
/// state-restoration layer subclasses it to number objects across a whole snapshot.
open class Coder {
    /// The keyed values, as stored.
    public private(set) var values: [String: CodedValue]

    /// The restoration identifiers from the root to this coder's controller, as errors name it.
    public var codingPath: [String]

    /// Every decoding or encoding error so far, oldest first.
    public private(set) var errors: [CoderError] = []

    private var classVersions: [String: Int]
    /// How many values `encode(_:)` wrote without a key, and how many `decodeObject()` read.
    var unkeyedWritten = 0
    var unkeyedRead = 0
    private var objectsByID: [Int: AnyObject] = [:]
    private var idsByObject: [ObjectIdentifier: Int] = [:]

    /// A coder holding `values`, for the controller at `codingPath`, with the saved class versions.
    public init(values: [String: CodedValue] = [:], codingPath: [String] = [], classVersions: [String: Int] = [:]) {
        self.values = values
        self.codingPath = codingPath
        self.classVersions = classVersions
    }

    /// The first error, as `NSCoder.error`.
    public var error: CoderError? { errors.first }

    /// Always `true`, as a secure `NSCoder` reports: values are of a closed set of types, and
    /// objects are made only from classes registered under stable names (`RestorationRegistry`).
    open var requiresSecureCoding: Bool { true }

    /// Records an error, as `NSCoder.failWithError(_:)`; a controller whose coder failed is not restored.
    open func failWithError(_ error: CoderError) { errors.append(error) }

    /// The version the class named `className` had when the archive was written, or `0` when
    /// none was recorded; lets a controller migrate its own old keys.
    open func version(forClassName className: String) -> Int { classVersions[className] ?? 0 }

    /// Records the version of `className`, as the archiver does when saving.
    public func setVersion(_ version: Int, forClassName className: String) { classVersions[className] = version }

    /// Every class version this coder knows.
    public var allClassVersions: [String: Int] { classVersions }

    // MARK: - Encoding

    /// Stores `value` under `key`; `nil` removes the key.
    public func encode(_ value: CodedValue?, forKey key: String) { values[key] = value }

    /// Stores any value of the closed set (``CodedValueConvertible``); `nil` removes the key.
    // Inlinable, here and in `decodeObject(of:forKey:)`, so that an app's module specializes
    // them for its own types: unspecialized, each call looked up generic metadata at run time.
    @inlinable
    public final func encode<Value: CodedValueConvertible>(_ value: Value?, forKey key: String) {
        encode(value?.codedValue, forKey: key)
    }

    /// Stores an `Encodable` value, as `NSCoder.encodeEncodable(_:forKey:)`: as a tree of keyed
    /// values, or as JSON when it needs `nil` or an integer above `Int64.max`. A value whose
    /// `encode(to:)` throws leaves the key as it was and records the error.
    public func encodeEncodable<Value: Encodable>(_ value: Value, forKey key: String) {
        do {
            encode(try CodableTree.stored(value), forKey: key)
        } catch {
            fail(key, .valueDoesNotEncode("\(error)"))
        }
    }

    /// The reference under which `object` (a ``StateRestoring`` or ``Coding`` object) is stored
    /// under `key`, or `nil` when this archive cannot hold it (the key is then left out, and the
    /// archive says why). Archives that persist override it to number objects across the archive.
    open func reference(for object: AnyObject, forKey key: String) -> ObjectReference? {
        let identity = ObjectIdentifier(object)
        if let id = idsByObject[identity] { return ObjectReference(id: id) }
        let id = objectsByID.count + 1
        idsByObject[identity] = id
        objectsByID[id] = object
        return ObjectReference(id: id)
    }

    /// The object stored under `reference`, read for `key`; or `nil` after recording why not
    /// (``failWithError(_:)``): the archive holds no such object, or it could not be restored.
    open func object(for reference: ObjectReference, forKey key: String) -> AnyObject? {
        guard let object = objectsByID[reference.id] else {
            fail(key, .unknownObject(reference))
            return nil
        }
        return object
    }

    // MARK: - Decoding

    /// Whether `key` holds a value.
    public func containsValue(forKey key: String) -> Bool { values[key] != nil }

    /// The Bool under `key`; `false` when missing.
    public func decodeBool(forKey key: String) -> Bool { decodeObject(of: Bool.self, forKey: key) ?? false }

    /// The integer under `key`; `0` when missing or out of range for `Int`.
    public func decodeInteger(forKey key: String) -> Int { decodeObject(of: Int.self, forKey: key) ?? 0 }

    /// The 32-bit integer under `key`; `0` when missing or out of range.
    public func decodeInt32(forKey key: String) -> Int32 { decodeObject(of: Int32.self, forKey: key) ?? 0 }

    /// The 64-bit integer under `key`; `0` when missing.
    public func decodeInt64(forKey key: String) -> Int64 { decodeObject(of: Int64.self, forKey: key) ?? 0 }

    /// The Double under `key` (floats and integers widen); `0` when missing.
    public func decodeDouble(forKey key: String) -> Double { decodeObject(of: Double.self, forKey: key) ?? 0 }

    /// The Float under `key`; `0` when missing.
    public func decodeFloat(forKey key: String) -> Float { decodeObject(of: Float.self, forKey: key) ?? 0 }

    /// The String under `key`; `nil` when missing.
    public func decodeString(forKey key: String) -> String? { decodeObject(of: String.self, forKey: key) }

    /// The value of type `type` under `key`, type-checked: `nil` when missing, `nil` and a
    /// recorded error when the stored value has another type.
    @inlinable
    public final func decodeObject<Value: CodedValueConvertible>(of type: Value.Type, forKey key: String) -> Value? {
        guard let stored = values[key] else { return nil }
        guard let value = Value(codedValue: stored) else {
            fail(key, .typeMismatch(expected: "\(Value.self)", found: describe(stored)))
            return nil
        }
        return value
    }

    /// The `Decodable` value under `key`, as `NSCoder.decodeDecodable(_:forKey:)`.
    public func decodeDecodable<Value: Decodable>(_ type: Value.Type, forKey key: String) -> Value? {
        guard let stored = values[key] else { return nil }
        do {
            if case .codable(let json) = stored { return try CodableTree.jsonDecoder().decode(type, from: json) }
            // A tree, as `encodeEncodable` stores it; anything else fails as a type mismatch.
            return try CodableTree.decode(type, from: stored)
        } catch {
            if case .codable = stored {
                fail(key, .corruptPayload("\(error)"))
            } else {
                let found = "\(describe(stored)); \(CodableTree.describe(error))"
                fail(key, .typeMismatch(expected: "codable \(Value.self)", found: found))
            }
            return nil
        }
    }

    /// The object of class `type` (or a subclass) under `key`: a ``StateRestoring`` or ``Coding``
    /// object, a controller, or an instance of Foundation's class `type` (`NSString`, `NSNumber`,
    /// `NSArray`, `NSDictionary`, `NSDate`, `NSData`) made from the value. `nil` when missing;
    /// `nil` and a recorded error when the key holds another kind of value, a reference to an
    /// object the archive does not hold or could not restore, or an object of another class.
    public func decodeObject<Object: AnyObject>(of type: Object.Type, forKey key: String) -> Object? {
        guard let stored = values[key] else { return nil }
        let before = errors.count
        if let object = object(stored, as: type, forKey: key) { return object }
        if errors.count == before { fail(key, .typeMismatch(expected: "object \(Object.self)", found: describe(stored))) }
        return nil
    }

    /// The array of objects of class `type` under `key`, as
    /// `NSCoder.decodeArrayOfObjects(ofClass:forKey:)`: ``Coding`` or ``StateRestoring`` objects,
    /// or Foundation's classes (`NSString`, `NSNumber`, …) of the values. `nil` when missing;
    /// `nil` and a recorded error when the key holds no array or an element of another kind.
    public func decodeArrayOfObjects<Object: AnyObject>(ofClass type: Object.Type, forKey key: String) -> [Object]? {
        guard let stored = values[key] else { return nil }
        guard case .array(let elements) = stored else {
            fail(key, .typeMismatch(expected: "array of \(Object.self)", found: describe(stored)))
            return nil
        }
        var result: [Object] = []
        for (index, element) in elements.enumerated() {
            guard let object = object(element, as: type, forKey: key) else {
                if case .object = element { return nil }
                fail(key, .typeMismatch(expected: "array of \(Object.self)", found: "\(describe(element)) at index \(index)"))
                return nil
            }
            result.append(object)
        }
        return result
    }

    /// `value` as a `type`: the object a reference points at (else `nil` and a recorded error), or
    /// an instance of Foundation's class `type` made from the value (else `nil`).
    func object<Object: AnyObject>(_ value: CodedValue, as type: Object.Type, forKey key: String) -> Object? {
        guard case .object(let reference) = value else {
            guard let nsType = type as? NSObject.Type else { return nil }
            return foundationObject(value, as: nsType, forKey: key) as? Object
        }
        guard let object = object(for: reference, forKey: key) else { return nil }
        guard let typed = object as? Object else {
            fail(key, .wrongObjectClass(expected: "\(Object.self)", found: "\(Swift.type(of: object))"))
            return nil
        }
        return typed
    }

    @usableFromInline
    func fail(_ key: String, _ kind: CoderError.Kind) {
        failWithError(CoderError(kind: kind, key: key, path: codingPath))
    }

    @usableFromInline
    func describe(_ value: CodedValue) -> String {
        switch value {
        case .integer(let number): return "integer \(number)"
        case .bool(let flag): return "bool \(flag)"
        case .string(let text): return "string of \(text.count) characters"
        default: return value.typeName
        }
    }
}
