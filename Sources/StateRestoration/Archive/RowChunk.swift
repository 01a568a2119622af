import Foundation

/// Many rows of one table in one blob: the unit of schema 4's packed layout (README, "Design
/// note: the schema"). SPI so the benchmark's floor writes and reads the same chunks.
///
/// `chunk = frame records`, `frame = version:u8 count:varint (length:varint){count}`, and each
/// record is its row's columns in order, each a tag and its body: `0` null, `1` integer (zig-zag
/// varint), `2` real (8 bytes little-endian), `3` text and `4` blob (varint length, bytes).
///
/// The version says which hash the records' checksum columns are (``checksumKind(of:)``): 1,
/// FNV-1a, as table rows; 2, ``RowChecksum/WordMix``, about a tenth of the time to check. The
/// layout is the same. Saves write version 2; both read.
///
/// Damage stays as small as the row-per-controller layout keeps it. The frame has its own
/// checksum (the chunk row's column, mixed with the row's place so a chunk moved elsewhere reads
/// as damaged): a damaged frame loses the chunk, reported as such. A record carries the same
/// per-row checksum columns a table row does, checked by the caller: a damaged record loses only
/// its row. A record's length is in the frame, so a damaged record cannot shift the ones after it.
@_spi(Restoration)
public enum RowChunk {
    /// The format version saves write in the first byte.
    public static let formatVersion: UInt8 = 2
    /// The versions a reader accepts.
    public static let readableVersions: ClosedRange<UInt8> = 1...2

    /// The hash of the records' checksums in a chunk of `version`.
    static func checksumKind(version: UInt8) -> RowChecksum.Kind {
        version == 1 ? .fnv1a : .wordMix
    }

    /// The hash of the records' checksums in `bytes`, a chunk whose frame was checked (its
    /// first byte is then a readable version).
    static func checksumKind(of bytes: UnsafeRawBufferPointer) -> RowChecksum.Kind {
        checksumKind(version: bytes.first ?? formatVersion)
    }
    /// The most rows a reader accepts in one chunk: a claimed count above it is refused before
    /// anything is allocated for it.
    public static let maximumRows = 4096

    enum Tag: UInt8 {
        case null = 0, integer, real, text, blob
    }

    /// A chunk's bytes and the checksum of its frame.
    public struct Encoded: Sendable {
        /// The chunk.
        public var bytes: Data
        /// The checksum of its frame, stored beside it.
        public var frameChecksum: Int64
    }

    /// Why a chunk as a whole did not decode; its rows are lost.
    public enum Failure: Error, Hashable, CustomStringConvertible {
        /// The frame does not match its checksum: the chunk was damaged, edited or moved.
        case frameMismatch
        /// The frame cannot be read, at this byte.
        case malformedFrame(PayloadError)

        public var description: String {
            switch self {
            case .frameMismatch: "its frame does not match its checksum (the file was damaged or edited)"
            case .malformedFrame(let error): "its frame is malformed: \(error)"
            }
        }
    }

    /// Packs `rows`. `place` (for example a snapshot id and the chunk's index) is mixed into the
    /// frame checksum and must be given again to decode. `version` says which hash the rows'
    /// checksum columns, if they have any, are (``checksumKind(version:)``).
    public static func encode(_ rows: [[DatabaseValue]], place: [DatabaseValue], version: UInt8 = formatVersion) -> Encoded {
        var builder = Builder(expectedRows: rows.count)
        for row in rows {
            for column in row { builder.append(column) }
            builder.endRow()
        }
        return builder.encoded(place: place, version: version)
    }

    /// Packs rows a column at a time into the bytes ``encode(_:place:version:)`` makes of the
    /// same rows: a writer adds each column as it has it, with no array per row and no copy of a
    /// blob it can write in place.
    struct Builder: ~Copyable {
        private var records = PayloadCodec.Writer()
        private var lengths: [Int] = []
        private var rowStart = 0

