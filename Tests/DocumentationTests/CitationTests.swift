import Foundation
import Testing
import TestSupport

/// Tests and sources cite the rules they rely on by section (`docs/behaviour.md §4.5`); every
/// citation must name a file and a section the repository has, and every link between the docs
/// must reach a file and heading that exist, so a clone holds everything a test points to.
@Suite struct CitationTests {
    /// The markdown file at `path` from the package root.
    static func document(_ path: String) -> Citations.Document? {
        let url = PackageRoot.file(path)
        guard !path.hasPrefix("/"), let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return Citations.Document(markdown: text)
    }

    /// The paths, from the package root, of the files under `folders` whose names end in `suffix`.
    static func files(under folders: [String], endingIn suffix: String) -> [String] {
        folders.flatMap { folder -> [String] in
            let enumerator = FileManager.default.enumerator(atPath: PackageRoot.file(folder).path)
            return (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(suffix) }.map { "\(folder)/\($0)" }
        }.sorted()
    }

    @Test func everyCitationInTestsAndSourcesNamesASectionThatExists() throws {
        let citations = Citations(document: Self.document)
        let swiftFiles = Self.files(under: ["Sources", "Tests", "Benchmarks", "Plugins", "Fuzz"], endingIn: ".swift")
        #expect(swiftFiles.count > 100, "found only \(swiftFiles.count) Swift files: is the package root right?")
        var cited = 0
        for path in swiftFiles {
            let lines = try String(contentsOf: PackageRoot.file(path), encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                if line.contains("§") { cited += 1 }
                for problem in citations.problems(in: line) {
                    Issue.record("\(path):\(index + 1): \(problem)")
                }
            }
        }
        #expect(cited >= 20, "only \(cited) lines cite a section")
    }

    @Test func everyLinkAndSectionInTheDocsExists() throws {
        let docs = ["README.md"] + Self.files(under: ["docs"], endingIn: ".md")
        for path in docs {
            let folder = (path as NSString).deletingLastPathComponent
            // A doc names its neighbours by their file name.
            let citations = Citations { cited in
                Self.document(folder.isEmpty ? cited : "\(folder)/\(cited)") ?? Self.document(cited)
            }
            let lines = try String(contentsOf: PackageRoot.file(path), encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                for problem in citations.problems(in: line, defaultFile: (path as NSString).lastPathComponent) {
                    Issue.record("\(path):\(index + 1): \(problem)")
                }
                for link in line.matches(of: /\]\(([^)\s#:]*)(?:#([^)\s]+))?\)/) {
                    let target = link.1.isEmpty ? path : (folder.isEmpty ? String(link.1) : "\(folder)/\(link.1)")
                    let standardized = (target as NSString).standardizingPath
                    guard FileManager.default.fileExists(atPath: PackageRoot.file(standardized).path) else {
                        Issue.record("\(path):\(index + 1): the link to \(link.1) reaches no file")
                        continue
                    }
                    if let anchor = link.2, Self.document(standardized)?.anchors.contains(String(anchor)) != true {
                        Issue.record("\(path):\(index + 1): \(standardized) has no heading #\(anchor)")
                    }
                }
            }
        }
    }

    /// The check itself: each kind of broken citation is found, and sound ones pass. The broken
    /// ones spell `§` and `.md` as escapes, so that the scan of this file does not find them.
    @Test func brokenCitationsAreFound() {
        let behaviour = Citations.Document(markdown: "# T\n## 1. Lifecycle\n### 1.2 Appearance\n```\n## 9. Not a heading\n```\n## Saving\n")
        let citations = Citations { $0 == "docs/behaviour.md" ? behaviour : nil }
        #expect(citations.problems(in: "/// docs/behaviour.md §1.2 and §1, then `docs/behaviour.md`, \"Saving\"") == [])
        #expect(citations.problems(in: "/// `docs/behaviour.md` \u{A7}1.1–1.2") == ["docs/behaviour.md has no \u{A7}1.1"])
        #expect(citations.problems(in: "/// docs/behaviour.md \u{A7}9") == ["docs/behaviour.md has no \u{A7}9"])
        #expect(citations.problems(in: "/// `LIFECYCLE\u{2E}md` \u{A7}3") == ["LIFECYCLE\u{2E}md is not a file of the repository",
                                                                              "LIFECYCLE\u{2E}md has no \u{A7}3"])
        #expect(citations.problems(in: "// MARK: - \u{A7}3.1 Lookup") == ["\u{A7}3.1 names no file"])
        #expect(citations.problems(in: "/// (docs/behaviour.md, \"Restoring\")") == ["docs/behaviour.md has no section \"Restoring\""])
        #expect(citations.problems(in: "usage: tool FILE.md... and https://example.com/docs/x.md") == [])
        #expect(Citations.Document.anchor("2.3 Opting in, and the app's own keys") == "23-opting-in-and-the-apps-own-keys")
    }
}
