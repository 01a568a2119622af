import Foundation

/// ISO 8601 timestamps in UTC with milliseconds, as every date in the database is written
/// (`2026-11-22T10:53:14.123Z`).
///
/// Written and read by hand for the years 1600 to 9999, with Foundation's ISO 8601 style for
/// anything else (Foundation counts earlier dates in the Julian calendar). Foundation's took 10
/// to 50 µs a timestamp, which a save writes once, a restore twice (its crash mark) and a
/// listing reads once per snapshot: a tenth of an incremental save of 1,000 controllers; and
/// its first use loads ICU's data, about 5 MB. The form is Foundation's, with the millisecond
/// nearest the date: a `Date` read from a timestamp is a `Double` a hair below or above it, and
/// truncating would print `.995Z` as `.994Z`. So text read and written again is unchanged.
///
/// ```swift
/// let text = Timestamp.string(from: summary.metadata.createdAt)   // "2026-11-22T10:53:14.995Z"
/// ```
public enum Timestamp {
    /// `date` as `yyyy-MM-ddTHH:mm:ss.SSSZ` in UTC, to the nearest millisecond.
    public static func string(from date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let totalMilliseconds = (interval * 1000).rounded()
        // Beyond about ±9,500 years the calendar arithmetic below is not meant to go.
        guard interval.isFinite, abs(totalMilliseconds) < 3e14 else { return foundationString(from: date) }
        let exact = Int(totalMilliseconds)
        let whole = exact >= 0 ? exact / 1000 : (exact - 999) / 1000
        let milliseconds = exact - whole * 1000
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        guard (1600...9999).contains(year) else { return foundationString(from: date) }
        var text = ""
        text.reserveCapacity(24)
        append(year, digits: 4, to: &text)
        text.append("-")
        append(month, digits: 2, to: &text)
        text.append("-")
        append(day, digits: 2, to: &text)
        text.append("T")
        append(secondOfDay / 3600, digits: 2, to: &text)
        text.append(":")
        append(secondOfDay / 60 % 60, digits: 2, to: &text)
        text.append(":")
        append(secondOfDay % 60, digits: 2, to: &text)
        text.append(".")
        append(milliseconds, digits: 3, to: &text)
        text.append("Z")
        return text
    }

    static func now() -> String { string(from: Date()) }

    /// The date `string` names: the form ``string(from:)`` writes, read by hand, or whatever
    /// Foundation's ISO 8601 style with fractional seconds reads (earlier dates among them).
    public static func date(from string: String) -> Date? {
        if let date = parseWritten(string) { return date }
        return try? Date(string, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true))
    }

    // MARK: - The written form

    /// `YYYY-MM-DDTHH:MM:SS.sssZ` exactly, with a valid date and time from 1600 on; else `nil`.
    static func parseWritten(_ string: String) -> Date? {
        var string = string
        return string.withUTF8 { bytes -> Date? in
            guard bytes.count == 24, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                  bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                  bytes[19] == UInt8(ascii: "."), bytes[23] == UInt8(ascii: "Z") else { return nil }
            func number(_ start: Int, _ count: Int) -> Int? {
                var value = 0
                for index in start..<(start + count) {
                    let digit = Int(bytes[index]) - 48
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                  let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                  let milliseconds = number(20, 3),
                  year >= 1600, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
                  hour < 24, minute < 60, second < 60 else { return nil }
            let days = daysSince1970(year: year, month: month, day: day)
            let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second)
            return Date(timeIntervalSince1970: seconds + Double(milliseconds) / 1000)
        }
    }

    private static func foundationString(from date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
            .replacingOccurrences(of: "+0000", with: "Z")
    }

    private static func append(_ value: Int, digits: Int, to text: inout String) {
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            text.unicodeScalars.append(Unicode.Scalar(UInt8(48 + rest / divisor)))
            rest %= divisor
            divisor /= 10
        }
    }

    // MARK: - Gregorian calendar arithmetic (Howard Hinnant's `civil_from_days` and `days_from_civil`)

    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
