import Foundation

/// ControllerKit's keyed coder: the role `NSCoder` plays for UIKit's state restoration, with the
/// same method names so restoration code ports by renaming the type.
///
/// One coder holds one controller's keys (keys are unique within it). Missing keys decode as
/// `0`, `false` or `nil`, as `NSCoder` does; a key holding another type decodes the same way
/// **and** records a ``CoderError`` naming the key and path, never a silently converted value.
///
/// The base class is a complete in-memory coder: object references keep identity within the
/// objects it was handed. The state-restoration layer subclasses it to persist archives.
@MainActor
open class Coder {
    /// The keyed values, as stored.
    public var values: [String: CodedValue] {
        if storage.needsPreparation { prepareForReading(key: "") }
        return storage.table
    }

    /// Where the values live (see ``CoderStorage``). Unchecked exclusivity: Swift checks every
    /// access to a class's stored `var` at run time otherwise, two checks per
    /// `encode(_:forKey:)` and one per decode (a twentieth of a save's main-actor time,
    /// callgrind). No access can overlap another: a coder is confined to the main actor, never
    /// lends the storage out, and no access calls code outside it while it lasts.
    @exclusivity(unchecked) var storage: CoderStorage

    /// The restoration identifiers from the root to the controller this coder belongs to; errors
    /// name it.
    public var codingPath: [String] {
        get {
            if let source = pathSource {
                resolvedCodingPath = source.codingPath(at: pathIndex)
                pathSource = nil
            }
            return resolvedCodingPath
        }
        set {
            resolvedCodingPath = newValue
            pathSource = nil
        }
    }

    // Unchecked exclusivity, as `storage`: private, confined to the main actor, and no access
    // calls code that could reach them while it lasts (`codingPath` asks its source between
    // accesses).
    @exclusivity(unchecked) private var resolvedCodingPath: [String]
    /// Where `codingPath` comes from until it is first read (see ``prepareForReuse(pathSource:index:)``).
    @exclusivity(unchecked) private var pathSource: (any CodingPathSource)?
    @exclusivity(unchecked) private var pathIndex = 0

    /// Whether ``encodeEncodable(_:forKey:)`` leaves a `Sendable` value's encoding to whoever
    /// takes the writes (``takeUnreadWrites()``): a save's coder does, so that the encoding
    /// runs on the writer's threads rather than the main actor. A value read back first is
    /// encoded then, on the main actor, and its error recorded as it would have been.
    // Unchecked exclusivity: set once as a save's coder is made, then only read, once per
    // `encodeEncodable` (each read otherwise checked at run time).
    @_spi(Restoration)
    @exclusivity(unchecked) public final var defersSendableEncodings = false

    /// Every decoding error so far, oldest first.
    // Unchecked exclusivity: a restore reads it after every controller's decode (`error`), each
    // read otherwise checked at run time; the one write is an `append` that calls nothing.
    @exclusivity(unchecked) public private(set) var errors: [CoderError] = []

    // Unchecked exclusivity, as `storage`: private, confined to the main actor, and no access
    // calls code that could reach them while it lasts. Checked, emptying them for reuse cost
    // more than the rest of `prepareForReuse(pathSource:index:)`.
    @exclusivity(unchecked) private var classVersions: [String: Int]
    @exclusivity(unchecked) private var objectsByID: [Int: any RestorableObject] = [:]
    @exclusivity(unchecked) private var idsByObject: [ObjectIdentifier: Int] = [:]

    /// Makes a coder holding `values`, for a controller at `codingPath`, with the class versions
    /// recorded at save time.
    public init(values: [String: CodedValue] = [:], codingPath: [String] = [], classVersions: [String: Int] = [:]) {
        storage = CoderStorage(KeyedValues(values))
        resolvedCodingPath = codingPath
        self.classVersions = classVersions
    }

    /// Makes a coder holding `values` in the form given: a restore gives each controller's
    /// values sorted, as its payload lists them, and the coder looks keys up without hashing.
    @_spi(Restoration)
    public init(keyedValues values: KeyedValues, codingPath: [String], classVersions: [String: Int]) {
        storage = CoderStorage(values)
        resolvedCodingPath = codingPath
        self.classVersions = classVersions
    }

    /// Makes a coder whose values `source` supplies (its values number `index`) when something
    /// first reads: a restore makes every controller's coder while their payloads still decode.
    @_spi(Restoration)
    public init(valuesFrom source: any KeyedValuesSource, index: Int, codingPath: [String], classVersions: [String: Int]) {
        storage = CoderStorage(source: source, index: index)
        resolvedCodingPath = codingPath
        self.classVersions = classVersions
    }

