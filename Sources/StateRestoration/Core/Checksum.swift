import Foundation

/// The one checksum of the database: 64-bit FNV-1a over a row's columns, each column its storage
/// class and then its bytes (text and blobs length-prefixed), so no two different rows hash the
/// same by shifting bytes between columns.
///
/// Every row carries one: SQLite pages have no checksum of their own, and a damaged byte must be
/// reported rather than restored as a different value. A payload's key is the checksum of its
/// bytes as a one-column row (``of(payload:)``), so payloads are shared by content and checked
/// by the same function.
enum Checksum {
    static func of(_ columns: [DatabaseValue]) -> Int64 {
        var hasher = FNV1a()
        for column in columns { hasher.mix(column) }
        return Int64(bitPattern: hasher.hash)
    }

    /// The key of a payload.
    static func of(payload: Data) -> Int64 {
        of([.blob(payload)])
    }
}

/// 64-bit FNV-1a, a byte a step.
struct FNV1a {
    private(set) var hash: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func mix(byte: UInt8) {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    mutating func mix(_ bytes: UnsafeRawBufferPointer) {
        var value = hash
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        hash = value
    }

    /// A column's storage class, then eight bytes, little-endian: the number, or a length.
    private mutating func mix(tag: UInt8, word: UInt64) {
        mix(byte: tag)
        withUnsafeBytes(of: word.littleEndian) { mix($0) }
    }

    /// One column: its storage class, then its bytes (length-prefixed for text and blobs).
    mutating func mix(_ value: DatabaseValue) {
        switch value {
        case .null:
            mix(byte: 0)
        case .integer(let number):
            mix(tag: 1, word: UInt64(bitPattern: number))
        case .real(let number):
            mix(tag: 2, word: number.bitPattern)
        case .text(var text):
            text.withUTF8 { bytes in
                mix(tag: 3, word: UInt64(bytes.count))
                mix(UnsafeRawBufferPointer(bytes))
            }
        case .blob(let data):
            mix(tag: 4, word: UInt64(data.count))
            data.withUnsafeBytes { mix($0) }
        }
    }
}
