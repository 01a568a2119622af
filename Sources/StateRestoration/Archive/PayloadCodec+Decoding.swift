@_spi(Restoration) import ControllerKit
import Foundation

extension PayloadCodec {
    /// The keyed values in `payload`, or the first thing wrong with it.
    public static func decode(_ payload: Data) throws(PayloadError) -> [String: CodedValue] {
        // withUnsafeBytes rethrows untyped errors; the Result keeps the type.
        let result: Result<[String: CodedValue], PayloadError> = payload.withUnsafeBytes { bytes in
            Result { () throws(PayloadError) in try decode(bytes) }
        }
        return try result.get()
    }

    /// The keyed values in `bytes`, read in place, or the first thing wrong with them.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(PayloadError) -> [String: CodedValue] {
        var reader = Reader(bytes: bytes)
        try reader.readFormatVersion()
        let values = try reader.readDictionary(depth: 0)
        try reader.expectEnd()
        return values
    }

    /// The keyed values in `bytes`, read in place and kept in the payload's order (sorted by
    /// key), for a coder to look keys up without hashing them (see ``KeyedValues``). The same
    /// checks as ``decode(_:)-(UnsafeRawBufferPointer)``, and the same first error.
    @_spi(Restoration)
    public static func decodeKeyedValues(_ bytes: UnsafeRawBufferPointer) throws(PayloadError) -> KeyedValues {
        try decodeKeyedValues(bytes, shortStrings: nil)
    }

    /// The same, `shortStrings` handing out the strings of earlier payloads again for the same
    /// bytes (a reader parsing many payloads keeps one per thread).
    static func decodeKeyedValues(_ bytes: UnsafeRawBufferPointer, shortStrings: ShortStrings?) throws(PayloadError) -> KeyedValues {
        var reader = Reader(bytes: bytes, shortStrings: shortStrings)
        try reader.readFormatVersion()
        guard let pairs = try reader.readSortedPairs() else {
            // Keys out of order: never written so, but well-formed all the same. Read again as
            // a table, which also finds a key repeated anywhere.
            return KeyedValues(try decode(bytes))
        }
        try reader.expectEnd()
        return KeyedValues(sortedPairs: pairs)
    }

    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        /// Strings read before, handed out again for the same bytes; none when `nil`.
        var shortStrings: ShortStrings?

        init(bytes: UnsafeRawBufferPointer, shortStrings: ShortStrings? = nil) {
            self.bytes = bytes
            self.shortStrings = shortStrings
        }

        var remaining: Int { bytes.count - offset }

        /// The first byte, which must be `expected` (a payload's format version unless told).
        mutating func readFormatVersion(_ expected: UInt8 = formatVersion) throws(PayloadError) {
            let version = try readByte()
            guard version == expected else {
                throw PayloadError(offset: 0, reason: "format version \(version) is not \(expected)")
            }
        }

        /// The first byte, which must be one of `accepted` (a chunk's format version).
        mutating func readFormatVersion(in accepted: ClosedRange<UInt8>) throws(PayloadError) {
            let version = try readByte()
            guard accepted.contains(version) else {
                throw PayloadError(offset: 0, reason: "format version \(version) is not one of \(accepted.lowerBound) to \(accepted.upperBound)")
            }
        }

        func expectEnd() throws(PayloadError) {
            guard offset == bytes.count else {
                throw PayloadError(offset: offset, reason: "\(bytes.count - offset) bytes after the end")
            }
        }

        @inline(__always)
        mutating func readByte() throws(PayloadError) -> UInt8 {
            guard offset < bytes.count else { throw PayloadError(offset: offset, reason: "truncated") }
            defer { offset += 1 }
            return bytes[offset]
        }

        @inline(__always)
        mutating func readVarint() throws(PayloadError) -> UInt64 {
            // One byte holds anything below 128: nearly every length, count and small integer.
            if offset < bytes.count, bytes[offset] < 0x80 {
                defer { offset += 1 }
                return UInt64(bytes[offset])
            }
            return try readLongVarint()
        }

        mutating func readLongVarint() throws(PayloadError) -> UInt64 {
            let start = offset
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = try readByte()
                guard shift < 64, !(shift == 63 && byte > 1) else {
                    throw PayloadError(offset: start, reason: "integer longer than 64 bits")
                }
                result |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return result }
                shift += 7
            }
        }

        /// A signed integer written by ``Writer/writeZigZag(_:)``.
        mutating func readZigZag() throws(PayloadError) -> Int64 {
            let zigZag = try readVarint()
            return Int64(bitPattern: zigZag >> 1) ^ -Int64(bitPattern: zigZag & 1)
        }

        /// A length or count, checked against what is left: every element takes a byte at
        /// least, so a count above the remaining bytes is a lie, refused before allocating.
        // Inlined, with the error made out of line: a payload reads about sixteen counts a
        // controller, and the call cost more than the read (callgrind).
        @inline(__always)
        mutating func readCount(what: StaticString) throws(PayloadError) -> Int {
            let start = offset
            let value = try readVarint()
            guard value <= UInt64(remaining) else { throw countError(what, value, at: start) }
            return Int(value)
        }

        @inline(never)
        private func countError(_ what: StaticString, _ value: UInt64, at start: Int) -> PayloadError {
            PayloadError(offset: start, reason: "\(what) of \(value) exceeds the \(remaining) bytes left")
        }

        mutating func readBytes(_ count: Int) -> Slice<UnsafeRawBufferPointer> {
            defer { offset += count }
            return bytes[offset..<(offset + count)]
        }

        mutating func readFixed<T: FixedWidthInteger>(_ type: T.Type) throws(PayloadError) -> T {
            let size = MemoryLayout<T>.size
            guard remaining >= size else { throw PayloadError(offset: offset, reason: "truncated \(T.self)") }
            defer { offset += size }
            return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
        }

        mutating func readString(isKey: Bool = false) throws(PayloadError) -> String {
            try readStringAndBytes(isKey: isKey).string
        }

        /// A string, and the bytes it was made from (they stay valid as long as `bytes` do).
        /// A longer key is looked up among those already made too (``ShortStrings/repeated(_:making:)``):
        /// payloads of one class repeat every key, where longer values are mostly unique.
        mutating func readStringAndBytes(isKey: Bool = false) throws(PayloadError) -> (string: String, utf8: UnsafeRawBufferPointer) {
            let start = offset
            let count = try readCount(what: "string length")
            let raw = UnsafeRawBufferPointer(rebasing: readBytes(count))
            if count <= ShortStrings.maximumLength, let shortStrings {
                return (try shortStrings.string(for: raw) { bytes throws(PayloadError) in try Self.string(bytes, at: start) }, raw)
            }
            if isKey, let shortStrings {
                return (try shortStrings.repeated(raw) { bytes throws(PayloadError) in try Self.string(bytes, at: start) }, raw)
            }
            return (try Self.string(raw, at: start), raw)
        }

        /// `bytes` as a string, or an error at `start` when they are not UTF-8.
        private static func string(_ bytes: UnsafeRawBufferPointer, at start: Int) throws(PayloadError) -> String {
            let utf8 = bytes.assumingMemoryBound(to: UInt8.self)
            // `String(validating:as:)` is generic and unspecialized: it looked up type metadata
            // for every string, a sixth of a restore (callgrind). Validating here and then
            // decoding, which repairs nothing once valid, is the same check at a fraction.
            guard UTF8Validation.isValid(utf8) else {
                throw PayloadError(offset: start, reason: "string is not valid UTF-8")
            }
            return String(decoding: utf8, as: UTF8.self)
        }

        mutating func readDictionary(depth: Int) throws(PayloadError) -> [String: CodedValue] {
            let count = try readCount(what: "key count")
            // Sized at once: an empty literal then `reserveCapacity` allocated twice (callgrind:
            // half of reading a small dictionary).
            var values = [String: CodedValue](minimumCapacity: count)
            for _ in 0..<count {
                let start = offset
                let key = try readString(isKey: true)
                // One hash per key: insert, and refuse if something was already there.
                if values.updateValue(try readValue(depth: depth), forKey: key) != nil {
                    throw PayloadError(offset: start, reason: "key \(key.debugDescription) appears twice")
                }
            }
            return values
        }

        /// The outermost pairs, or `nil` as soon as a key is below the one before it. A key
        /// equal to the one before is refused as ``readDictionary(depth:)`` refuses it, at the
        /// same offset: in ascending keys, a repeated key follows its first.
        mutating func readSortedPairs() throws(PayloadError) -> [KeyedValues.Pair]? {
            let count = try readCount(what: "key count")
            var pairs: [KeyedValues.Pair] = []
            pairs.reserveCapacity(count)
            for _ in 0..<count {
                let start = offset
                let (key, utf8) = try readStringAndBytes(isKey: true)
                let value = try readValue(depth: 0)
                if let last = pairs.last, !(last.key < key) {
                    guard last.key == key else { return nil }
                    throw PayloadError(offset: start, reason: "key \(key.debugDescription) appears twice")
                }
                pairs.append(KeyedValues.Pair(key: key, utf8: utf8, value: value))
            }
            return pairs
        }

        private func checkNesting(_ depth: Int, at offset: Int) throws(PayloadError) {
            guard depth < PayloadCodec.maximumNesting else {
                throw PayloadError(offset: offset, reason: "nested deeper than \(PayloadCodec.maximumNesting)")
            }
        }

        mutating func readValue(depth: Int) throws(PayloadError) -> CodedValue {
            let start = offset
            let rawTag = try readByte()
            guard let tag = Tag(rawValue: rawTag) else {
                throw PayloadError(offset: start, reason: "unknown value tag \(rawTag)")
            }
            switch tag {
            case .falseValue: return .bool(false)
            case .trueValue: return .bool(true)
            case .integer:
                return .integer(try readZigZag())
            case .double: return .double(Double(bitPattern: try readFixed(UInt64.self)))
            case .float: return .float(Float(bitPattern: try readFixed(UInt32.self)))
            case .string: return .string(try readString())
            case .data: return .data(Data(readBytes(try readCount(what: "data length"))))
            case .date: return .date(Date(timeIntervalSince1970: Double(bitPattern: try readFixed(UInt64.self))))
            case .array:
                try checkNesting(depth, at: start)
                let count = try readCount(what: "array count")
                var values: [CodedValue] = []
                values.reserveCapacity(count)
                for _ in 0..<count { values.append(try readValue(depth: depth + 1)) }
                return .array(values)
            case .dictionary:
                try checkNesting(depth, at: start)
                return .dictionary(try readDictionary(depth: depth + 1))
            case .codable: return .codable(Data(readBytes(try readCount(what: "JSON length"))))
            case .object:
                let id = try readVarint()
                guard id > 0, id <= UInt64(Int.max) else { throw PayloadError(offset: start, reason: "object reference \(id) is not a valid id") }
                return .object(ObjectReference(id: Int(id)))
            }
        }
    }
}
