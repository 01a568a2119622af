@_spi(Restoration) import ControllerKit
import Foundation
import Testing

/// A coder that defers `Sendable` `Codable` values (a save's coder does) stores and reads them
/// as one that encodes at once, and reports the same errors, whenever they are encoded.
@MainActor
@Suite struct DeferredEncodingTests {
    struct Sort: Codable, Equatable, Sendable {
        var field: String
        var ascending: Bool
    }

    /// Throws from `encode(to:)`, as a value with invalid state might.
    struct Unencodable: Encodable, Sendable {
        struct Refused: Error, CustomStringConvertible {
            var description: String { "refused to encode" }
        }
        func encode(to encoder: any Encoder) throws { throw Refused() }
    }

    private func deferringCoder() -> Coder {
        let coder = Coder(codingPath: ["root", "list"])
        coder.defersSendableEncodings = true
        return coder
    }

    /// Writes of every kind in one order, with a failing value between a key's two good ones.
    private func write(into coder: Coder) {
        coder.encode(1, forKey: "count")
        coder.encodeEncodable(Sort(field: "date", ascending: false), forKey: "sort")
        coder.encodeEncodable(Unencodable(), forKey: "sort")
        coder.encodeEncodable(Unencodable(), forKey: "other")
        coder.encode(nil as Int?, forKey: "count")
        coder.encodeEncodable(Sort(field: "sender", ascending: true), forKey: "later")
        // A failure before a good write, and after a removal.
        coder.encodeEncodable(Unencodable(), forKey: "third")
        coder.encode(3, forKey: "third")
        coder.encode(5, forKey: "gone")
        coder.encode(nil as Int?, forKey: "gone")
        coder.encodeEncodable(Unencodable(), forKey: "gone")
    }

    @Test func aValueReadBackIsEncodedThenWithTheSameValuesAndErrorsAsAtOnce() {
        let now = Coder(codingPath: ["root", "list"])
        write(into: now)
        let later = deferringCoder()
        write(into: later)
        // Nothing encoded yet, so nothing failed yet.
        #expect(later.errors.isEmpty)
        #expect(later.decodeDecodable(Sort.self, forKey: "sort") == Sort(field: "date", ascending: false))
        #expect(later.values == now.values)
        #expect(later.values.keys.sorted() == ["later", "sort", "third"])
        #expect(later.errors == now.errors)
        #expect(later.errors.map(\.key) == ["sort", "other", "third", "gone"])
        #expect(later.errors.allSatisfy { $0.path == ["root", "list"] && "\($0)".contains("refused to encode") })
        // Named as a value that did not encode, not as a stored payload that does not decode.
        #expect(later.errors.allSatisfy {
            if case .valueDoesNotEncode = $0.kind { "\($0)".contains(": value does not encode: ") } else { false }
        })
    }

    /// The writes of a deferring coder nothing read, and a coder that encoded the same at once.
    private func takenWritesAndReference() -> (KeyedWrites, Coder)? {
        let coder = deferringCoder()
        write(into: coder)
        let reference = Coder(codingPath: ["root", "list"])
        write(into: reference)
        #expect(coder.errors.isEmpty)
        guard let writes = coder.takeUnreadWrites() else {
            Issue.record("nothing read the coder, so its writes are taken")
            return nil
        }
        return (writes, reference)
    }

    @Test func takenWritesEncodeWhereTheyAreRunAndLeaveOutWhatFailed() {
        guard case (var writes, let reference)? = takenWritesAndReference() else { return }
        #expect(writes.hasDeferredEncodings)
        // As the writer reads them: encoded on the way, the writes left as they are.
        var orders = KeyedWrites.SortOrders()
        var writerErrors: [CoderError] = []
        let sorted = writes.sortedValues(reusing: &orders, path: ["root", "list"], errors: &writerErrors)
        #expect(sorted.map(\.key) == ["later", "sort", "third"])
        #expect(sorted.map(\.value) == ["later", "sort", "third"].compactMap { reference.values[$0] })
        #expect(writerErrors == reference.errors)
        #expect(writes.hasDeferredEncodings)
        // Encoded in place.
        let errors = writes.runDeferredEncodings(path: ["root", "list"])
        #expect(!writes.hasDeferredEncodings)
        #expect(errors == reference.errors)
        #expect(writes.table == reference.values)
        #expect(writes.sortedValues.map(\.key) == ["later", "sort", "third"])
        // Encoded once: running again finds nothing left.
        #expect(writes.runDeferredEncodings(path: ["root", "list"]).isEmpty)
    }

    @Test func readersThatCannotReportStillSeeTheEncodedValues() {
        guard let (writes, reference) = takenWritesAndReference() else { return }
        #expect(writes.table == reference.values)
        #expect(writes.sortedValues.map(\.value) == ["later", "sort", "third"].compactMap { reference.values[$0] })
        // They read a copy: the writes still have their encodings to run, and to report.
        #expect(writes.hasDeferredEncodings)
    }

    @Test func aCoderThatDoesNotDeferEncodesSendableValuesAtOnce() {
        let coder = Coder(codingPath: ["root"])
        coder.encodeEncodable(Unencodable(), forKey: "bad")
        #expect(coder.errors.map(\.key) == ["bad"])
        coder.encodeEncodable(Sort(field: "date", ascending: true), forKey: "sort")
        #expect(coder.takeUnreadWrites()?.hasDeferredEncodings == false)
    }
}
