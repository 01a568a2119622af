/// Why a value could not be encoded or decoded: the key, the restoration path, and what was found.
public struct CoderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category.
    public enum Kind: Sendable, Hashable {
        /// The value under the key has another type.
        case typeMismatch(expected: String, found: String)
        /// An object reference points at nothing this archive holds.
        case unknownObject(ObjectReference)
        /// An object reference points at an object the archive holds but the restore could not
        /// make (its class is not registered, its factory refused, its values did not decode…).
        case objectNotRestored(ObjectReference, reason: String)
        /// The referenced object exists but is not of the requested class.
        case wrongObjectClass(expected: String, found: String)
        /// A Codable payload did not decode; the message is the decoder's.
        case corruptPayload(String)
        /// A Codable value did not encode when it was saved (its `encode(to:)` threw); the
        /// message is the encoder's. The key keeps what was written to it before, if anything.
        case valueDoesNotEncode(String)
        /// A value of a type the coder does not store; the key was left out.
        case unsupportedValue(String)
        /// Raised by the controller itself through ``Coder/failWithError(_:)``.
        case custom(String)
    }

    /// What went wrong.
    public let kind: Kind
    /// The key at fault.
    public let key: String
    /// The restoration identifiers from the root to the controller being decoded.
    public let path: [String]

    /// Makes an error; the coder fills `key` and `path`.
    public init(kind: Kind, key: String, path: [String]) {
        self.kind = kind
        self.key = key
        self.path = path
    }

    public var description: String {
        let place = "key \(key.debugDescription) at \(path.isEmpty ? "/" : "/" + path.joined(separator: "/"))"
        switch kind {
        case .typeMismatch(let expected, let found):
            return "\(place): expected \(expected), found \(found)"
        case .unknownObject(let reference):
            return "\(place): reference to unknown object #\(reference.id)"
        case .objectNotRestored(let reference, let reason):
            return "\(place): object #\(reference.id) was not restored: \(reason)"
        case .wrongObjectClass(let expected, let found):
            return "\(place): expected an object of class \(expected), found \(found)"
        case .corruptPayload(let message):
            return "\(place): payload does not decode: \(message)"
        case .valueDoesNotEncode(let message):
            return "\(place): value does not encode: \(message)"
        case .unsupportedValue(let type):
            return "\(place): a value of type \(type) is not saved; only numbers, strings, data, dates, points, sizes and rects, their arrays and dictionaries, Foundation's classes of them, and StateRestoring and Coding objects are"
        case .custom(let message):
            return "\(place): \(message)"
        }
    }
}
