@_spi(Restoration) @testable import ControllerKit
import Testing

/// A coder writes each controller's values after the last controller's, in blocks its logs share
/// (``WriteBlock``): every log taken still reads its own writes, and only them, however many
/// were written after it, moved to new blocks, or encoded in place.
@MainActor
@Suite struct SharedWriteBlockTests {
    struct Sort: Codable, Equatable, Sendable {
        var field: String
    }

    /// What controller `index` writes: a few values, a removal, and every seventh a long run of
    /// keys that does not fit in the block it starts in.
    private func write(_ index: Int, into coder: Coder) -> [String: CodedValue] {
        var expected: [String: CodedValue] = [:]
        coder.encode(index, forKey: "index")
        coder.encode("controller \(index)", forKey: "name")
        coder.encode(index * 2, forKey: "gone")
        coder.encode(nil as Int?, forKey: "gone")
        expected["index"] = .integer(Int64(index))
        expected["name"] = .string("controller \(index)")
        if index % 3 == 0 {
            coder.encodeEncodable(Sort(field: "field \(index)"), forKey: "sort")
            expected["sort"] = .dictionary(["field": .string("field \(index)")])
        }
        if index % 7 == 0 {
            for key in 0..<1_500 {
                coder.encode(key, forKey: "key \(key)")
                expected["key \(key)"] = .integer(Int64(key))
            }
        }
        return expected
    }

    @Test func everyTakenLogReadsItsOwnWritesOnly() {
        let coder = Coder(codingPath: ["root"])
        coder.defersSendableEncodings = true
        var logs: [KeyedWrites] = []
        var expected: [[String: CodedValue]] = []
        for index in 0..<300 {
            expected.append(write(index, into: coder))
            guard let taken = coder.takeUnreadWrites() else {
                Issue.record("nothing read the coder, so its writes are taken")
                return
            }
            logs.append(taken)
        }
        // Shared: a block for many controllers, not an array for each (every seventh log's
        // long run starts one of its own, which the logs after it share: 43 for these 300).
        let blocks = logs.compactMap(\.sharedBlock)
        #expect(blocks.count == logs.count)
        #expect(Set(blocks).count < logs.count / 5, "\(Set(blocks).count) blocks for \(logs.count) logs")
        for index in logs.indices {
            #expect(logs[index].table == expected[index], "log \(index)")
            #expect(logs[index].sortedValues.map(\.key) == expected[index].keys.sorted(), "log \(index)")
        }
        // Encoding one log's deferred values in place changes neither its neighbours nor a copy.
        let copy = logs[3]
        #expect(logs[3].runDeferredEncodings(path: ["root"]).isEmpty)
        #expect(!logs[3].hasDeferredEncodings)
        #expect(copy.hasDeferredEncodings)
        for index in 2...4 {
            #expect(logs[index].table == expected[index], "log \(index) after log 3 was encoded in place")
        }
        #expect(copy.table == expected[3])
    }

    @Test func aLogReadBackAndWrittenAgainKeepsEveryWrite() {
        let coder = Coder(codingPath: ["root"])
        _ = write(1, into: coder)
        _ = coder.takeUnreadWrites()
        // Read back: the writes become the coder's values, and later writes go on top.
        coder.encode(7, forKey: "index")
        #expect(coder.decodeInteger(forKey: "index") == 7)
        coder.encode("again", forKey: "name")
        #expect(coder.values == ["index": .integer(7), "name": .string("again")])
        #expect(coder.takeUnreadWrites() == nil, "read, so not taken")
    }
}
