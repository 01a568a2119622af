import Foundation
import RestorationTesting
@_spi(Restoration) @testable import StateRestoration
import Testing

/// The packed layout's chunk format: exact round trips, checksums that agree with a table row's,
/// and damage confined to the row it hits or reported for the whole chunk.
@Suite struct RowChunkTests {
    static let place: [DatabaseValue] = [.integer(7), .integer(0)]

    /// Rows of every storage class, each ending in the checksum of its other columns, as the
    /// layout's node and state records do.
    static let rows: [[DatabaseValue]] = [
        [.integer(1), .null, .text("0/tab:1"), .text("héllo 🌍"), .real(-0.0), .blob(Data([0, 255, 7]))],
        [.integer(.max), .integer(.min), .text(""), .text("x"), .real(.nan), .blob(Data())],
        [.integer(-1), .integer(0), .text(String(repeating: "é", count: 300)), .null, .real(1e300), .blob(Data(repeating: 9, count: 200))],
    ].map { $0 + [.integer(RowChecksum.of($0))] }

    static func values(_ row: RowColumns, width: Int) -> [DatabaseValue] {
        (0..<width).map { row.value(at: $0) }
    }

    /// Each row's values when it decodes and matches its checksum column, else `nil`.
    static func checkedRows(_ bytes: Data, checksum: Int64) throws -> [[DatabaseValue]?] {
        let width = rows[0].count
        return try bytes.withUnsafeBytes { buffer in
            try RowChunk.decode(buffer, frameChecksum: checksum, place: place, width: width).map { result in
                guard case .success(let row) = result,
                      row.integer(at: width - 1) == RowChecksum.of(prefix: nil, row: row, columns: Array(0..<(width - 1))) else {
                    return nil
                }
                return values(row, width: width)
            }
        }
    }

