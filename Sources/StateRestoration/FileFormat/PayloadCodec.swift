import ControllerKit
import Foundation

/// Why a payload did not decode: the byte offset and what was wrong there.
public struct PayloadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the payload the problem starts.
    public let offset: Int
    /// What was found.
    public let reason: String

    public var description: String { "malformed payload at byte \(offset): \(reason)" }
}

/// The compact binary form of one controller's keyed values (docs/schema.md, "Payload format"):
/// equal states give equal bytes, which lets snapshots share them.
///
/// ```swift
/// let bytes = PayloadCodec.encode(["count": .integer(3)])
/// let values = try PayloadCodec.decode(bytes)   // ["count": .integer(3)]
/// ```
public enum PayloadCodec {
    /// The format version written in the first byte.
    public static let formatVersion: UInt8 = 1
    /// How deep arrays and dictionaries may nest before a payload is refused.
    public static let maximumNesting = 64

    enum Tag: UInt8 {
        case falseValue = 0, trueValue, integer, double, float, string, data, date1970, array, dictionary, codable, object, date
    }

    /// The bytes of `values`.
    public static func encode(_ values: [String: CodedValue]) -> Data {
        var writer = Writer()
        // Most controllers' keys fit: growing from empty reallocates several times.
        writer.bytes.reserveCapacity(32 + 24 * values.count)
        writer.bytes.append(formatVersion)
        writer.writeDictionary(values)
        return Data(writer.bytes)
    }