    /// The first decoding error, as `NSCoder.error`.
    public var error: CoderError? { errors.first }

    /// Whether any error was recorded: asked after every controller a save encodes, where
    /// reading ``errors`` through its overridable getter retained and released the array.
    @_spi(Restoration)
    public final var hasErrors: Bool { !errors.isEmpty }

    /// Records an error, as `NSCoder.failWithError(_:)`. Restoration treats a controller whose
    /// coder failed as not restorable.
    open func failWithError(_ error: CoderError) {
        errors.append(error)
    }

    /// The version the class named `className` had when the archive was written, or `0` when
    /// none was recorded; lets a controller migrate its own old keys.
    open func version(forClassName className: String) -> Int {
        classVersions[className] ?? 0
    }

    /// Records the version of `className`, as the archiver does when saving.
    public func setVersion(_ version: Int, forClassName className: String) {
        classVersions[className] = version
    }

    /// Every class version this coder knows.
    public var allClassVersions: [String: Int] { classVersions }

    // MARK: - Encoding

    /// Stores `value` under `key`; `nil` removes the key.
    // Consuming down to the log's append, so that a value made for the call (every typed
    // `encode` makes one) is moved in rather than copied and released (callgrind: a twentieth
    // of a capture).
    public func encode(_ value: consuming CodedValue?, forKey key: String) {
        storage.write(value, forKey: key)
    }

    /// Stores any value of the closed set (numbers, strings, data, dates, and arrays and
    /// dictionaries of them); `nil` removes the key.
    // Inlinable, here and in `decodeObject(of:forKey:)`, so that an app's module specializes
    // them for its own types: unspecialized, each call looked up generic metadata at run time.
    // No `Optional.map`: a closure formed on the main actor checks the executor when it runs.
    @inlinable
    public final func encode<Value: CodedValueConvertible>(_ value: Value?, forKey key: String) {
        if let value {
            encode(value.codedValue, forKey: key)
        } else {
            encode(nil as CodedValue?, forKey: key)
        }
    }

    /// Stores an `Encodable` value, as `NSCoder.encodeEncodable(_:forKey:)`: as a tree of keyed
    /// values (dictionaries, arrays, primitives), or as JSON when it needs `nil` or an integer
    /// above `Int64.max`, which the tree cannot hold.
    public func encodeEncodable<Value: Encodable>(_ value: Value, forKey key: String) {
        writeEncoded(value, forKey: key)
    }

    /// ``encodeEncodable(_:forKey:)`` for a `Sendable` value, which can be encoded on any
    /// thread: a save's coder logs the value and its writer encodes it, off the main actor
    /// (an encoding error then reaches the save's report as a warning, as it does when encoded
    /// here). Stored and read back the same way. A struct or enum is a copy; a `Sendable` class
    /// with mutable state of its own is encoded as it is when the writer reaches it.
    public func encodeEncodable<Value: Encodable & Sendable>(_ value: Value, forKey key: String) {
        guard defersSendableEncodings else { return writeEncoded(value, forKey: key) }
        storage.writeDeferred(value, forKey: key)
    }

    /// Encodes `value` now and writes it, or records why it could not be.
    private func writeEncoded<Value: Encodable>(_ value: Value, forKey key: String) {
        switch CodableTree.stored(value, key: key, path: codingPath) {
        case .success(let encoded): storage.write(encoded, forKey: key)
        case .failure(let error): failWithError(error)
        }
    }

    /// Encodes the values left to encode later, recording their errors: before anything reads.
    final func encodeDeferredValues() {
        for error in storage.runDeferredEncodings(path: codingPath) { failWithError(error) }
    }

    /// The value under `key`, any values left to encode later encoded first (so their errors
    /// are recorded before anything reads).
    // Not inlinable, though the inlinable decoders call it: inlined into an app's module, its
    // reads of `storage` went through the property's getter, which copied the whole storage
    // out and destroyed the copy on every call (callgrind: about 250 instructions a call).
    @usableFromInline
    final func storedValue(forKey key: String) -> CodedValue? {
        if storage.needsPreparation { prepareForReading(key: key) }
        return storage.value(forKey: key)
    }

    /// Takes the values from their source and encodes the values left to encode later,
    /// recording the errors of both: before anything reads. A source's error names `key`, the
    /// one whose read asked for the values, and this coder's path.
    final func prepareForReading(key: String) {
        if let error = storage.takeFromSource() { failWithError(CoderError(kind: error.kind, key: key, path: codingPath)) }
        if storage.hasDeferredEncodings { encodeDeferredValues() }
    }

