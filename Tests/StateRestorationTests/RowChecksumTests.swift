import Foundation
@_spi(Restoration) @testable import StateRestoration
import Testing

/// The two hashes rows and records carry: their values are in files, so they are pinned, and
/// each must notice any one changed byte, length or column boundary.
@Suite struct RowChecksumTests {
    static let columns: [DatabaseValue] = [
        .integer(1), .null, .text("0/tab:1"), .text("héllo 🌍"), .real(-0.5), .blob(Data((0..<37).map(UInt8.init))),
    ]

    @Test func bothHashesArePinned() {
        // FNV-1a: what every file before chunk version 2 holds (the fixtures check it too).
        #expect(RowChecksum.of(Self.columns, kind: .fnv1a) == -730_445_775_239_273_587)
        #expect(RowChecksum.of(Self.columns, kind: .wordMix) == -8_173_248_906_949_668_282)
        #expect(RowChecksum.of([], kind: .wordMix) == 2_120_028_592_909_818_343)
    }

    @Test(arguments: [RowChecksum.Kind.fnv1a, .wordMix])
    func everyChangedByteAndLengthChangesTheHash(kind: RowChecksum.Kind) {
        for length in 0...40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let original = RowChecksum.of([.integer(5), .blob(Data(bytes)), .text("tail")], kind: kind)
            for position in bytes.indices {
                for flip: UInt8 in [0x01, 0x80] {
                    var changed = bytes
                    changed[position] ^= flip
                    #expect(RowChecksum.of([.integer(5), .blob(Data(changed)), .text("tail")], kind: kind) != original,
                            "length \(length), byte \(position) ^ \(flip)")
                }
            }
            #expect(RowChecksum.of([.integer(5), .blob(Data(bytes + [0])), .text("tail")], kind: kind) != original, "length \(length) + 1")
        }
    }

    @Test(arguments: [RowChecksum.Kind.fnv1a, .wordMix])
    func bytesMovedBetweenColumnsOrTypesChangeTheHash(kind: RowChecksum.Kind) {
        let hashes = [
            RowChecksum.of([.text("ab"), .text("c")], kind: kind),
            RowChecksum.of([.text("a"), .text("bc")], kind: kind),
            RowChecksum.of([.blob(Data("ab".utf8)), .text("c")], kind: kind),
            RowChecksum.of([.text("abc")], kind: kind),
            RowChecksum.of([.integer(0)], kind: kind),
            RowChecksum.of([.null], kind: kind),
            RowChecksum.of([.real(0)], kind: kind),
        ]
        #expect(Set(hashes).count == hashes.count)
    }

    /// What a reader hashes where SQLite (or a chunk) holds the bytes is what a writer hashes
    /// from values, for both hashes, a prefix or none.
    @Test(arguments: [RowChecksum.Kind.fnv1a, .wordMix])
    func hashingInPlaceMatchesHashingValues(kind: RowChecksum.Kind) throws {
        let encoded = RowChunk.encode([Self.columns], place: [])
        try encoded.bytes.withUnsafeBytes { buffer in
            let row = try #require(try RowChunk.decode(buffer, frameChecksum: encoded.frameChecksum, place: [], width: Self.columns.count)
                .first?.get())
            let all = Array(0..<Self.columns.count)
            #expect(RowChecksum.of(prefix: nil, row: row, columns: all, kind: kind) == RowChecksum.of(Self.columns, kind: kind))
            #expect(RowChecksum.of(prefix: 42, row: row, columns: all, kind: kind) == RowChecksum.of([.integer(42)] + Self.columns, kind: kind))
        }
    }
}
