import Foundation

/// Finds the citations a text makes and says which of them the repository cannot satisfy.
///
/// A citation names a markdown file by its path from the package root, optionally followed by
/// sections, several on one line (`docs/behaviour.md §4.5`, `docs/behaviour.md §4.4–4.5`), or
/// by a section's title in quotes (`docs/behaviour.md, "Saving"`). A section number on a line that names no file
/// refers to `defaultFile` (a document citing itself), and is an error where there is none.
struct Citations {
    /// A markdown file's headings.
    struct Document {
        /// The numbers of its numbered headings (`## 4. Restoring` is "4", `### 4.2 …` "4.2").
        var sections: Set<String> = []
        /// Every heading's title without its number.
        var titles: Set<String> = []
        /// Every heading's link anchor, as GitHub makes them.
        var anchors: Set<String> = []

        init(markdown: String) {
            var inFence = false
            for line in markdown.components(separatedBy: "\n") {
                if line.hasPrefix("```") { inFence.toggle() }
                guard !inFence, line.hasPrefix("#") else { continue }
                let heading = String(line.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)
                anchors.insert(Self.anchor(heading))
                if let match = heading.firstMatch(of: /^(\d+(?:\.\d+)*)\.?\s+(.+)$/) {
                    sections.insert(String(match.1))
                    titles.insert(String(match.2))
                } else {
                    titles.insert(heading)
                }
            }
        }

        /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
        static func anchor(_ heading: String) -> String {
            String(heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
        }
    }

    /// The repository's markdown file at a path from the package root, or `nil` when it has none.
    let document: (String) -> Document?

    /// Every citation of `line` that the repository cannot satisfy, described.
    func problems(in line: String, defaultFile: String? = nil) -> [String] {
        var problems: [String] = []
        var file = defaultFile
        let token = /((?:[\w-]+\/)*[\w.-]*\w\.md)\b(?!\.\.\.)|§(\d+(?:\.\d+)*)(?:[–-](\d+(?:\.\d+)*))?/
        for match in line.matches(of: token) {
            if let path = match.1 {
                // Part of a longer name or address (`…/docs/x.md`, `https://…`) is no citation.
                if match.range.lowerBound > line.startIndex,
                   let before = line[line.index(before: match.range.lowerBound)...].first,
                   before.isLetter || before.isNumber || "/.-_:".contains(before) { continue }
                file = String(path)
                guard let cited = document(String(path)) else {
                    problems.append("\(path) is not a file of the repository")
                    continue
                }
                let rest = line[match.range.upperBound...]
                if let title = rest.firstMatch(of: /^`?,\s*"([^"]+)"/), !cited.titles.contains(String(title.1)) {
                    problems.append("\(path) has no section \"\(title.1)\"")
                }
                continue
            }
            guard let file else {
                problems.append("§\(match.2 ?? "") names no file")
                continue
            }
            for number in [match.2, match.3].compactMap({ $0 }) where document(file)?.sections.contains(String(number)) != true {
                problems.append("\(file) has no §\(number)")
            }
        }
        return problems
    }
}
