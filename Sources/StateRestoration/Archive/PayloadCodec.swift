/// Why a payload did not decode: the byte offset and what was wrong there.
public struct PayloadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the payload the problem starts.
    public let offset: Int
    /// What was found.
    public let reason: String

    public var description: String { "malformed payload at byte \(offset): \(reason)" }
}

/// The compact binary form of one controller's keyed values (the README's "Payload format").
///
/// `payload = version:u8 count:varint (key:string value)*`, keys sorted so that equal states give
/// equal bytes. A value is a tag byte and its body: `0`/`1` false/true, `2` integer (zig-zag
/// varint), `3` double (8 bytes little-endian), `4` float (4 bytes), `5` string (varint length,
/// UTF-8), `6` data (varint length, bytes), `7` date (double seconds since 1970), `8` array
/// (varint count, values), `9` dictionary (varint count, key/value pairs), `10` Codable JSON
/// (varint length, bytes), `11` object reference (varint id).
public enum PayloadCodec {
    /// The format version written in the first byte.
    public static let formatVersion: UInt8 = 1
    /// How deep arrays and dictionaries may nest before a payload is refused.
    public static let maximumNesting = 64

    enum Tag: UInt8 {
        case falseValue = 0, trueValue, integer, double, float, string, data, date, array, dictionary, codable, object
    }
}
