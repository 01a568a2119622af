@testable import StateRestoration
import Testing

/// The class versions a restore hands its coders: the last version noted for each name, whether
/// the name sat among the few recent ones or in the table behind them.
@Suite struct ClassVersionsTests {
    @Test func theLastVersionOfEachNameWinsAmongFewOrManyNames() {
        var versions = ClassVersions()
        // Twelve names, more than the recent ones kept, each noted twice with a later version,
        // and names of one length that differ only in their last byte.
        let names = (0..<12).map { "Class\($0 % 10)\($0 / 10)" }
        for (index, name) in names.enumerated() { versions.note(name, index) }
        for (index, name) in names.enumerated().reversed() { versions.note(name, 100 + index) }
        versions.note("Class00", 7)
        var expected = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.element, 100 + $0.offset) })
        expected["Class00"] = 7
        #expect(versions.finish() == expected)
    }

    @Test func noNamesGiveNoVersions() {
        #expect(ClassVersions().finish().isEmpty)
    }
}