    @Test func rowsRoundTripAndHashAsTableRowsDo() throws {
        let encoded = RowChunk.encode(Self.rows, place: Self.place)
        let decoded = try Self.checkedRows(encoded.bytes, checksum: encoded.frameChecksum)
        // NaN is not equal to itself: compare the bit patterns through the checksums instead.
        #expect(decoded.count == Self.rows.count)
        for (row, original) in zip(decoded, Self.rows) {
            let row = try #require(row, "a row lost its checksum in the round trip")
            #expect(RowChecksum.of(row) == RowChecksum.of(original))
            #expect(row.map { "\($0)" } == original.map { "\($0)" })
        }
        #expect(try Self.checkedRows(RowChunk.encode([], place: Self.place).bytes,
                                     checksum: RowChunk.encode([], place: Self.place).frameChecksum).isEmpty)
    }

    @Test func aChunkReadInAnotherPlaceIsRefused() {
        let encoded = RowChunk.encode(Self.rows, place: Self.place)
        #expect(throws: RowChunk.Failure.frameMismatch) {
            try encoded.bytes.withUnsafeBytes { buffer in
                _ = try RowChunk.decode(buffer, frameChecksum: encoded.frameChecksum, place: [.integer(8), .integer(0)], width: 7)
            }
        }
    }

    /// Every byte of a chunk flipped in turn: in the frame, the chunk is refused; in a record,
    /// that row alone is lost (it fails to decode or to match its checksum) and the others read
    /// back unchanged.
    @Test func aDamagedByteLosesItsRowOrIsReportedForTheChunk() throws {
        let encoded = RowChunk.encode(Self.rows, place: Self.place)
        let intact = try Self.checkedRows(encoded.bytes, checksum: encoded.frameChecksum)
        let frameLength = try encoded.bytes.withUnsafeBytes { buffer in
            var frame = PayloadCodec.Reader(bytes: buffer)
            try frame.readFormatVersion(RowChunk.formatVersion)
            for _ in 0..<(try frame.readVarint()) { _ = try frame.readVarint() }
            return frame.offset
        }
        // Compared as text: a NaN column is not equal to itself.
        let intactText = intact.map { $0.map { "\($0)" } }
        var refused = 0, lostOne = 0
        for offset in encoded.bytes.indices {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = encoded.bytes
                damaged[offset] ^= flip
                do {
                    let rows = try Self.checkedRows(damaged, checksum: encoded.frameChecksum)
                    #expect(offset >= frameLength, "byte \(offset) of the frame was damaged and the chunk still read")
                    let lost = zip(rows, intactText).filter { $0?.map { "\($0)" } != $1 }
                    #expect(lost.count == 1 && lost.first?.0 == nil, "byte \(offset) ^ \(flip): \(lost.count) rows differ")
                    lostOne += 1
                } catch {
                    #expect(offset < frameLength, "byte \(offset) of a record lost the whole chunk: \(error)")
                    refused += 1
                }
            }
        }
        #expect(refused == frameLength * 3)
        #expect(lostOne == (encoded.bytes.count - frameLength) * 3)
    }

    @Test func malformedFramesAreRefusedWithTheirOffset() throws {
        let encoded = RowChunk.encode(Self.rows, place: Self.place)
        func failure(_ bytes: [UInt8], checksum: Int64? = nil) -> RowChunk.Failure? {
            let expected = checksum ?? RowChunk.frameChecksum(bytes, place: Self.place)
            do {
                _ = try Data(bytes).withUnsafeBytes { buffer in
                    try RowChunk.decode(buffer, frameChecksum: expected, place: Self.place, width: 7).count
                }
                return nil
            } catch {
                return error as? RowChunk.Failure
            }
        }
        #expect(failure([])?.description == "its frame is malformed: malformed payload at byte 0: truncated")
        #expect(failure([3, 0])?.description == "its frame is malformed: malformed payload at byte 0: format version 3 is not one of 1 to 2")
        // A count the bytes cannot hold, and one within them but over the limit.
        #expect(failure([1, 0xFF, 0x7F])?.description == "its frame is malformed: malformed payload at byte 1: row count of 16383 exceeds the 0 bytes left")
        let many = [UInt8(1), 0x81, 0x40] + [UInt8](repeating: 0, count: 8200)
        #expect(failure(many)?.description == "its frame is malformed: malformed payload at byte 1: row count of 8193 exceeds the 4096 allowed")
        // Lengths that do not add up to the bytes after the frame (the frame's checksum is right).
        let short = [UInt8](encoded.bytes) + [0]
        #expect(failure(short, checksum: encoded.frameChecksum)?.description.hasPrefix("its frame is malformed: malformed payload at byte ") == true)
        #expect(failure(Array(encoded.bytes.dropLast()), checksum: encoded.frameChecksum) != nil)
    }

    @Test func aRowOfTheWrongWidthOrWithAnUnknownTagFailsAlone() throws {
        let encoded = RowChunk.encode([[.integer(1)], [.integer(2), .integer(3)], [.integer(4)]], place: Self.place)
        let results = try encoded.bytes.withUnsafeBytes { buffer in
            try RowChunk.decode(buffer, frameChecksum: encoded.frameChecksum, place: Self.place, width: 1).map { result in
                result.map { $0.integer(at: 0) }
            }
        }
        #expect(results.count == 3)
        #expect(try results[0].get() == 1)
        #expect(try results[2].get() == 4)
        // The frame is 5 bytes, the first record 2: the second row's extra column starts at 9.
        #expect(throws: PayloadError(offset: 9, reason: "2 bytes after the end")) { try results[1].get() }

        var tagged = [UInt8](RowChunk.encode([[.integer(1)]], place: Self.place).bytes)
        tagged[3] = 9
        let withTag = RowChunk.encode([[.integer(1)]], place: Self.place)
        let tagResult = try Data(tagged).withUnsafeBytes { buffer in
            try RowChunk.decode(buffer, frameChecksum: withTag.frameChecksum, place: Self.place, width: 1)
        }
        #expect(throws: PayloadError(offset: 3, reason: "unknown column tag 9")) { try tagResult[0].get() }
    }

    /// Random records behind an intact frame, and random bytes: decoding never reads past the
    /// end, never traps, and refuses or decodes each row.
    @Test func randomBytesNeverCrash() {
        var random = SeededRandomNumberGenerator(seed: 2026_11_24)
        for _ in 0..<2_000 {
            let lengths = (0..<Int.random(in: 0...4, using: &random)).map { _ in Int.random(in: 0...12, using: &random) }
            var frame = PayloadCodec.Writer()
            frame.bytes.append(RowChunk.formatVersion)
            frame.writeVarint(UInt64(lengths.count))
            for length in lengths { frame.writeVarint(UInt64(length)) }
            let checksum = RowChunk.frameChecksum(frame.bytes.array, place: Self.place)
            let records = (0..<lengths.reduce(0, +)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let width = Int.random(in: 0...4, using: &random)
            let rows = try? Data(frame.bytes.array + records).withUnsafeBytes { buffer in
                try RowChunk.decode(buffer, frameChecksum: checksum, place: Self.place, width: width)
            }
            #expect(rows?.count == lengths.count)
            let noise = (0..<Int.random(in: 0...24, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            _ = try? Data(noise).withUnsafeBytes { buffer in
                try RowChunk.decode(buffer, frameChecksum: .random(in: .min ... .max, using: &random), place: [], width: width)
            }
        }
    }
}
