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
        // Copied into one buffer that outlives the decoding, as a load's state chunks do.
        let total = payloads.reduce(0) { $0 + ($1?.count ?? 0) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(total, 1), alignment: 8)
        defer { buffer.deallocate() }
        var offset = 0
        let pointers: [UnsafeRawBufferPointer?] = payloads.map { payload in
            guard let payload else { return nil }
            let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<(offset + payload.count)])
            payload.copyBytes(to: slice)
            offset += payload.count
            return UnsafeRawBufferPointer(slice)
        }
        return DeferredPayloads(pointers).finish()
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
}
