import Foundation
import Testing
import TestSupport

/// The check that extraction skipped nothing: the ```swift fences counted in the markdown files
/// now, at test time, must be the blocks the ExtractDocExamples plugin took from each, as its
/// generated code recorded them. A block that was not compiled fails here.
struct FenceCountTests {
    @Test func everySwiftBlockOfTheDocsWasExtracted() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: PackageRoot.url.appending(path: "docs").path)
            .filter { $0.hasSuffix(".md") }
            .map { "docs/\($0)" }
        var counted: [String: Int] = [:]
        for path in ["README.md"] + docs {
            let text = try String(contentsOf: PackageRoot.url.appending(path: path), encoding: .utf8)
            counted[path] = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { $0.drop { $0 == " " }.hasPrefix("```swift") }
                .count
        }
        #expect(counted == ExtractedDocExamples.swiftBlockCounts)
    }
}
