import Foundation

/// The one checksum of the database, on every row and as each payload's key (docs/schema.md,
/// "Checksums"): 64-bit FNV-1a over the columns, each its storage class (NULL is that byte
/// alone), then eight bytes, little-endian (its number, or the length of its text or blob),
/// then those bytes.
enum Checksum {
    static func of(_ columns: [DatabaseValue]) -> Int64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ bytes: UnsafeRawBufferPointer) {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        func mix(tag: UInt8, word: UInt64) {
            withUnsafeBytes(of: tag) { mix($0) }
            withUnsafeBytes(of: word.littleEndian) { mix($0) }
        }
        for column in columns {
            switch column {
            case .null: withUnsafeBytes(of: UInt8(0)) { mix($0) }
            case .integer(let number): mix(tag: 1, word: UInt64(bitPattern: number))
            case .real(let number): mix(tag: 2, word: number.bitPattern)
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
        return Int64(bitPattern: hash)
    }

    /// The key of a payload.
    static func of(payload: Data) -> Int64 { of([.blob(payload)]) }
}
