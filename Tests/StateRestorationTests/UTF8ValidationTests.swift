import RestorationTesting
@testable import StateRestoration
import Testing

/// The payload reader's own UTF-8 check must accept and refuse exactly what the standard
/// library's `String(validating:as:)` does.
@Suite struct UTF8ValidationTests {
    private func agrees(_ bytes: [UInt8]) -> Bool {
        let ours = bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
        return ours == (String(validating: bytes, as: UTF8.self) != nil)
    }

    @Test func boundaryCasesAgreeWithTheStandardLibrary() {
        let cases: [[UInt8]] = [
            [], Array("plain ascii, longer than eight bytes".utf8), Array("héllo 🌍 ✓".utf8),
            [0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xDF, 0xBF],            // overlong and smallest two-byte
            [0xE0, 0x9F, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80],  // overlong, surrogates
            [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
            [0x80], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x8C], [0xC3, 0x28], [0xE2, 0x28, 0xA1],
            Array("12345678".utf8) + [0xC3], Array("1234567".utf8) + [0xC3, 0xA9] + Array("abcdefgh".utf8),
        ]
        let disagreeing = cases.filter { !agrees($0) }
        #expect(disagreeing == [])
    }

    @Test func randomSequencesAgreeWithTheStandardLibrary() {
        var generator = SeededRandomNumberGenerator(seed: 0x5EED)
        // Bytes drawn mostly from lead and continuation ranges, where the rules are.
        let alphabet: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE1, 0xED,
                                 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF]
        var disagreeing: [[UInt8]] = []
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 12)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            if !agrees(bytes) { disagreeing.append(bytes) }
        }
        #expect(disagreeing.prefix(5) == [])
    }
}