    /// The keyed values in `payload` (`Data`, `[UInt8]`, …), or the first thing wrong with it.
    public static func decode(_ payload: some Collection<UInt8>) throws(PayloadError) -> [String: CodedValue] {
        var reader = Reader(bytes: Array(payload))
        let version = try reader.readByte()
        guard version == formatVersion else {
            throw PayloadError(offset: 0, reason: "format version \(version) is not \(formatVersion)")
        }
        let values = try reader.readDictionary(depth: 0)
        guard reader.remaining == 0 else {
            throw PayloadError(offset: reader.offset, reason: "\(reader.remaining) bytes after the end")
        }
        return values
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func writeVarint(_ value: UInt64) {
            var remaining = value
            while remaining >= 0x80 {
                bytes.append(UInt8(remaining & 0x7F) | 0x80)
                remaining >>= 7
            }
            bytes.append(UInt8(remaining))
        }

        mutating func writeLengthPrefixed(_ content: some Collection<UInt8>) {
            writeVarint(UInt64(content.count))
            bytes.append(contentsOf: content)
        }

        /// Little-endian.
        mutating func writeFixed<T: FixedWidthInteger>(_ value: T) {
            for shift in stride(from: 0, to: T.bitWidth, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }

        mutating func writeDictionary(_ values: [String: CodedValue]) {
            writeVarint(UInt64(values.count))
            for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                writeLengthPrefixed(key.utf8)
                write(value)
            }
        }

        mutating func write(_ value: CodedValue) {
            switch value {
            case .bool(let flag):
                bytes.append(flag ? Tag.trueValue.rawValue : Tag.falseValue.rawValue)
            case .integer(let number):
                bytes.append(Tag.integer.rawValue)
                writeVarint(UInt64(bitPattern: (number << 1) ^ (number >> 63)))
            case .double(let number):
                bytes.append(Tag.double.rawValue)
                writeFixed(number.bitPattern)
            case .float(let number):
                bytes.append(Tag.float.rawValue)
                writeFixed(number.bitPattern)
            case .string(let text):
                bytes.append(Tag.string.rawValue)
                writeLengthPrefixed(text.utf8)
            case .data(let data):
                bytes.append(Tag.data.rawValue)
                writeLengthPrefixed(data)
            case .date(let date):
                bytes.append(Tag.date.rawValue)
                writeFixed(date.timeIntervalSinceReferenceDate.bitPattern)
            case .array(let values):
                bytes.append(Tag.array.rawValue)
                writeVarint(UInt64(values.count))
                for element in values { write(element) }
            case .dictionary(let values):
                bytes.append(Tag.dictionary.rawValue)
                writeDictionary(values)
            case .codable(let json):
                bytes.append(Tag.codable.rawValue)
                writeLengthPrefixed(json)
            case .object(let reference):
                bytes.append(Tag.object.rawValue)
                writeVarint(UInt64(max(reference.id, 0)))
            }
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var remaining: Int { bytes.count - offset }

        mutating func readByte() throws(PayloadError) -> UInt8 {
            guard offset < bytes.count else { throw PayloadError(offset: offset, reason: "truncated") }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func readVarint() throws(PayloadError) -> UInt64 {
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

        /// A length or count: every element takes a byte at least, so a count above the bytes
        /// left is a lie, refused before allocating.
        mutating func readCount(_ what: String) throws(PayloadError) -> Int {
            let start = offset
            let value = try readVarint()
            guard value <= UInt64(remaining) else {
                throw PayloadError(offset: start, reason: "\(what) of \(value) exceeds the \(remaining) bytes left")
            }
            return Int(value)
        }

        mutating func readBytes(_ what: String) throws(PayloadError) -> ArraySlice<UInt8> {
            let count = try readCount(what)
            defer { offset += count }
            return bytes[offset..<(offset + count)]
        }

        mutating func readFixed<T: FixedWidthInteger>(_ type: T.Type) throws(PayloadError) -> T {
            let size = MemoryLayout<T>.size
            guard remaining >= size else { throw PayloadError(offset: offset, reason: "truncated \(T.self)") }
            var value: T = 0
            for index in 0..<size { value |= T(truncatingIfNeeded: bytes[offset + index]) << (8 * index) }
            offset += size
            return value
        }

        mutating func readString() throws(PayloadError) -> String {
            let start = offset
            let bytes = try readBytes("string length")
            // ASCII is valid UTF-8 as it stands, and cheap to scan. Otherwise decoding repairs bad
            // bytes with U+FFFD, so valid UTF-8 is exactly what comes back unchanged.
            let text = String(decoding: bytes, as: UTF8.self)
            guard bytes.allSatisfy({ $0 < 0x80 }) || text.utf8.elementsEqual(bytes) else {
                throw PayloadError(offset: start, reason: "string is not valid UTF-8")
            }
            return text
        }

        mutating func readDictionary(depth: Int) throws(PayloadError) -> [String: CodedValue] {
            let count = try readCount("key count")
            var values = [String: CodedValue](minimumCapacity: count)
            for _ in 0..<count {
                let start = offset
                let key = try readString()
                if values.updateValue(try readValue(depth: depth), forKey: key) != nil {
                    throw PayloadError(offset: start, reason: "key \(key.debugDescription) appears twice")
                }
            }
            return values
        }

        mutating func readValue(depth: Int) throws(PayloadError) -> CodedValue {
            let start = offset
            let rawTag = try readByte()
            guard let tag = Tag(rawValue: rawTag) else {
                throw PayloadError(offset: start, reason: "unknown value tag \(rawTag)")
            }
            if tag == .array || tag == .dictionary, depth >= PayloadCodec.maximumNesting {
                throw PayloadError(offset: start, reason: "nested deeper than \(PayloadCodec.maximumNesting)")
            }
            switch tag {
            case .falseValue: return .bool(false)
            case .trueValue: return .bool(true)
            case .integer:
                let zigZag = try readVarint()
                return .integer(Int64(bitPattern: zigZag >> 1) ^ -Int64(bitPattern: zigZag & 1))
            case .double: return .double(Double(bitPattern: try readFixed(UInt64.self)))
            case .float: return .float(Float(bitPattern: try readFixed(UInt32.self)))
            case .string: return .string(try readString())
            case .data: return .data(Data(try readBytes("data length")))
            case .date1970: return .date(Date(timeIntervalSince1970: Double(bitPattern: try readFixed(UInt64.self))))
            case .date: return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: try readFixed(UInt64.self))))
            case .array:
                let count = try readCount("array count")
                var values: [CodedValue] = []
                values.reserveCapacity(count)
                for _ in 0..<count { values.append(try readValue(depth: depth + 1)) }
                return .array(values)
            case .dictionary: return .dictionary(try readDictionary(depth: depth + 1))
            case .codable: return .codable(Data(try readBytes("JSON length")))
            case .object:
                let id = try readVarint()
                guard id > 0, id <= UInt64(Int.max) else { throw PayloadError(offset: start, reason: "object reference \(id) is not a valid id") }
                return .object(ObjectReference(id: Int(id)))
            }
        }
    }
}
