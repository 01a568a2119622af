import Foundation
import RestorationTesting
@testable import StateRestoration
import Testing

/// The writers' byte buffer: what goes in comes out in order, across growth, whatever the
/// source of the bytes.
@Suite struct ByteBufferTests {
    @Test func bytesAppendedInEveryWayComeOutInOrderAcrossGrowth() {
        var random = SeededRandomNumberGenerator(seed: 2026_11_25)
        var buffer = ByteBuffer(capacity: 1)
        var expected: [UInt8] = []
        for round in 0..<2_000 {
            let chunk = (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            switch round % 4 {
            case 0:
                for byte in chunk { buffer.append(byte) }
            case 1:
                chunk.withUnsafeBytes { buffer.append(contentsOf: $0) }
            case 2:
                buffer.append(contentsOf: Data(chunk))
            default:
                // Not contiguous: appended byte by byte.
                buffer.append(contentsOf: chunk.lazy.map { $0 })
            }
            expected += chunk
            #expect(buffer.count == expected.count)
        }
        // The first byte that differs, not the whole buffer: a failure stays readable.
        let written = buffer.array
        #expect(written.indices.first { written[$0] != expected[$0] } == nil)
        #expect(buffer.data == Data(expected))
    }

    @Test func emptiedBufferKeepsWorking() {
        var buffer = ByteBuffer(capacity: 4)
        for byte in UInt8(0)..<100 { buffer.append(byte) }
        buffer.removeAll()
        #expect(buffer.count == 0)
        #expect(buffer.array == [])
        buffer.append(7)
        buffer.reserveCapacity(1_000)
        [UInt8](repeating: 9, count: 3).withUnsafeBytes { buffer.append(contentsOf: $0) }
        #expect(buffer.array == [7, 9, 9, 9])
    }
}
