import Foundation

/// Strings of up to 15 UTF-8 bytes that payloads (and rows' repeated names) held, kept to be
/// handed out again for the same bytes: payloads of one class repeat their keys (and often short
/// values), and checking the bytes and making a `String` of them took about 400 instructions a
/// key (callgrind), where finding the bytes here takes a few dozen. For one thread: a restore's
/// reader makes one per batch of rows it parses.
///
/// Longer strings that repeat (keys, class names; ``repeated(_:making:)``) are kept too, in a
/// table of their own: each one made was also an allocation, freed on another thread later.
///
/// Direct-mapped: each length and bytes go to one slot, and a miss replaces what was there, so
/// it never grows. Only bytes that were checked and made into a string are remembered, so a hit
/// skips no check a miss would make.
final class ShortStrings {
    /// The longest string remembered: Swift stores up to 15 UTF-8 bytes inline, so a remembered
    /// string costs no allocation to hand out, and its bytes fit two machine words.
    static let maximumLength = 15

    private struct Slot {
        /// The bytes, little-endian, then the length in the top byte of `high`; zero for empty.
        var low: UInt64 = 0
        var high: UInt64 = 0
        var string: String?
    }

    private static let slotCount = 256
    private let slots: UnsafeMutableBufferPointer<Slot>

    /// The longest string ``repeated(_:making:)`` remembers.
    static let maximumRepeatedLength = 64
    private static let longSlotCount = 32
    /// Longer strings, by a hash of their bytes: each checked against the bytes before it is
    /// handed out.
    private let longSlots: UnsafeMutableBufferPointer<(hash: UInt64, string: String?)>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot())
        longSlots = .allocate(capacity: Self.longSlotCount)
        longSlots.initialize(repeating: (0, nil))
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
        _ = longSlots.deinitialize()
        longSlots.deallocate()
    }

    /// The string remembered for `bytes`, more than ``maximumLength`` of them, if they are what
    /// it holds, or `make`'s, remembered for next time: for strings that repeat (keys, class
    /// names), where one that does not costs a hash and a slot on top of `make`.
    func repeated(_ bytes: UnsafeRawBufferPointer,
                  making make: (UnsafeRawBufferPointer) throws(PayloadError) -> String) throws(PayloadError) -> String {
        let (slot, hash, known) = remembered(bytes)
        if let known { return known }
        let made = try make(bytes)
        if let slot { longSlots[slot] = (hash, made) }
        return made
    }

    /// The text of `bytes`, remembered as ``string(for:making:)`` or ``repeated(_:making:)``
    /// remembers it by its length; bytes that are not UTF-8 are repaired, as
    /// `String(decoding:as:)` repairs them. For the texts rows repeat: class names, and the
    /// relation and appearance names, which cost a string made and checked each otherwise.
    func repeatedText(_ bytes: UnsafeRawBufferPointer) -> String {
        let text = { (bytes: UnsafeRawBufferPointer) in String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self) }
        if bytes.count <= Self.maximumLength {
            let (slot, words, known) = rememberedShort(bytes)
            if let known { return known }
            let made = text(bytes)
            // Remembered only when the bytes are UTF-8: a short slot answers for the bytes it
            // was filled from, and a repaired text there would let ``string(for:making:)`` skip
            // its check of the same bytes in a payload. (A long slot is matched against the
            // string's own bytes, which a repaired text never equals.)
            if UTF8Validation.isValid(bytes.assumingMemoryBound(to: UInt8.self)) {
                slots[slot] = Slot(low: words.low, high: words.high, string: made)
            }
            return made
        }
        let (slot, hash, known) = remembered(bytes)
        if let known { return known }
        let made = text(bytes)
        if let slot { longSlots[slot] = (hash, made) }
        return made
    }

    /// The slot for `bytes` and their hash (no slot when they are too long to remember), and
    /// the string remembered for exactly these bytes.
    @inline(__always)
    private func remembered(_ bytes: UnsafeRawBufferPointer) -> (slot: Int?, hash: UInt64, known: String?) {
        guard bytes.count <= Self.maximumRepeatedLength else { return (nil, 0, nil) }
        // FNV-1a over eight bytes at a time: a slot's hash, not a checksum.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            offset += 8
        }
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3
            offset += 1
        }
        let slot = Int(truncatingIfNeeded: hash >> 58) & (Self.longSlotCount - 1)
        guard longSlots[slot].hash == hash, var known = longSlots[slot].string else { return (slot, hash, nil) }
        let same = known.withUTF8 { utf8 in
            guard utf8.count == bytes.count, let stored = utf8.baseAddress, let given = bytes.baseAddress else { return false }
            return memcmp(stored, given, bytes.count) == 0
        }
        return (slot, hash, same ? known : nil)
    }

    /// The string remembered for `bytes` (at most ``maximumLength`` of them), or `make`'s,
    /// remembered for next time. `make` checks the bytes; what it throws is passed on.
    func string(for bytes: UnsafeRawBufferPointer,
                making make: (UnsafeRawBufferPointer) throws(PayloadError) -> String) throws(PayloadError) -> String {
        guard bytes.count <= Self.maximumLength else { return try make(bytes) }
        let (slot, words, known) = rememberedShort(bytes)
        if let known { return known }
        let made = try make(bytes)
        slots[slot] = Slot(low: words.low, high: words.high, string: made)
        return made
    }

    /// The slot for `bytes` (at most ``maximumLength`` of them), their words as a slot keeps
    /// them, and the string remembered for exactly these bytes.
    @inline(__always)
    private func rememberedShort(_ bytes: UnsafeRawBufferPointer) -> (slot: Int, words: (low: UInt64, high: UInt64), known: String?) {
        var words: (low: UInt64, high: UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: bytes) }
        words.high |= UInt64(bytes.count) << 56
        let mixed = (words.low &* 0x9E37_79B9_7F4A_7C15) ^ (words.high &* 0xC2B2_AE3D_27D4_EB4F)
        let slot = Int(truncatingIfNeeded: mixed >> 56) & (Self.slotCount - 1)
        guard slots[slot].low == words.low, slots[slot].high == words.high, let known = slots[slot].string else {
            return (slot, words, nil)
        }
        return (slot, words, known)
    }
}
