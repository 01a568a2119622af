// `NSKeyedArchiver` and `NSKeyedUnarchiver` as a custom container uses them to keep each child's
// state in an archive of its own inside its coder (survey row 73), and as apps archive one model
// object into `Data` (row 74): coders whose bytes are navstate's payload format. They shadow Foundation's classes of the same names in files that
// import this module, as `NSCoder` does.

/// A coder that writes an archive of its own: `encodedData` holds what was encoded, to store
/// under a key of another coder.
///
/// ```swift
/// let archiver = NSKeyedArchiver(requiringSecureCoding: true)
/// child.encodeRestorableState(with: archiver)
/// archiver.finishEncoding()
/// coder.encode(archiver.encodedData, forKey: "child0")
/// ```
///
/// Values of the coder's types are kept; a reference to an object or controller is not resolved
/// inside a nested archive and decodes as `nil` with an error.
open class NSKeyedArchiver: Coder {
    /// Makes an archiver; like every coder here it is secure (`requiresSecureCoding` is `true`).
    public init(requiringSecureCoding: Bool = true) {
        super.init()
    }

    /// The archive's bytes.
    open var encodedData: Data { PayloadCodec.encode(values) }

    /// Ends the encoding, as UIKit's archiver asks; nothing is left to do here.
    open func finishEncoding() {}

    /// An archive of `object` alone (survey row 74): a `Coding` (`NSCoding`) object writes its
    /// own keys with `encode(with:)`; any other value of the coder's types is kept under the key
    /// `root`. Read a `Coding` object back with
    /// ``NSKeyedUnarchiver/unarchivedObject(ofClass:from:)``.
    /// Throws the first value it could not keep (a type the coder does not store, say).
    open class func archivedData(withRootObject object: Any, requiringSecureCoding: Bool) throws -> Data {
        let archiver = archiver(of: object)
        if let error = archiver.error { throw error }
        return archiver.encodedData
    }

    /// The older, non-throwing spelling of ``archivedData(withRootObject:requiringSecureCoding:)``:
    /// what could not be kept is left out.
    open class func archivedData(withRootObject object: Any) -> Data {
        archiver(of: object).encodedData
    }

    private static func archiver(of object: Any) -> NSKeyedArchiver {
        let archiver = NSKeyedArchiver()
        if let model = object as? any Coding {
            model.encode(with: archiver)
        } else {
            archiver.encode(object, forKey: "root")
        }
        return archiver
    }
}

/// A coder that reads an archive ``NSKeyedArchiver`` wrote.
///
/// ```swift
/// if let data = coder.decodeObject(forKey: "child0") as? Data, let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data) {
///     child.decodeRestorableState(with: unarchiver)
/// }
/// ```
open class NSKeyedUnarchiver: Coder {
    /// Reads `data`; throws the payload's error, naming the byte at fault, when it is not an
    /// archive.
    public init(forReadingFrom data: Data) throws {
        super.init(values: try PayloadCodec.decode(data))
    }

    /// The older, non-throwing spelling: an archive that does not read gives an empty coder whose
    /// ``Coder/error`` says why.
    public init(forReadingWith data: Data) {
        do throws(PayloadError) {
            super.init(values: try PayloadCodec.decode(data))
        } catch {
            super.init()
            failWithError(CoderError(kind: .corruptPayload("the archive does not read: \(error)"), key: "", path: []))
        }
    }

    /// Ends the decoding, as UIKit's unarchiver asks; nothing is left to do here.
    open func finishDecoding() {}

    /// The `Coding` object of class `type` an archive of it holds, made with its
    /// `init?(coder:)`; `nil` when it does not make one. Throws when the bytes are not an archive,
    /// or the first error its decoding recorded.
    open class func unarchivedObject<Object: Coding>(ofClass type: Object.Type, from data: Data) throws -> Object? {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        let object = Object(coder: unarchiver)
        if let error = unarchiver.error { throw error }
        return object
    }

    /// The value an archive of a plain value holds (`archivedData(withRootObject:)` of a string,
    /// a number, an array…), or `nil`. An archive names no class, so a `Coding` object is read
    /// back only by ``unarchivedObject(ofClass:from:)``: here it gives `nil`.
    open class func unarchiveObject(with data: Data) -> Any? {
        NSKeyedUnarchiver(forReadingWith: data).decodeObject(forKey: "root")
    }
}
