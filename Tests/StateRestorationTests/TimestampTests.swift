import Foundation
import RestorationTesting
@testable import StateRestoration
import Testing

/// The database's timestamps: written and read by hand, as Foundation's ISO 8601 style would.
@Suite struct TimestampTests {
    private func foundation(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
            .replacingOccurrences(of: "+0000", with: "Z")
    }

    private func foundationDate(_ text: String) -> Date? {
        try? Date(text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true))
    }

    /// Edges of days, months, leap years, the epoch, negative times, milliseconds about to
    /// round, the range's ends; then dates drawn from 1600 to 9999.
    private var dates: [Date] {
        var intervals: [TimeInterval] = [
            0, -0.0005, -1.5, 1.9996, 1.0005, 1.2345, 86_399.999, 86_400, 951_782_400, 951_868_800,  // 2000-02-29, 03-01
            4_107_456_000, 1_000_000_000.1234, 1_779_446_394.9999, 253_402_300_799.999,
            -11_676_096_000, -11_676_096_000.5, -12_212_553_600, -5_364_662_400,  // around 1600, 1800
        ]
        var random = SeededRandomNumberGenerator(seed: 2026)
        for _ in 0..<5_000 {
            intervals.append(Double.random(in: -11_676_096_000...253_402_300_799, using: &random))
        }
        return intervals.map(Date.init(timeIntervalSince1970:))
    }

    /// Foundation's form with the nearest millisecond; read back (by hand from 1600, by
    /// Foundation before) as Foundation reads it; and written again unchanged, which truncating
    /// broke (`.995Z` printed as `.994Z`, the Double read being a hair below).
    @Test func writesTheNearestMillisecondAndReadsItBackUnchanged() throws {
        var mismatches: [String] = []
        for date in dates {
            let text = Timestamp.string(from: date)
            let read = try #require(text < "1600" ? Timestamp.date(from: text) : Timestamp.parseWritten(text), "\(text)")
            let expected = try #require(foundationDate(text), "\(text)")
            // Doubles a quarter of a trillion seconds from 1970 round to about 2e-5 s.
            if abs(read.timeIntervalSince(expected)) > 1e-4 || abs(date.timeIntervalSince(read)) > 0.0005 + 1e-4 {
                mismatches.append("\(date.timeIntervalSince1970) as \(text), read as \(read.timeIntervalSince1970), Foundation \(expected.timeIntervalSince1970)")
            }
            if Timestamp.string(from: read) != text { mismatches.append("\(text) read and written again is \(Timestamp.string(from: read))") }
            // Foundation's form, character for character, on a date at its millisecond's middle.
            let middle = read.addingTimeInterval(0.0004)
            if text >= "1600", foundation(middle) != text { mismatches.append("\(text), Foundation \(foundation(middle))") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func aStoredMillisecondPrintsAsStored() {
        for text in ["2026-11-26T21:11:17.995Z", "2026-11-26T21:11:17.999Z", "1999-12-31T23:59:59.999Z", "1969-12-31T23:59:59.001Z"] {
            #expect(Timestamp.date(from: text).map(Timestamp.string(from:)) == text)
        }
    }

    @Test func outsideTheWrittenRangeFoundationsFormIsUsed() throws {
        let early = Date(timeIntervalSince1970: -62_135_596_800)  // year 1
        #expect(Timestamp.string(from: early) == foundation(early))
        let text = Timestamp.string(from: early)
        #expect(Timestamp.date(from: text) == foundationDate(text))
    }

    @Test(arguments: [
        "2026-02-29T10:00:00.000Z", "2024-13-01T10:00:00.000Z", "2024-00-10T10:00:00.000Z", "2024-04-31T10:00:00.000Z",
        "2024-04-30T24:00:00.000Z", "2024-04-30T23:60:00.000Z", "2024-04-30T23:59:60.000Z", "2024-04-30T23:59:59.0a0Z",
        "2024-04-30 23:59:59.000Z", "not a date", "", "2024-04-30T23:59:59.000", "2026-11-22T11:53:14.123+01:00",
        "2026-11-22T11:53:14.12Z", "1599-12-31T23:59:59.999Z",
    ])
    func otherTextReadsAsFoundationReadsIt(_ text: String) {
        #expect(Timestamp.parseWritten(text) == nil)
        #expect(Timestamp.date(from: text) == foundationDate(text))
    }
}
