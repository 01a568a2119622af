import Foundation

/// The file's timestamps, ISO 8601 in UTC to the millisecond (`2026-11-22T10:53:14.123Z`), are
/// written and read by SQLite's date functions, so `sqlite3` compares them as this library does.
extension Database {
    /// `date` as a timestamp; `nil` outside the years 0000 to 9999, which SQLite's dates cover.
    func timestamp(_ date: Date = Date()) throws(DatabaseError) -> String? {
        let statement = try cachedStatement("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', ?, 'unixepoch')")
        defer { statement.reset() }
        try statement.bind([.real(date.timeIntervalSince1970)])
        return try statement.step() ? statement.text(at: 0) : nil
    }

    /// The date of a timestamp, from the `julianday(…)` of its column; `nil` when SQLite read no
    /// date there. Whole milliseconds, so it is written again as the same text.
    static func date(julianDay: DatabaseValue) -> Date? {
        guard case .real(let days) = julianDay else { return nil }
        let milliseconds = ((days - 2_440_587.5) * 86_400_000).rounded()
        return Date(timeIntervalSince1970: milliseconds / 1000)
    }
}
