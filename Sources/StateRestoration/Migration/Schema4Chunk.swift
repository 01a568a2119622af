import Foundation

/// Reads the packed records of schema 4 (`node_chunk`, `state_chunk`), for the conversion to
/// schema 5 only: nothing else in the library reads this format.
///
/// `chunk = frame records`, `frame = version:u8 count:varint (length:varint){count}`, and each
/// record is its row's columns in order, each a tag and its body: `0` null, `1` integer (zig-zag
/// varint), `2` real (8 bytes little-endian), `3` text and `4` blob (varint length, bytes). The
/// frame's checksum (the row's `checksum` column) is FNV-1a over the chunk's place, then the
/// frame's bytes. Each record carries its own checksum column: FNV-1a in version-1 chunks,
/// ``WordMix`` in version-2 chunks.
struct Schema4Chunk {
    /// A chunk's records, each its columns, or `nil` for a record that does not decode.
    var records: [[DatabaseValue]?]
    /// The chunk's format version, which says how its records' checksums are hashed.
    var version: UInt8

    /// Decodes `bytes` at `place` (the snapshot id and chunk index, or the state chunk's id);
    /// `nil` when the frame does not decode or does not match `frameChecksum`.
    init?(_ bytes: [UInt8], frameChecksum: Int64, place: [DatabaseValue], width: Int) {
        var rest = bytes[...]
        guard let version = rest.popFirst(), version == 1 || version == 2,
              let count = rest.varint(), count <= 4096 else { return nil }
        var lengths: [Int] = []
        for _ in 0..<count {
            guard let length = rest.varint(), length <= bytes.count else { return nil }
            lengths.append(Int(length))
        }
        var frame = FNV1a()
        for column in place { frame.mix(column) }
        bytes[..<rest.startIndex].withUnsafeBytes { frame.mix($0) }
        guard Int64(bitPattern: frame.hash) == frameChecksum, lengths.reduce(0, +) == rest.count else { return nil }
        self.version = version
        records = lengths.map { length in rest.take(length).flatMap { Self.record($0, width: width) } }
    }

    /// Whether `columns` match `checksum` as this chunk's version hashes them.
    func matches(_ checksum: DatabaseValue, columns: [DatabaseValue]) -> Bool {
        guard case .integer(let expected) = checksum else { return false }
        if version == 1 { return Checksum.of(columns) == expected }
        var hasher = WordMix()
        for column in columns { hasher.mix(column) }
        return Int64(bitPattern: hasher.hash) == expected
    }

    private static func record(_ bytes: ArraySlice<UInt8>, width: Int) -> [DatabaseValue]? {
        var rest = bytes
        var columns: [DatabaseValue] = []
        for _ in 0..<width {
            switch rest.popFirst() {
            case 0: columns.append(.null)
            case 1:
                guard let zigZag = rest.varint() else { return nil }
                columns.append(.integer(Int64(bitPattern: zigZag >> 1) ^ -Int64(bitPattern: zigZag & 1)))
            case 2:
                guard let word = rest.take(8) else { return nil }
                columns.append(.real(Double(bitPattern: word.reversed().reduce(0) { $0 << 8 | UInt64($1) })))
            case 3:
                guard let text = rest.lengthPrefixed(), let string = String(validating: text, as: UTF8.self) else { return nil }
                columns.append(.text(string))
            case 4:
                guard let blob = rest.lengthPrefixed() else { return nil }
                columns.append(.blob(Data(blob)))
            default:
                return nil
            }
        }
        return rest.isEmpty ? columns : nil
    }
}

/// Reading bytes front to back, each read `nil` past the end.
private extension ArraySlice<UInt8> {
    mutating func varint() -> UInt64? {
        var result: UInt64 = 0
        for shift in stride(from: UInt64(0), to: 64, by: 7) {
            guard let byte = popFirst() else { return nil }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
        }
        return nil
    }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count <= self.count else { return nil }
        defer { removeFirst(count) }
        return prefix(count)
    }

    mutating func lengthPrefixed() -> ArraySlice<UInt8>? {
        varint().flatMap { $0 <= UInt64(count) ? take(Int($0)) : nil }
    }
}

/// The 64-bit hash of version-2 chunk records' checksums: eight bytes a step, two lanes for byte
/// runs, MurmurHash3's finalizer. Files of schema 4 carry its values.
struct WordMix {
    private var lane0: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var lane1: UInt64 = 0xD6E8_FEB8_6659_FD93

    private static func step(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let product = (state ^ word) &* 0xFF51_AFD7_ED55_8CCD
        return product ^ (product >> 32)
    }

    /// One column, laid out as ``FNV1a/mix(_:)`` lays it out.
    mutating func mix(_ value: DatabaseValue) {
        switch value {
        case .null: lane0 = Self.step(lane0, 0)
        case .integer(let number):
            lane0 = Self.step(Self.step(lane0, 1), UInt64(bitPattern: number))
        case .real(let number):
            lane0 = Self.step(Self.step(lane0, 2), number.bitPattern)
        case .text(let text): mix(tag: 3, Array(text.utf8))
        case .blob(let data): mix(tag: 4, Array(data))
        }
    }

    private mutating func mix(tag: UInt64, _ bytes: [UInt8]) {
        lane0 = Self.step(Self.step(lane0, tag), UInt64(bytes.count))
        func word(_ start: Int) -> UInt64 {
            bytes[start..<min(start + 8, bytes.count)].reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        var offset = 0
        while offset + 16 <= bytes.count {
            lane0 = Self.step(lane0, word(offset))
            lane1 = Self.step(lane1, word(offset + 8))
            offset += 16
        }
        if offset + 8 <= bytes.count {
            lane0 = Self.step(lane0, word(offset))
            offset += 8
        }
        // The last one to seven bytes, zero-padded.
        if offset < bytes.count { lane1 = Self.step(lane1, word(offset)) }
    }

    var hash: UInt64 {
        var mixed = lane0 ^ (lane1 << 29 | lane1 >> 35)
        mixed ^= mixed >> 33
        mixed &*= 0xC4CE_B9FE_1A85_EC53
        mixed ^= mixed >> 33
        return mixed
    }
}
