import Foundation

/// Bytes appended in place, for the payload and chunk writers. `[UInt8]`'s `append` called into
/// the standard library to check uniqueness and capacity for every byte, and copying a short
/// string's bytes went through its generic `append(contentsOf:)`: most of writing a payload
/// (callgrind). Not copyable, so nothing else can share the bytes it appends to; it frees them
/// when it ends.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    /// How many bytes were appended.
    private(set) var count = 0

    /// Empty, with room for `capacity` bytes.
    init(capacity: Int = 64) {
        self.capacity = Swift.max(capacity, 16)
        base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 1)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for `minimumCapacity` bytes in all.
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        if minimumCapacity > capacity { grow(to: minimumCapacity) }
    }

    private mutating func grow(to minimumCapacity: Int) {
        let newCapacity = Swift.max(minimumCapacity, capacity * 2)
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 1)
        grown.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// The bytes of `content`, in place when it keeps them together (arrays, `Data`).
    mutating func append(contentsOf content: some Collection<UInt8>) {
        let copied: Void? = content.withContiguousStorageIfAvailable { append(contentsOf: UnsafeRawBufferPointer($0)) }
        guard copied == nil else { return }
        reserveCapacity(count + content.count)
        for byte in content { append(byte) }
    }

    /// Forgets the bytes, keeping the room they took.
    mutating func removeAll() {
        count = 0
    }

    /// Calls `body` with the bytes appended, valid only during the call.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The bytes appended, copied out.
    var array: [UInt8] { withUnsafeBytes { Array($0) } }

    /// The bytes appended, copied into a `Data`.
    var data: Data { withUnsafeBytes { Data($0) } }
}
