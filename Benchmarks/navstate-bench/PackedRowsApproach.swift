@_spi(Restoration) import ControllerKit
import Foundation
@_spi(Restoration) import StateRestoration

/// What a schema of packed rows would allow: the floor's columns and payloads, 256 controllers
/// to a blob, one row per blob. Not navstate's design (it gives up a row per controller, which
/// SQL can query, check with foreign keys and share between snapshots one by one); run with
/// `--packed` to measure what navstate's schema costs per row.
@MainActor
final class PackedRowsApproach: Approach {
    let name = "sqlite-packed"
    private var path = ""
    private var database: Database?
    /// Controllers per row.
    static let rowsPerBlob = 256

    func prepare(in directory: URL) throws {
        path = directory.appendingPathComponent("packed.sqlite").path
        database = nil
        database = try FloorRows.openEmpty(at: path, creating: """
            CREATE TABLE IF NOT EXISTS packed_rows (
                snapshot_id INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
                chunk       INTEGER NOT NULL,
                data        BLOB    NOT NULL,
                PRIMARY KEY (snapshot_id, chunk)
            ) WITHOUT ROWID
            """)
    }

    func save(_ window: Window) throws -> Double {
        var blobs: [Data] = []
        var writer = PackedWriter()
        var count = 0
        let mainActor = milliseconds {
            FloorRows.walk(window) { row, payload in
                writer.append(row, payload: payload)
                count += 1
                if count % Self.rowsPerBlob == 0 { blobs.append(writer.take()) }
            }
        }
        if !writer.bytes.isEmpty { blobs.append(writer.take()) }
        guard let database else { return mainActor }
        try database.inTransaction {
            let snapshot = try FloorRows.insertSnapshot(into: database, controllerCount: count)
            let insert = try database.prepare("INSERT INTO packed_rows (snapshot_id, chunk, data) VALUES (?, ?, ?)")
            for (chunk, blob) in blobs.enumerated() {
                try insert.execute(inPlace: [.integer(snapshot), chunk.databaseValue, .blob(blob)])
            }
        }
        return mainActor
    }

    func restore() throws -> Window {
        let database = try Database(path: path, mode: .readOnly)
        var rows: [RestoredFloorRow] = []
        try database.prepare("SELECT data FROM packed_rows ORDER BY snapshot_id, chunk").forEachRow { row in
            try row.withBlob(at: 0) { bytes in
                var reader = PackedReader(bytes: bytes)
                while !reader.isAtEnd { rows.append(try reader.next()) }
            }
        }
        return FloorRows.build(rows)
    }
}

/// Appends rows as varints and length-prefixed bytes.
struct PackedWriter {
    var bytes: [UInt8] = []

    mutating func append(_ row: FloorRow, payload: Data) {
        varint(row.id)
        varint(row.parent.map { $0 + 1 } ?? 0)
        text(row.path)
        text(row.identifier)
        optionalText(row.title)
        text(row.className)
        text(row.relation)
        varint(row.position)
        optionalText(row.style)
        varint(row.selected ? 1 : 0)
        varint(payload.count)
        bytes.append(contentsOf: payload)
    }

    mutating func take() -> Data {
        defer { bytes.removeAll(keepingCapacity: true) }
        return Data(bytes)
    }

    private mutating func varint(_ value: Int) {
        var rest = UInt64(bitPattern: Int64(value))
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// The bytes after their length, plus `lengthBias`.
    private mutating func text(_ string: String, lengthBias: Int = 0) {
        var string = string
        string.withUTF8 { utf8 in
            varint(utf8.count + lengthBias)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Length plus one, so that 0 is nil.
    private mutating func optionalText(_ string: String?) {
        guard let string else { varint(0); return }
        text(string, lengthBias: 1)
    }
}

/// Reads back what `PackedWriter` wrote, refusing bytes that run past the blob.
struct PackedReader {
    struct Truncated: Error {}
    let bytes: UnsafeRawBufferPointer
    private var offset = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func next() throws -> RestoredFloorRow {
        let id = try varint()
        let parent = try varint()
        let path = try text(length: varint())
        let identifier = try text(length: varint())
        let title = try optionalText()
        let className = try text(length: varint())
        let relation = try text(length: varint())
        let position = try varint()
        let style = try optionalText()
        let selected = try varint() == 1
        let payload = try slice(varint())
        let row = FloorRow(id: id, parent: parent == 0 ? nil : parent - 1, path: path, identifier: identifier, title: title,
                           className: className, relation: relation, position: position, style: style, selected: selected)
        return RestoredFloorRow(row: row, values: try PayloadCodec.decodeKeyedValues(payload))
    }

    private mutating func varint() throws -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return Int(Int64(bitPattern: value)) }
            shift += 7
        }
        throw Truncated()
    }

    private mutating func slice(_ length: Int) throws -> UnsafeRawBufferPointer {
        guard length >= 0, length <= bytes.count - offset else { throw Truncated() }
        defer { offset += length }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)])
    }

    private mutating func text(length: Int) throws -> String {
        String(decoding: try slice(length), as: UTF8.self)
    }

    private mutating func optionalText() throws -> String? {
        let length = try varint()
        return length == 0 ? nil : try text(length: length - 1)
    }
}