    /// Stores a reference to a restorable object (a controller, a model object); `nil` removes
    /// the key. An object referenced twice is stored once and restores as one instance.
    public func encode(_ object: (any RestorableObject)?, forKey key: String) {
        guard let object, let reference = reference(for: object) else {
            storage.write(nil, forKey: key)
            return
        }
        storage.write(.object(reference), forKey: key)
    }

    /// The reference under which `object` is stored, or `nil` when this archive cannot hold it
    /// (then the key is left out). Subclasses that persist archives override it to number objects
    /// across the whole archive.
    open func reference(for object: any RestorableObject) -> ObjectReference? {
        let identity = ObjectIdentifier(object)
        if let id = idsByObject[identity] { return ObjectReference(id: id) }
        let id = objectsByID.count + 1
        idsByObject[identity] = id
        objectsByID[id] = object
        return ObjectReference(id: id)
    }

    /// The object stored under `reference`, or `nil` when the archive holds none.
    open func object(for reference: ObjectReference) -> (any RestorableObject)? {
        objectsByID[reference.id]
    }

    // MARK: - Decoding

    /// Whether `key` holds a value.
    public func containsValue(forKey key: String) -> Bool {
        storedValue(forKey: key) != nil
    }

    /// The Bool under `key`; `false` when missing.
    public func decodeBool(forKey key: String) -> Bool {
        decodeObject(of: Bool.self, forKey: key) ?? false
    }

    /// The integer under `key`; `0` when missing or out of range for `Int`.
    public func decodeInteger(forKey key: String) -> Int {
        decodeObject(of: Int.self, forKey: key) ?? 0
    }

    /// The 32-bit integer under `key`; `0` when missing or out of range.
    public func decodeInt32(forKey key: String) -> Int32 {
        decodeObject(of: Int32.self, forKey: key) ?? 0
    }

    /// The 64-bit integer under `key`; `0` when missing.
    public func decodeInt64(forKey key: String) -> Int64 {
        decodeObject(of: Int64.self, forKey: key) ?? 0
    }

    /// The Double under `key` (floats and integers widen); `0` when missing.
    public func decodeDouble(forKey key: String) -> Double {
        decodeObject(of: Double.self, forKey: key) ?? 0
    }

    /// The Float under `key`; `0` when missing.
    public func decodeFloat(forKey key: String) -> Float {
        decodeObject(of: Float.self, forKey: key) ?? 0
    }

    /// The String under `key`; `nil` when missing.
    public func decodeString(forKey key: String) -> String? {
        decodeObject(of: String.self, forKey: key)
    }

    /// The value of type `type` under `key`, type-checked: `nil` when missing, `nil` and a
    /// recorded error when the stored value has another type.
    @inlinable
    public final func decodeObject<Value: CodedValueConvertible>(of type: Value.Type, forKey key: String) -> Value? {
        guard let stored = storedValue(forKey: key) else { return nil }
        guard let value = Value(codedValue: stored) else {
            recordMismatch(expected: "\(Value.self)", found: stored, key: key)
            return nil
        }
        return value
    }

    /// Records that `key` holds `found` where `expected` was asked for.
    @usableFromInline
    func recordMismatch(expected: String, found: CodedValue, key: String) {
        failWithError(CoderError(kind: .typeMismatch(expected: expected, found: describe(found)), key: key, path: codingPath))
    }

    /// The `Decodable` value under `key`, as `NSCoder.decodeDecodable(_:forKey:)`.
    public func decodeDecodable<Value: Decodable>(_ type: Value.Type, forKey key: String) -> Value? {
        guard let stored = storedValue(forKey: key) else { return nil }
        guard case .codable(let payload) = stored else {
            // A tree, as `encodeEncodable` stores it; anything else fails as a type mismatch.
            do {
                return try CodableTree.decode(type, from: stored)
            } catch {
                failWithError(CoderError(kind: .typeMismatch(expected: "codable \(Value.self)", found: "\(describe(stored)); \(CodableTree.describe(error))"),
                                         key: key, path: codingPath))
                return nil
            }
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(Value.self, from: payload)
        } catch {
            failWithError(CoderError(kind: .corruptPayload("\(error)"), key: key, path: codingPath))
            return nil
        }
    }

