@_spi(Restoration) import ControllerKit
import Foundation
@testable import StateRestoration
import Testing

/// Payloads a load left undecoded come back index for index, across jobs, or not at all when
/// one does not decode (the load then reads the snapshot again, decoding as it goes).
@Suite struct DeferredPayloadsTests {
    /// 600 payloads, a few jobs' worth, every seventh index without one.
    private func payloads() -> [Data?] {
        (0..<600).map { $0 % 7 == 3 ? nil : PayloadCodec.encode(["n": .integer(Int64($0)), "text": .string("row \($0)")]) }
    }

    private func decode(_ payloads: [Data?]) -> [KeyedValues?]? {
        let bytes = Bytes(payloads)
        return DeferredPayloads(bytes.pointers).finish()
    }

    /// Payloads copied into one buffer that outlives the decoding, as a load's state chunks do.
    final class Bytes: @unchecked Sendable {
        private let buffer: UnsafeMutableRawBufferPointer
        private(set) var pointers: [UnsafeRawBufferPointer?] = []

        init(_ payloads: [Data?]) {
            let total = payloads.reduce(0) { $0 + ($1?.count ?? 0) }
            buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(total, 1), alignment: 8)
            var offset = 0
            pointers = payloads.map { payload in
                guard let payload else { return nil }
                let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<(offset + payload.count)])
                payload.copyBytes(to: slice)
                offset += payload.count
                return UnsafeRawBufferPointer(slice)
            }
        }

        deinit { buffer.deallocate() }
    }

    @Test func everyPayloadComesBackAtItsIndex() throws {
        let decoded = try #require(decode(payloads()))
        #expect(decoded.count == 600)
        for (index, values) in decoded.enumerated() {
            if index % 7 == 3 {
                #expect(values == nil)
            } else {
                #expect(values?.table == ["n": .integer(Int64(index)), "text": .string("row \(index)")], "at \(index)")
            }
        }
    }

    @Test func onePayloadThatDoesNotDecodeFailsThemAll() {
        var broken = payloads()
        broken[450] = Data([PayloadCodec.formatVersion, 0xFF])
        // The count only, should it fail: the values would fill the screen.
        #expect(decode(broken).map(\.count) == nil)
    }

    /// A restore's view of them: record by record, in another order than the payloads', each
    /// taken when asked (its batch decoded here or waited for); a broken one fails alone, and a
    /// record without a payload is told apart.
    @MainActor
    @Test func pendingPayloadsAnswerRecordByRecordAndFailAlone() {
        var payloads = payloads()
        payloads[450] = Data([PayloadCodec.formatVersion, 0xFF])
        let bytes = Bytes(payloads)
        // Records in reverse order of their payloads.
        let slots = Array((0..<600).reversed())
        let pending = PendingPayloads(UndecodedPayloads(decoding: DeferredPayloads(bytes.pointers, owner: bytes), slots: slots,
                                                        present: slots.map { payloads[$0] != nil }))
        for record in 0..<600 {
            let slot = slots[record]
            #expect(pending.hasPayload(record) == (slot % 7 != 3), "record \(record)")
            if slot == 450 {
                #expect(pending.failure(at: record) == .malformedPayload(PayloadError(offset: 2, reason: "truncated")))
                #expect(throws: CoderError.self) { try pending.keyedValues(at: record).get() }
            } else if slot % 7 != 3 {
                #expect(pending.failure(at: record) == nil)
                #expect((try? pending.keyedValues(at: record).get())?.table == ["n": .integer(Int64(slot)), "text": .string("row \(slot)")],
                        "record \(record)")
            }
        }
    }
}
