@_spi(Restoration) import ControllerKit
import Foundation
import RestorationTesting
@_spi(Restoration) @testable import StateRestoration
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

    @Test func equalStatesGiveEqualBytes() {
        var reordered: [String: CodedValue] = [:]
        for key in Self.sample.keys.sorted().reversed() { reordered[key] = Self.sample[key] }
        #expect(PayloadCodec.encode(reordered) == PayloadCodec.encode(Self.sample))
    }

    /// The save encodes a coder's writes straight into the payload: the same bytes as the table
    /// those writes leave, for overwritten and removed keys, non-ASCII keys, and more keys than
    /// the short sort handles.
    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7])
    @MainActor
    func writesEncodeAsTheTableTheyLeave(seed: UInt64) {
        var random = SeededRandomNumberGenerator(seed: seed)
        let keys = Self.sample.keys.sorted() + ["é", "e\u{301}", "Z", "a", "ä", "key 10", "key 9"]
        let count = seed < 4 ? 12 : 80
        let coder = Coder()
        for _ in 0..<count {
            let key = keys[Int(random.next() % UInt64(keys.count))]
            coder.encode(random.next() % 5 == 0 ? nil : Self.sample.values.randomElement(using: &random), forKey: key)
        }
        guard let writes = coder.takeUnreadWrites() else {
            Issue.record("nothing read the coder, so its writes should be there to take")
            return
        }
        var orders = KeyedWrites.SortOrders()
        let encoded = PayloadCodec.encoded(writes, orders: &orders)
        #expect(encoded.payload == PayloadCodec.encode(writes.table))
        // The sample's one reference is a top-level value: one replaced or removed is not counted.
        #expect(encoded.refersToObject == writes.table.values.contains(.object(ObjectReference(id: 17))))
        #expect(writes.sortedValues.map(\.key) == writes.table.keys.sorted())
        #expect(coder.takeUnreadWrites()?.isEmpty == true)
    }

    /// The writer remembers how key sequences sort and reuses the order for coders that write
    /// the same keys in the same order: the same values and spellings as sorting afresh, for
    /// sequences that differ in one key, in length, or only in the spelling of a key, more of
    /// them than it remembers, with removals and repeated keys.
    @Test @MainActor func rememberedKeyOrdersGiveWhatSortingGives() {
        var random = SeededRandomNumberGenerator(seed: 11)
        let base = ["name", "é", "count", "flag", "list", "Z", "a", "ä", "key 10", "key 9", "name"]
        var replaced = base, lastReplaced = base
        replaced[3] = "zeta"
        lastReplaced[base.count - 1] = "aaa"
        let sequences = [base, replaced, lastReplaced, Array(base.dropLast()), base.map { $0 == "é" ? "e\u{301}" : $0 },
                         Array(base.reversed()), ["b", "a"], ["a", "b"], Array(repeating: "a", count: 11)]
        var orders = KeyedWrites.SortOrders(), encodingOrders = KeyedWrites.SortOrders()
        var mismatches: [String] = []
        for round in 0..<400 {
            let sequence = sequences[Int(random.next() % UInt64(sequences.count))]
            let coder = Coder()
            for key in sequence {
                coder.encode(random.next() % 5 == 0 ? nil : Self.sample.values.randomElement(using: &random), forKey: key)
            }
            guard let writes = coder.takeUnreadWrites() else { continue }
            let remembered = writes.sortedValues(reusing: &orders), fresh = writes.sortedValues
            // Keys by their bytes: `==` on strings would not see a spelling taken from the wrong write.
            if remembered.map({ Array($0.key.utf8) }) != fresh.map({ Array($0.key.utf8) })
                || remembered.map(\.value) != fresh.map(\.value)
                || PayloadCodec.encode(writes, orders: &encodingOrders) != PayloadCodec.encode(writes.table) {
                mismatches.append("round \(round): \(sequence)")
            }
        }
        #expect(mismatches.count == 0, "\(mismatches.prefix(3))")
    }

    /// The writer learns from the encoding whether a payload refers to an object, at any depth:
    /// such controllers are encoded again at every save.
    @Test func encodingTellsWhetherAPayloadRefersToAnObject() {
        let reference = CodedValue.object(ObjectReference(id: 3))
        #expect(PayloadCodec.encoded(["a": reference]).refersToObject)
        #expect(PayloadCodec.encoded(["a": .array([.integer(1), .array([reference])])]).refersToObject)
        #expect(PayloadCodec.encoded(["a": .dictionary(["b": .dictionary(["c": reference])])]).refersToObject)
        #expect(!PayloadCodec.encoded(Self.sample.filter { $0.key != "ref" }).refersToObject)
        #expect(!PayloadCodec.encoded([:]).refersToObject)
    }

    @Test @MainActor func aCoderThatWasReadGivesNoWritesToTake() {
        let coder = Coder()
        coder.encode(1, forKey: "a")
        #expect(coder.containsValue(forKey: "a"))
        coder.encode(2, forKey: "b")
        #expect(coder.takeUnreadWrites() == nil)
        #expect(coder.values == ["a": .integer(1), "b": .integer(2)])
        #expect(Coder(values: ["a": .integer(1)]).takeUnreadWrites() == nil)
    }

    @Test func everyTruncationIsATypedError() {
        let encoded = [UInt8](PayloadCodec.encode(Self.sample))
        for length in 0..<encoded.count {
            #expect(throws: PayloadError.self, "length \(length)") { try PayloadCodec.decode(Data(encoded[0..<length])) }
        }
    }

    @Test func randomlyMutatedPayloadsNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        let encoded = [UInt8](PayloadCodec.encode(Self.sample))
        for _ in 0..<2_000 {
            var mutated = encoded
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                mutated[Int.random(in: 0..<mutated.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            // Either a typed error or some values: the point is that it returns.
            _ = try? PayloadCodec.decode(Data(mutated))
        }
    }

    /// Both readings of `bytes`: as a table, and kept sorted as a restore reads them (handing
    /// out the strings in `shortStrings` when given).
    static func bothReadings(_ bytes: [UInt8], shortStrings: ShortStrings? = nil)
        -> (table: Result<[String: CodedValue], PayloadError>, sorted: Result<[String: CodedValue], PayloadError>) {
        let table = Result { () throws(PayloadError) in try PayloadCodec.decode(Data(bytes)) }
        let sorted = bytes.withUnsafeBytes { raw in
            Result { () throws(PayloadError) in try PayloadCodec.decodeKeyedValues(raw, shortStrings: shortStrings).table }
        }
        return (table, sorted)
    }

    /// A restore reads payloads kept sorted, not as tables: the same values, and for a bad
    /// payload the same first error at the same offset, on every truncation and on seeded
    /// random damage.
    @Test(arguments: [0, 1, 2, 3])
    func readingSortedGivesTheTablesValuesAndErrors(seed: UInt64) {
        var random = SeededRandomNumberGenerator(seed: seed)
        let encoded = [UInt8](PayloadCodec.encode(Self.sample))
        var inputs = (0...encoded.count).map { Array(encoded[0..<$0]) }
        for _ in 0..<1_500 {
            var mutated = encoded
            for _ in 0..<(1 + Int(random.next() % 3)) {
                mutated[Int(random.next() % UInt64(mutated.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            inputs.append(mutated)
        }
        var differences: [String] = []
        var valid = 0
        // One cache across every input, as a reader keeps one across a batch's payloads: a
        // string remembered from one payload must never stand for other bytes, nor for bytes
        // that are not UTF-8.
        let shortStrings = ShortStrings()
        for input in inputs {
            let (table, sorted) = Self.bothReadings(input)
            let cached = Self.bothReadings(input, shortStrings: shortStrings).sorted
            if case .success = table { valid += 1 }
            if table != sorted || table != cached {
                differences.append("\(input): table \(table), sorted \(sorted), with short strings \(cached)")
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(3).joined(separator: "\n"))")
        // The whole payload and some mutations (a changed value byte) still read.
        #expect(valid > 1)
    }

    /// Short strings are handed out again for the same bytes only: the length counts (a key
    /// and the same key with a NUL byte more), strings of more than 15 bytes are made each
    /// time, and bytes that are not UTF-8 fail every time rather than being remembered.
    @Test func shortStringsAreHandedOutForTheSameBytesOnly() throws {
        let counted = CountedStrings()
        var made: Int { counted.made }
        func string(_ text: [UInt8]) throws(PayloadError) -> String {
            try counted.string(text) { raw, make throws(PayloadError) in try counted.strings.string(for: raw, making: make) }
        }
        // Short ones, and ones of 9 to 15 bytes that differ only after their first eight.
        let words = (0..<300).map { Array("key \($0)".utf8) } + (0..<300).map { Array("keyword \($0)".utf8) }
            + [Array("a".utf8), Array("a\u{0}".utf8), [], Array("é".utf8)]
        for word in words { #expect(try string(word) == String(decoding: word, as: UTF8.self)) }
        let firstPass = made
        for word in words { #expect(try string(word) == String(decoding: word, as: UTF8.self)) }
        // 600 words in 256 slots: some were replaced and made again, most were not.
        #expect(made > firstPass && made < firstPass * 2)
        let beforeLong = made
        let long = Array("more than fifteen bytes".utf8)
        #expect(try string(long) == "more than fifteen bytes")
        #expect(try string(long) == "more than fifteen bytes")
        #expect(made == beforeLong + 2)
        #expect(throws: PayloadError.self) { try string([0xC3, 0x28]) }
        #expect(throws: PayloadError.self) { try string([0xC3, 0x28]) }
        #expect(made == beforeLong + 4)
    }

    /// Longer strings that repeat (keys, class names) are handed out again for the same bytes
    /// only: 200 keys of one length in 32 slots share slots and must each come back as
    /// themselves; the same bytes are made once while their slot holds them; bytes that are not
    /// UTF-8 fail every time; strings over the limit are made each time.
    @Test func repeatedStringsAreHandedOutForTheSameBytesOnly() throws {
        let counted = CountedStrings()
        var made: Int { counted.made }
        func string(_ text: [UInt8]) throws(PayloadError) -> String {
            try counted.string(text) { raw, make throws(PayloadError) in try counted.strings.repeated(raw, making: make) }
        }
        let keys = (0..<200).map { Array(String(format: "a long key number %04d", $0).utf8) }
        for key in keys { #expect(try string(key) == String(decoding: key, as: UTF8.self)) }
        for key in keys.reversed() { #expect(try string(key) == String(decoding: key, as: UTF8.self)) }
        let key = Array("visibleMessageIDs".utf8)
        let before = made
        for _ in 0..<5 { #expect(try string(key) == "visibleMessageIDs") }
        #expect(made == before + 1)
        // Readers send only longer strings here, but a short one is remembered as well.
        #expect(try string(Array("mailbox".utf8)) == "mailbox")
        #expect(try string(Array("mailbox".utf8)) == "mailbox")
        let tooLong = Array(String(repeating: "x", count: ShortStrings.maximumRepeatedLength + 1).utf8)
        let beforeLong = made
        #expect(try string(tooLong) == String(decoding: tooLong, as: UTF8.self))
        #expect(try string(tooLong) == String(decoding: tooLong, as: UTF8.self))
        #expect(made == beforeLong + 2)
        let invalid: [UInt8] = Array("a long key that ends badly ".utf8) + [0xC3, 0x28]
        #expect(throws: PayloadError.self) { try string(invalid) }
        #expect(throws: PayloadError.self) { try string(invalid) }
    }

    /// Texts that rows repeat (class, relation and appearance names) come back as the text of
    /// their bytes, short or long, however the slots collide; bytes that are not UTF-8 come back
    /// repaired, and are not remembered: the same bytes in a payload still fail its check.
    @Test func repeatedTextsAreTheirBytesTextAndNeverVouchForBadBytes() throws {
        let counted = CountedStrings()
        let texts = (0..<300).map { Array("name \($0)".utf8) } + (0..<100).map { Array("a longer class name \($0)".utf8) }
            + [Array("a".utf8), Array("a\u{0}".utf8), [], Array("é".utf8)]
        for _ in 0..<2 {
            for text in texts {
                let made = text.withUnsafeBytes { counted.strings.repeatedText($0) }
                #expect(made == String(decoding: text, as: UTF8.self))
            }
        }
        for invalid: [UInt8] in [[0xC3, 0x28], Array("a longer class name ".utf8) + [0xC3, 0x28]] {
            for _ in 0..<2 {
                let repaired = invalid.withUnsafeBytes { counted.strings.repeatedText($0) }
                #expect(repaired == String(decoding: invalid, as: UTF8.self))
            }
            #expect(throws: PayloadError.self) {
                try counted.string(invalid) { raw, make throws(PayloadError) in try counted.strings.string(for: raw, making: make) }
            }
            #expect(throws: PayloadError.self) {
                try counted.string(invalid) { raw, make throws(PayloadError) in try counted.strings.repeated(raw, making: make) }
            }
        }
    }

    /// Keys out of order are never written, but such a payload is well-formed: it reads as a
    /// table would, and a key repeated out of order is still found and reported where it is.
    @Test func keysOutOfOrderReadAsATable() throws {
        let key = { (name: String) in [UInt8(name.utf8.count)] + Array(name.utf8) }
        let unsorted: [UInt8] = [1, 3] + key("b") + [2, 2] + key("a") + [1] + key("c") + [0]
        let expected: [String: CodedValue] = ["a": .bool(true), "b": .integer(1), "c": .bool(false)]
        let (table, sorted) = Self.bothReadings(unsorted)
        #expect(try sorted.get() == expected)
        #expect(table == sorted)
        // Looked up, not only listed: a search over pairs left out of order would miss some.
        let keyed = try unsorted.withUnsafeBytes { raw throws(PayloadError) in try PayloadCodec.decodeKeyedValues(raw) }
        #expect(expected.keys.sorted().map { keyed.value(forKey: $0) } == [.bool(true), .integer(1), .bool(false)])
        // "b", "a", "b": the repeat is not next to the first, and is reported at its offset.
        let repeated: [UInt8] = [1, 3] + key("b") + [1] + key("a") + [1] + key("b") + [0]
        #expect(Self.bothReadings(repeated).sorted == .failure(PayloadError(offset: 8, reason: #"key "b" appears twice"#)))
        #expect(Self.bothReadings(repeated).table == Self.bothReadings(repeated).sorted)
    }

    /// A coder looks keys up in sorted pairs as a table would: canonically equivalent spellings
    /// are one key (as `String` compares them), and absent keys are absent.
    @Test func sortedPairsFindWhatATableFinds() throws {
        let values: [String: CodedValue] = Self.sample.merging(["é": .integer(1), "Z": .integer(2), "key 10": .integer(3)]) { $1 }
        let encoded = [UInt8](PayloadCodec.encode(values))
        let keyed = try encoded.withUnsafeBytes { raw throws(PayloadError) in try PayloadCodec.decodeKeyedValues(raw) }
        let probes = Array(values.keys) + ["e\u{301}", "", "zzz", "key 9", "A", "flag ", "a long key of more than fifteen bytes"]
        for probe in probes {
            #expect(keyed.value(forKey: probe) == values[probe], "\(probe.debugDescription)")
        }
        #expect(keyed.value(forKey: "e\u{301}") == .integer(1))
        #expect(keyed.count == values.count)
        #expect(keyed.sortedPairs.map(\.key) == values.keys.sorted())
        // Equal to, and hashing as, the same values held as a table.
        #expect(keyed == KeyedValues(values))
        #expect(keyed.hashValue == KeyedValues(values).hashValue)
        #expect(keyed != KeyedValues(values.merging(["Z": .integer(9)]) { $1 }))
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
            #expect(Self.bothReadings(bytes).sorted == Self.bothReadings(bytes).table, "\(reason)")
        }
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

/// One `ShortStrings` and how many strings its lookups made: each made string is checked as a
/// reader checks it (bytes that are not UTF-8 fail).
private final class CountedStrings {
    let strings = ShortStrings()
    private(set) var made = 0

    /// `text` through `lookup`, which is handed the bytes and the function that makes a string.
    func string(_ text: [UInt8],
                _ lookup: (UnsafeRawBufferPointer, (UnsafeRawBufferPointer) throws(PayloadError) -> String) throws(PayloadError) -> String)
        throws(PayloadError) -> String {
        let result = text.withUnsafeBytes { raw in
            Result { () throws(PayloadError) in
                try lookup(raw) { bytes throws(PayloadError) in
                    self.made += 1
                    guard let valid = String(validating: Array(bytes), as: UTF8.self) else {
                        throw PayloadError(offset: 0, reason: "not UTF-8")
                    }
                    return valid
                }
            }
        }
        return try result.get()
    }
}