    /// The restorable object of class `type` under `key`: `nil` when missing, `nil` and a
    /// recorded error when the key holds no reference, an unknown one, or another class.
    public func decodeObject<Object: RestorableObject>(of type: Object.Type, forKey key: String) -> Object? {
        guard let stored = storedValue(forKey: key) else { return nil }
        guard case .object(let reference) = stored else {
            failWithError(CoderError(kind: .typeMismatch(expected: "object \(Object.self)", found: describe(stored)),
                                     key: key, path: codingPath))
            return nil
        }
        guard let object = object(for: reference) else {
            failWithError(CoderError(kind: .unknownObject(reference), key: key, path: codingPath))
            return nil
        }
        guard let typed = object as? Object else {
            failWithError(CoderError(kind: .wrongObjectClass(expected: "\(Object.self)", found: "\(Swift.type(of: object))"),
                                     key: key, path: codingPath))
            return nil
        }
        return typed
    }

    private func describe(_ value: CodedValue) -> String {
        switch value {
        case .integer(let number): return "integer \(number)"
        case .bool(let flag): return "bool \(flag)"
        case .string(let text): return "string of \(text.count) characters"
        default: return value.typeName
        }
    }
}

extension Coder {
    /// The writes so far, moved out of this coder, when nothing has read its values (nor was it
    /// created with any); else `nil`. A save takes them on the main actor and makes them into
    /// values elsewhere. The coder is empty afterwards.
    @_spi(Restoration)
    public func takeUnreadWrites() -> KeyedWrites? {
        storage.takeWritesIfUnread()
    }

    /// Empties this coder for another controller, as if it were new: no values, writes, errors,
    /// class versions or objects. Its ``codingPath`` is `source`'s path `index`, asked for only
    /// when read (to report an error, usually never). A save encodes every controller with one
    /// coder while nothing else holds it: making, filling and freeing a coder per controller
    /// was about a tenth of a capture's instructions (callgrind).
    @_spi(Restoration)
    public func prepareForReuse(pathSource source: any CodingPathSource, index: Int) {
        if !storage.isEmpty { storage = CoderStorage(KeyedValues()) }
        pathSource = source
        pathIndex = index
        if !classVersions.isEmpty { classVersions = [:] }
        forgetErrorsAndObjects()
    }

    /// Empties the errors and the objects numbered so far, as a new coder has them: what both
    /// kinds of reuse start from.
    private func forgetErrorsAndObjects() {
        if !errors.isEmpty { errors = [] }
        if !objectsByID.isEmpty || !idsByObject.isEmpty {
            objectsByID = [:]
            idsByObject = [:]
        }
    }
}

extension Coder {
    /// Empties this coder for another controller's restore, as if it were new but for its class
    /// versions (one restore's, the same for every controller): its values are `source`'s
    /// values `index`, taken when first read, and its ``codingPath`` is `codingPath`.
    ///
    /// A restore reuses a coder only once nothing else holds it and no controller wrote to it
    /// or failed it (``holdsOnlyGivenValues``): making and freeing a coder for each controller
    /// twice (for `init?(coder:)` and for `decodeRestorableState(with:)`) was about a
    /// twentieth of a restore's main-actor time at 10,000 controllers (perf).
    @_spi(Restoration)
    public func prepareForReuse(valuesFrom source: any KeyedValuesSource, index: Int, codingPath: [String]) {
        storage.reset(source: source, index: index)
        self.codingPath = codingPath
        forgetErrorsAndObjects()
    }

    /// Whether this coder holds nothing but the values it was given: no writes and no errors.
    @_spi(Restoration)
    public var holdsOnlyGivenValues: Bool { errors.isEmpty && !storage.hasWrites }
}

/// Supplies the values of coders made before their values were at hand (``Coder/init(valuesFrom:index:codingPath:classVersions:)``):
/// a restore makes every controller's coder while the payloads still decode on other threads,
/// and most `init?(coder:)` read nothing, so the values are needed only when a coder first reads.
@_spi(Restoration) @MainActor
public protocol KeyedValuesSource: AnyObject {
    /// The values numbered `index`, or the error a coder records when they cannot be had (the
    /// coder sets its key and path).
    func keyedValues(at index: Int) -> Result<KeyedValues, CoderError>
}

/// Makes the coding paths of many coders only when one is read: building every controller's
/// path for its coder, when almost none is ever read, cost a save an allocation a controller.
@_spi(Restoration) @MainActor
public protocol CodingPathSource: AnyObject {
    /// The path with number `index`.
    func codingPath(at index: Int) -> [String]
}
