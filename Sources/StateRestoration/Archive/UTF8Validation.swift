/// Strict UTF-8 validation (the Unicode Standard's table 3-7): no overlong forms, no surrogates,
/// nothing above U+10FFFF, no truncated sequence.
enum UTF8Validation {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }  // empty
        var index = 0
        let count = bytes.count
        while index < count {
            // ASCII runs dominate keys and most values: eight bytes at a time.
            while index + 8 <= count,
                  UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { return true }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = bytes[index + 1]
            guard second >= lower, second <= upper else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