        init(expectedRows: Int) {
            lengths.reserveCapacity(expectedRows)
        }

        /// The rows ended so far.
        var rowCount: Int { lengths.count }

        mutating func append(_ value: DatabaseValue) {
            RowChunk.write(value, to: &records)
        }

        /// `value`, mixed into `hasher` too (a record's checksum covers its columns).
        mutating func append<Hasher: RowHasher>(_ value: DatabaseValue, hashedInto hasher: inout Hasher) {
            hasher.mix(value)
            RowChunk.write(value, to: &records)
        }

        /// A blob column of `bytes`.
        mutating func append(blob bytes: UnsafeRawBufferPointer) {
            records.bytes.append(Tag.blob.rawValue)
            records.writeLengthPrefixed(bytes)
        }

        /// Ends the row whose columns were appended since the last.
        mutating func endRow() {
            lengths.append(records.bytes.count - rowStart)
            rowStart = records.bytes.count
        }

        /// The chunk of the rows ended, at `place`.
        func encoded(place: [DatabaseValue], version: UInt8 = formatVersion) -> Encoded {
            records.bytes.withUnsafeBytes { RowChunk.frame($0, lengths: lengths, place: place, version: version) }
        }
    }

    private static func frame(_ records: UnsafeRawBufferPointer, lengths: [Int], place: [DatabaseValue], version: UInt8) -> Encoded {
        var frame = PayloadCodec.Writer()
        frame.bytes.reserveCapacity(2 + 2 * lengths.count + records.count)
        frame.bytes.append(version)
        frame.writeVarint(UInt64(lengths.count))
        for length in lengths { frame.writeVarint(UInt64(length)) }
        let checksum = frame.bytes.withUnsafeBytes { frameChecksum($0, place: place) }
        frame.bytes.append(contentsOf: records)
        return Encoded(bytes: frame.bytes.data, frameChecksum: checksum)
    }

    private static func write(_ value: DatabaseValue, to writer: inout PayloadCodec.Writer) {
        switch value {
        case .null:
            writer.bytes.append(Tag.null.rawValue)
        case .integer(let number):
            writer.bytes.append(Tag.integer.rawValue)
            writer.writeZigZag(number)
        case .real(let number):
            writer.bytes.append(Tag.real.rawValue)
            writer.writeFixed(number.bitPattern)
        case .text(let text):
            writer.bytes.append(Tag.text.rawValue)
            writer.writeString(text)
        case .blob(let data):
            writer.bytes.append(Tag.blob.rawValue)
            writer.writeLengthPrefixed(data)
        }
    }

    static func frameChecksum(_ frame: some Collection<UInt8>, place: [DatabaseValue]) -> Int64 {
        var hasher = RowChecksum.FNV1a(mixing: place)
        for byte in frame { hasher.mix(byte: byte) }
        return Int64(bitPattern: hasher.hash)
    }

    /// The rows of a chunk, each `width` columns pointing into `bytes` (valid as long as they
    /// are), or why a row does not decode. Checks the frame first; lengths and counts are checked
    /// against the bytes actually there, so no claimed size is allocated or read past.
    public static func decode(_ bytes: UnsafeRawBufferPointer, frameChecksum expected: Int64, place: [DatabaseValue],
                              width: Int) throws(Failure) -> [Result<RowColumns, PayloadError>] {
        let ranges = try recordRanges(bytes, frameChecksum: expected, place: place)
        // Every row's columns in one array, each row a slice of it: one allocation a chunk, not
        // one a row.
        var columns: [RowColumns.Column] = []
        columns.reserveCapacity(ranges.count * width)
        var failures: [Int: PayloadError] = [:]
        for (index, range) in ranges.enumerated() {
            let first = columns.count
            do {
                try decodeRecord(bytes, range: range, width: width, into: &columns)
            } catch {
                columns.removeSubrange(first...)
                columns.append(contentsOf: repeatElement(RowColumns.Column(), count: width))
                failures[index] = error
            }
        }
        return ranges.indices.map { index in
            if let failure = failures[index] { return .failure(failure) }
            return .success(RowColumns(slice: columns[(index * width)..<((index + 1) * width)]))
        }
    }

