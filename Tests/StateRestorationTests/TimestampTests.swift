import ControllerKit
import Foundation
import RestorationTesting
@testable import StateRestoration
import Testing
import TestSupport

/// The file's timestamps, written and read by SQLite's date functions.
@Suite struct TimestampTests {
    /// Edges of days, months, leap years, the epoch, negative times, milliseconds about to round
    /// and the range's end; then dates drawn from 1600 to 9999.
    private var dates: [Date] {
        var intervals: [TimeInterval] = [
            0, -0.0005, -1.5, 1.9996, 1.0005, 1.2345, 86_399.999, 86_400, 951_782_400, 951_868_800,  // 2000-02-29, 03-01
            4_107_456_000, 1_000_000_000.1234, 1_779_446_394.9999, 1_795_000_000.995, 253_402_300_799.999,
            -11_676_096_000, -11_676_096_000.5,  // around 1600
        ]
        var random = SeededRandomNumberGenerator(seed: 2026)
        for _ in 0..<2_000 {
            intervals.append(Double.random(in: -11_676_096_000...253_402_300_799, using: &random))
        }
        return intervals.map(Date.init(timeIntervalSince1970:))
    }

    /// The nearest millisecond, read back as that millisecond, written again unchanged (`.995Z`
    /// must not become `.994Z`), and printed the same by Foundation's ISO 8601 style, as the CLI
    /// prints it.
    @Test func writesTheNearestMillisecondAndReadsItBackUnchanged() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.path(), mode: .readWrite)
        let foundation = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let julianDay = try database.prepare("SELECT julianday(?)")
        var mismatches: [String] = []
        for date in dates {
            let text = try #require(try database.timestamp(date))
            julianDay.reset()
            try julianDay.bind([.text(text)])
            _ = try julianDay.step()
            let read = try #require(Database.date(julianDay: julianDay.value(at: 0)), "\(text)")
            // SQLite's arithmetic is exact to a few hundredths of a millisecond at year 9999.
            if abs(read.timeIntervalSince(date)) > 0.0005 + 1e-4 { mismatches.append("\(date.timeIntervalSince1970) as \(text)") }
            let again = try database.timestamp(read)
            if again != text { mismatches.append("\(text) read and written again is \(again ?? "nil")") }
            let middle = Date(timeIntervalSince1970: read.timeIntervalSince1970 + 0.0005)
            if middle.formatted(foundation) != text { mismatches.append("\(text), Foundation \(middle.formatted(foundation))") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func aDateBeyondTheYear9999HasNoTimestamp() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.path(), mode: .readWrite)
        #expect(try database.timestamp(Date(timeIntervalSince1970: 253_402_300_800)) == nil)  // year 10000
        #expect(Database.date(julianDay: .null) == nil)
    }

    /// A save stores its date as text `sqlite3` reads, and lists it to the millisecond.
    @MainActor @Test func aSnapshotsDateIsStoredAsTextAndListedToTheMillisecond() throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let window = Window()
        let note = ViewController(nibName: nil, bundle: nil)
        note.restorationIdentifier = "note"
        window.rootViewController = note
        window.makeKeyAndVisible()
        var draft = try store.capture(windows: [window], registry: RestorationRegistry())
        draft.metadata.createdAt = Date(timeIntervalSince1970: 1_795_000_000.995)
        #expect(try store.write(draft).didSave)
        try store.withDatabase { database in
            let statement = try database.prepare("SELECT created_at, typeof(created_at) FROM snapshot")
            _ = try statement.step()
            #expect(statement.text(at: 0) == "2026-11-18T11:06:40.995Z")
            #expect(statement.text(at: 1) == "text")
        }
        #expect(try store.snapshots().first?.metadata.createdAt == Date(timeIntervalSince1970: 1_795_000_000.995))

        draft.metadata.createdAt = Date(timeIntervalSince1970: 253_402_300_800)
        #expect(throws: StoreError.self) { try store.write(draft) }
        #expect(try store.snapshots().count == 1)
    }
}
