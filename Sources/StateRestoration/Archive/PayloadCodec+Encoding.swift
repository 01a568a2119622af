@_spi(Restoration) import ControllerKit
import Foundation

extension PayloadCodec {
    /// The bytes of `values`.
    public static func encode(_ values: [String: CodedValue]) -> Data {
        encoded(values).payload
    }

    /// A payload, and whether it holds an object reference (at any depth): learnt while writing
    /// it, so the writer's threads answer it rather than a second pass on the caller's.
    struct Encoded {
        var payload: Data
        var refersToObject: Bool
    }

    /// The bytes of `values`, and whether they refer to an object.
    static func encoded(_ values: [String: CodedValue]) -> Encoded {
        encoded(sorted: sortedPairs(values))
    }

    /// `values` as pairs sorted by key, as a payload holds them: pairs sorted, not keys sorted
    /// and looked up again (one hash fewer a key).
    private static func sortedPairs(_ values: [String: CodedValue]) -> [(key: String, value: CodedValue)] {
        values.sorted { $0.key < $1.key }
    }

    /// The same as ``encoded(_:)`` for the values `writes` leave, without making them into a
    /// table first, reusing the key orders `orders` has seen. A reference a later write replaced
    /// or removed is not counted: it is not in the payload.
    static func encoded(_ writes: KeyedWrites, orders: inout KeyedWrites.SortOrders) -> Encoded {
        encoded(sorted: writes.sortedValues(reusing: &orders))
    }

    /// The bytes of the values `writes` leave (the same as ``encode(_:)`` of their table),
    /// reusing the key orders `orders` has seen.
    @_spi(Restoration)
    public static func encode(_ writes: KeyedWrites, orders: inout KeyedWrites.SortOrders) -> Data {
        encoded(writes, orders: &orders).payload
    }

    private static func encoded(sorted values: [(key: String, value: CodedValue)]) -> Encoded {
        var writer = Writer()
        // A guess that fits most controllers' keys: growing from empty took five reallocations.
        writer.bytes.reserveCapacity(32 + 24 * values.count)
        writer.write(sorted: values)
        return Encoded(payload: writer.bytes.data, refersToObject: writer.wroteObjectReference)
    }

    /// ``encoded(_:orders:)`` into `writer`, emptied first, encoding the values the coder left to
    /// encode later on the way: one that fails is left out, its error (naming `path`) appended to
    /// `errors`. A save's preparing thread encodes every payload of a chunk into one buffer,
    /// where each payload was an array and then a `Data`, both copied on.
    static func encode(_ writes: KeyedWrites, orders: inout KeyedWrites.SortOrders, path: [String],
                       errors: inout [CoderError], into writer: inout Writer) {
        writer.reset()
        writer.write(sorted: writes.sortedValues(reusing: &orders, path: path, errors: &errors))
    }

    /// ``encoded(_:)`` into `writer`, emptied first.
    static func encode(_ values: [String: CodedValue], into writer: inout Writer) {
        writer.reset()
        writer.write(sorted: sortedPairs(values))
    }

    struct Writer: ~Copyable {
        var bytes = ByteBuffer()
        private(set) var wroteObjectReference = false

        /// Empty again, its buffer kept.
        mutating func reset() {
            bytes.removeAll()
            wroteObjectReference = false
        }

        /// A whole payload: the format version, then `values`' pairs.
        mutating func write(sorted values: [(key: String, value: CodedValue)]) {
            bytes.append(formatVersion)
            writePairs(values)
        }

        @inline(__always)
        mutating func writeVarint(_ value: UInt64) {
            var remaining = value
            while remaining >= 0x80 {
                bytes.append(UInt8(remaining & 0x7F) | 0x80)
                remaining >>= 7
            }
            bytes.append(UInt8(remaining))
        }

        /// A signed integer as a zig-zag varint (small magnitudes, either sign, in few bytes):
        /// payload integers and chunk columns alike.
        mutating func writeZigZag(_ number: Int64) {
            writeVarint(UInt64(bitPattern: (number << 1) ^ (number >> 63)))
        }

        /// A length, then the bytes: the layout of strings, data and Codable JSON alike.
        mutating func writeLengthPrefixed(_ content: some Collection<UInt8>) {
            writeVarint(UInt64(content.count))
            bytes.append(contentsOf: content)
        }

        // Beside the generic one, which already serves raw bytes: for strings and blobs through
        // it, four one-thread saves of 10,000 took 42M instructions more (callgrind).
        mutating func writeLengthPrefixed(_ content: UnsafeRawBufferPointer) {
            writeVarint(UInt64(content.count))
            bytes.append(contentsOf: content)
        }

        mutating func writeString(_ text: String) {
            // In place when the string keeps its bytes together (no copy of the string value);
            // a short one holds them inline and is copied to be read.
            let written: Void? = text.utf8.withContiguousStorageIfAvailable { writeLengthPrefixed(UnsafeRawBufferPointer($0)) }
            guard written == nil else { return }
            var text = text
            text.withUTF8 { writeLengthPrefixed(UnsafeRawBufferPointer($0)) }
        }

        mutating func writeFixed<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func writeDictionary(_ values: [String: CodedValue]) {
            // Pairs sorted by key, not keys sorted and looked up again: one hash fewer a key.
            writePairs(values.sorted { $0.key < $1.key })
        }

        /// A count, then each key and value, in the order given (sorted by key).
        mutating func writePairs(_ pairs: [(key: String, value: CodedValue)]) {
            writeVarint(UInt64(pairs.count))
            for (key, value) in pairs {
                writeString(key)
                write(value)
            }
        }

        mutating func write(_ value: CodedValue) {
            switch value {
            case .bool(let flag):
                bytes.append(flag ? Tag.trueValue.rawValue : Tag.falseValue.rawValue)
            case .integer(let number):
                bytes.append(Tag.integer.rawValue)
                writeZigZag(number)
            case .double(let number):
                bytes.append(Tag.double.rawValue)
                writeFixed(number.bitPattern)
            case .float(let number):
                bytes.append(Tag.float.rawValue)
                writeFixed(number.bitPattern)
            case .string(let text):
                bytes.append(Tag.string.rawValue)
                writeString(text)
            case .data(let data):
                bytes.append(Tag.data.rawValue)
                writeLengthPrefixed(data)
            case .date(let date):
                bytes.append(Tag.date.rawValue)
                writeFixed(date.timeIntervalSince1970.bitPattern)
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
                wroteObjectReference = true
                bytes.append(Tag.object.rawValue)
                writeVarint(UInt64(max(reference.id, 0)))
            }
        }
    }
}
