import ControllerKit
import Foundation
import RestorationTesting
@testable import StateRestoration
import Testing

/// The compact payload format: exact round trips, and a typed error for every malformed input.
@Suite struct PayloadCodecTests {
    static let sample: [String: CodedValue] = [
        "flag": .bool(true), "off": .bool(false), "count": .integer(-42), "big": .integer(.max), "small": .integer(.min),
        "ratio": .double(-0.125), "scale": .float(1.5), "name": .string("héllo 🌍"), "empty": .string(""),
        "bytes": .data(Data([0, 255, 7])), "when": .date(Date(timeIntervalSince1970: 1_700_000_000.25)),
        "list": .array([.integer(1), .string("two"), .array([.bool(true)])]),
        "map": .dictionary(["inner": .dictionary(["deep": .double(2)])]),
        "json": .codable(Data(#"{"a":1}"#.utf8)), "ref": .object(ObjectReference(id: 17)),
    ]

    @Test func everyValueTypeRoundTripsExactly() throws {
        let encoded = PayloadCodec.encode(Self.sample)
        #expect(try PayloadCodec.decode(encoded) == Self.sample)
        #expect(try PayloadCodec.decode(PayloadCodec.encode([:])) == [:])
    }

    /// Dates come back exactly as `Date` holds them: a payload that stored seconds since 1970
    /// rounded these (721692800.1234568 came back 1.19e-7 s off).
    @Test func datesComeBackExactly() throws {
        let dates = [Date(timeIntervalSinceReferenceDate: 721_692_800.1234568), Date(timeIntervalSinceReferenceDate: -0.000_000_1),
                     Date(timeIntervalSinceReferenceDate: 1e-300), Date.distantFuture, Date(timeIntervalSinceReferenceDate: 0.1)]
        for date in dates {
            let values: [String: CodedValue] = ["when": .date(date)]
            #expect(try PayloadCodec.decode(PayloadCodec.encode(values)) == values)
        }
    }

    /// Payloads of earlier versions stored dates as seconds since 1970 (tag 7): still read.
    @Test func datesStoredAsSecondsSince1970StillRead() throws {
        let seconds = 1_700_000_000.25
        let bytes: [UInt8] = [1, 1, 1, UInt8(ascii: "d"), 7] + (0..<8).map { UInt8(truncatingIfNeeded: seconds.bitPattern >> (8 * $0)) }
        #expect(try PayloadCodec.decode(bytes) == ["d": .date(Date(timeIntervalSince1970: seconds))])
    }

    @Test func equalStatesGiveEqualBytes() {
        var reordered: [String: CodedValue] = [:]
        for key in Self.sample.keys.sorted().reversed() { reordered[key] = Self.sample[key] }
        #expect(PayloadCodec.encode(reordered) == PayloadCodec.encode(Self.sample))
    }

    @Test func everyTruncationIsATypedError() {
        let encoded = [UInt8](PayloadCodec.encode(Self.sample))
        for length in 0..<encoded.count {
            #expect(throws: PayloadError.self, "length \(length)") { try PayloadCodec.decode(Data(encoded[0..<length])) }
        }
    }

    /// Bytes changed at random: every payload either decodes to values that survive a round
    /// trip of their own, or is refused with a `PayloadError` that points inside the payload;
    /// none traps. Seeded: a failure names its seed, and `NAVSTATE_PAYLOAD_SEED` replays it.
    @Test(arguments: SeededRandomNumberGenerator.seeds(first: 1, defaultCount: 20, countVariable: "NAVSTATE_PAYLOAD_SEEDS",
                                                       replayVariable: "NAVSTATE_PAYLOAD_SEED"))
    func randomlyMutatedPayloadsNeverCrash(seed: UInt64) throws {
        var generator = SeededRandomNumberGenerator(seed: seed)
        let encoded = [UInt8](PayloadCodec.encode(Self.sample))
        var refused = 0
        for round in 0..<200 {
            var mutated = encoded
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                mutated[Int.random(in: 0..<mutated.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            do throws(PayloadError) {
                let values = try PayloadCodec.decode(mutated)
                if mutated == encoded { #expect(values == Self.sample, "seed \(seed), round \(round)") }
                let again = try PayloadCodec.decode(PayloadCodec.encode(values))
                #expect(again == values, "seed \(seed), round \(round): decoded values do not survive their own round trip")
            } catch {
                refused += 1
                #expect((0...mutated.count).contains(error.offset), "seed \(seed), round \(round): \(error) points outside the payload")
            }
        }
        // Most random changes break the format: a run that refused none mutated nothing.
        #expect(refused > 100, "seed \(seed): only \(refused) of 200 mutated payloads were refused")
    }

    /// Keys out of order are never written, but such a payload is well-formed: it reads as a
    /// table would, and a key repeated out of order is still found and reported where it is.
    @Test func keysOutOfOrderReadAsATable() throws {
        let key = { (name: String) in [UInt8(name.utf8.count)] + Array(name.utf8) }
        let unsorted: [UInt8] = [1, 3] + key("b") + [2, 2] + key("a") + [1] + key("c") + [0]
        let expected: [String: CodedValue] = ["a": .bool(true), "b": .integer(1), "c": .bool(false)]
        #expect(try PayloadCodec.decode(unsorted) == expected)
        // "b", "a", "b": the repeat is not next to the first, and is reported at its offset.
        let repeated: [UInt8] = [1, 3] + key("b") + [1] + key("a") + [1] + key("b") + [0]
        #expect(throws: PayloadError(offset: 8, reason: #"key "b" appears twice"#)) { try PayloadCodec.decode(repeated) }
    }

    @Test func aClaimedLengthBeyondTheBytesIsRefusedBeforeAllocating() {
        // One key "s" whose string claims 100 MB.
        var bytes: [UInt8] = [1, 1, 1, UInt8(ascii: "s"), 5]
        var length = UInt64(100_000_000)
        while length >= 0x80 { bytes.append(UInt8(length & 0x7F) | 0x80); length >>= 7 }
        bytes.append(UInt8(length))
        #expect(throws: PayloadError(offset: 5, reason: "string length of 100000000 exceeds the 0 bytes left")) {
            try PayloadCodec.decode(Data(bytes))
        }
    }

    @Test func malformedInputsNameTheirProblem() {
        let cases: [([UInt8], String)] = [
            ([2, 0], "format version 2 is not 1"),
            ([1, 1, 1, UInt8(ascii: "k"), 99], "unknown value tag 99"),
            ([1, 1, 1, UInt8(ascii: "k"), 5, 2, 0xC3, 0x28], "string is not valid UTF-8"),
            ([1, 1, 1, 0x80, 0], "string is not valid UTF-8"),
            // A surrogate half, which UTF-8 may not encode.
            ([1, 1, 1, UInt8(ascii: "k"), 5, 3, 0xED, 0xA0, 0x80], "string is not valid UTF-8"),
            ([1, 0, 0], "1 bytes after the end"),
            ([1, 2, 1, UInt8(ascii: "k"), 0, 1, UInt8(ascii: "k"), 1], #"key "k" appears twice"#),
            ([1, 1, 1, UInt8(ascii: "k"), 11, 0], "object reference 0 is not a valid id"),
            ([1, 1, 1, UInt8(ascii: "k"), 2] + Array(repeating: 0xFF, count: 10) + [1], "integer longer than 64 bits"),
        ]
        for (bytes, reason) in cases {
            #expect {
                try PayloadCodec.decode(Data(bytes))
            } throws: { error in
                (error as? PayloadError)?.reason == reason
            }
        }
    }

    @Test func nonASCIITextAndAStoredReplacementCharacterComeBackAsTheyWere() throws {
        let values: [String: CodedValue] = ["Grüße": .string("naïve \u{FFFD} 日本 🎉"), "ascii": .string("plain")]
        #expect(try PayloadCodec.decode(PayloadCodec.encode(values)) == values)
    }

    @Test func nestingDeeperThanTheLimitIsRefused() {
        var bytes: [UInt8] = [1, 1, 1, UInt8(ascii: "k")]
        bytes += Array(repeating: [8, 1], count: PayloadCodec.maximumNesting + 1).flatMap { $0 }
        bytes += [0]
        #expect {
            try PayloadCodec.decode(Data(bytes))
        } throws: { error in
            (error as? PayloadError)?.reason == "nested deeper than \(PayloadCodec.maximumNesting)"
        }
    }
}
