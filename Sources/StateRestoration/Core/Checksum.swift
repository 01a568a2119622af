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
    /// The checksum of a row of `columns`.
    static func of(_ columns: [DatabaseValue]) -> Int64 {
        var hasher = FNV1a()
        for column in columns { hasher.mix(column) }
        return Int64(bitPattern: hasher.hash)
    }

    /// The key of a payload: the checksum of its bytes as a one-column row.
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

    /// Eight bytes, little-endian.
    mutating func mix(word: UInt64) {
        var value = word
        for _ in 0..<8 {
            mix(byte: UInt8(truncatingIfNeeded: value))
            value >>= 8
        }
    }

    mutating func mix(_ bytes: UnsafeRawBufferPointer) {
        var value = hash
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        hash = value
    }

    /// One column: its storage class, then its bytes (length-prefixed for text and blobs).
    mutating func mix(_ value: DatabaseValue) {
        switch value {
        case .null:
            mix(byte: 0)
        case .integer(let number):
            mix(byte: 1)
            mix(word: UInt64(bitPattern: number))
        case .real(let number):
            mix(byte: 2)
            mix(word: number.bitPattern)
        case .text(var text):
            mix(byte: 3)
            text.withUTF8 { bytes in
                mix(word: UInt64(bytes.count))
                mix(UnsafeRawBufferPointer(bytes))
            }
        case .blob(let data):
            mix(byte: 4)
            mix(word: UInt64(data.count))
            data.withUnsafeBytes { mix($0) }
        }
    }
}