    /// Where each record of a chunk is in `bytes`, once its frame is checked: for a reader that
    /// decodes records one by one, as it needs them (``decodeRecord(_:range:width:into:)``).
    public static func recordRanges(_ bytes: UnsafeRawBufferPointer, frameChecksum expected: Int64,
                                    place: [DatabaseValue]) throws(Failure) -> [Range<Int>] {
        var frame = PayloadCodec.Reader(bytes: bytes)
        var lengths: [Int] = []
        do throws(PayloadError) {
            try frame.readFormatVersion(in: readableVersions)
            let countStart = frame.offset
            let count = try frame.readCount(what: "row count")
            guard count <= maximumRows else {
                throw PayloadError(offset: countStart, reason: "row count of \(count) exceeds the \(maximumRows) allowed")
            }
            lengths.reserveCapacity(count)
            for _ in 0..<count { lengths.append(try frame.readCount(what: "row length")) }
        } catch {
            throw .malformedFrame(error)
        }
        guard frameChecksum(UnsafeRawBufferPointer(rebasing: bytes[..<frame.offset]), place: place) == expected else {
            throw .frameMismatch
        }
        // The checksum vouches for the lengths, not for their sum: a writer's bug, or a frame
        // hashed by another build, must still not read past the end.
        let total = lengths.reduce(0) { $0 &+ $1 }
        guard total == frame.remaining else {
            throw .malformedFrame(PayloadError(offset: frame.offset, reason: "rows of \(total) bytes in \(frame.remaining) bytes"))
        }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(lengths.count)
        var start = frame.offset
        for length in lengths {
            ranges.append(start..<(start + length))
            start += length
        }
        return ranges
    }

    /// Appends the `width` columns of the record at `range` of a chunk's `bytes` to `columns`,
    /// pointing into `bytes`; an error gives its offset in the whole chunk, and may leave some
    /// of the record's columns appended.
    public static func decodeRecord(_ bytes: UnsafeRawBufferPointer, range: Range<Int>, width: Int,
                                    into columns: inout [RowColumns.Column]) throws(PayloadError) {
        try decodeRow(UnsafeRawBufferPointer(rebasing: bytes[range]), width: width, offset: range.lowerBound, into: &columns)
    }

    /// Appends one record's `width` columns to `columns`; errors give offsets in the whole chunk.
    private static func decodeRow(_ record: UnsafeRawBufferPointer, width: Int, offset: Int,
                                  into columns: inout [RowColumns.Column]) throws(PayloadError) {
        var reader = PayloadCodec.Reader(bytes: record)
        do throws(PayloadError) {
            for _ in 0..<width {
                var column = RowColumns.Column()
                let tagOffset = reader.offset
                switch Tag(rawValue: try reader.readByte()) {
                case .null:
                    break
                case .integer:
                    column.kind = .integer
                    column.integer = try reader.readZigZag()
                case .real:
                    column.kind = .real
                    column.real = Double(bitPattern: try reader.readFixed(UInt64.self))
                case .text, .blob:
                    column.kind = record[tagOffset] == Tag.text.rawValue ? .text : .blob
                    let count = try reader.readCount(what: "column length")
                    column.bytes = UnsafeRawBufferPointer(rebasing: reader.readBytes(count))
                    column.size = count
                case nil:
                    throw PayloadError(offset: tagOffset, reason: "unknown column tag \(record[tagOffset])")
                }
                columns.append(column)
            }
            try reader.expectEnd()
        } catch {
            throw PayloadError(offset: offset + error.offset, reason: error.reason)
        }
    }
}
