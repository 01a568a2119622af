/// Strings of up to 15 UTF-8 bytes that payloads held, kept to be handed out again for the same
/// bytes: payloads of one class repeat their keys (and often short values), and checking the
/// bytes and making a `String` of them took about 400 instructions a key (callgrind), where
/// finding the bytes here takes a few dozen. For one thread: a restore's reader makes one per
/// batch of rows it parses.
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

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot())
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    /// The string remembered for `bytes` (at most ``maximumLength`` of them), or `make`'s,
    /// remembered for next time. `make` checks the bytes; what it throws is passed on.
    func string(for bytes: UnsafeRawBufferPointer,
                making make: (UnsafeRawBufferPointer) throws(PayloadError) -> String) throws(PayloadError) -> String {
        guard bytes.count <= Self.maximumLength else { return try make(bytes) }
        var words: (low: UInt64, high: UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: bytes) }
        let high = words.high | UInt64(bytes.count) << 56
        let mixed = (words.low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F)
        let slot = Int(truncatingIfNeeded: mixed >> 56) & (Self.slotCount - 1)
        if slots[slot].low == words.low, slots[slot].high == high, let known = slots[slot].string { return known }
        let made = try make(bytes)
        slots[slot] = Slot(low: words.low, high: high, string: made)
        return made
    }
}
