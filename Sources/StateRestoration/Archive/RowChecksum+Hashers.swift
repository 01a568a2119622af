/// A 64-bit hash that mixes bytes, words and byte runs: what ``RowChecksum`` runs over a row's
/// columns.
protocol RowHasher {
    init()
    mutating func mix(byte: UInt8)
    /// Eight bytes, little-endian.
    mutating func mix(word: UInt64)
    mutating func mix(_ bytes: UnsafeRawBufferPointer)
    var hash: UInt64 { get }
}

extension RowHasher {
    /// The hash so far of `columns`, as ``RowChecksum/of(_:kind:)`` mixes them: more may follow.
    init(mixing columns: [DatabaseValue]) {
        self.init()
        for column in columns { mix(column) }
    }

    /// One column: its storage class, then its bytes (length-prefixed for text and blobs).
    mutating func mix(_ value: DatabaseValue) {
        switch value {
        case .null:
            mix(byte: 0)
        case .integer(let number):
            mix(byte: 1)
            mix(word: UInt64(bitPattern: number))
        case .real(let number):
            mix(byte: 2)
            mix(word: number.bitPattern)
        case .text(var text):
            mix(byte: 3)
            text.withUTF8 { bytes in
                mix(word: UInt64(bytes.count))
                mix(UnsafeRawBufferPointer(bytes))
            }
        case .blob(let data):
            data.withUnsafeBytes { mix(blob: $0) }
        }
    }

    /// A blob column of `bytes`: the same as mixing `.blob` of them.
    mutating func mix(blob bytes: UnsafeRawBufferPointer) {
        mix(byte: 4)
        mix(word: UInt64(bytes.count))
        mix(bytes)
    }
}

extension RowChecksum {
    /// 64-bit FNV-1a, a byte a step. Each step waits on the multiply before it, about four
    /// cycles a byte however wide the machine: a word is eight steps.
    struct FNV1a: RowHasher {
        private(set) var hash: UInt64 = 0xCBF2_9CE4_8422_2325

        init() {}

        mutating func mix(byte: UInt8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }

        mutating func mix(word: UInt64) {
            var value = word
            for _ in 0..<8 {
                mix(byte: UInt8(truncatingIfNeeded: value))
                value >>= 8
            }
        }

        mutating func mix(_ bytes: UnsafeRawBufferPointer) {
            var value = hash
            for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            hash = value
        }
    }

    /// 64 bits, eight bytes a step: a step xors a word into the state, multiplies by an odd
    /// constant and folds the high half down. For a given word each step is a bijection of the
    /// state, so one changed word (or byte, or length) always changes the hash, as with FNV-1a;
    /// and a byte run's words alternate between two lanes, so their multiplies overlap. The
    /// finish mixes the lanes with MurmurHash3's finalizer. Checksums of version-2 chunks
    /// (``RowChunk``): about a tenth of FNV-1a's time on the rows of a snapshot (perf). Never
    /// change it: files carry its values.
    struct WordMix: RowHasher {
        private var lane0: UInt64 = 0x9E37_79B9_7F4A_7C15
        private var lane1: UInt64 = 0xD6E8_FEB8_6659_FD93

        init() {}

        @inline(__always)
        private static func step(_ state: UInt64, _ word: UInt64) -> UInt64 {
            let product = (state ^ word) &* 0xFF51_AFD7_ED55_8CCD
            return product ^ (product >> 32)
        }

        mutating func mix(byte: UInt8) {
            lane0 = Self.step(lane0, UInt64(byte))
        }

        mutating func mix(word: UInt64) {
            lane0 = Self.step(lane0, word)
        }

        mutating func mix(_ bytes: UnsafeRawBufferPointer) {
            var first = lane0, second = lane1
            var offset = 0
            let count = bytes.count
            while offset + 16 <= count {
                first = Self.step(first, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                second = Self.step(second, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
                offset += 16
            }
            if offset + 8 <= count {
                first = Self.step(first, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            if offset < count {
                // The last one to seven bytes, zero-padded: the length mixed before them tells
                // them from the same bytes with zeros after.
                var tail: UInt64 = 0
                withUnsafeMutableBytes(of: &tail) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset...])) }
                second = Self.step(second, UInt64(littleEndian: tail))
            }
            lane0 = first
            lane1 = second
        }

        var hash: UInt64 {
            var mixed = lane0 ^ (lane1 << 29 | lane1 >> 35)
            mixed ^= mixed >> 33
            mixed &*= 0xC4CE_B9FE_1A85_EC53
            mixed ^= mixed >> 33
            return mixed
        }
    }
}
