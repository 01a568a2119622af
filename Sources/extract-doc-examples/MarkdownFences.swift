/// One line of a markdown file, with its 1-based line number.
struct SourceLine {
    let number: Int
    let text: String
}

/// A fenced code block whose info string is `swift`: its opening fence's line and its content.
struct SwiftBlock {
    let fenceLine: Int
    let lines: [SourceLine]

    /// A package manifest is not source of the library: it is checked as a Package.swift.
    var isPackageManifest: Bool {
        lines.first?.text.hasPrefix("// swift-tools-version") ?? false
    }
}

/// Finds the ```swift blocks of a markdown file, in order. Fences of other languages are
/// skipped whole, so a "```swift" line quoted inside one is not taken for an opening.
enum MarkdownFences {
    static func swiftBlocks(in text: String, file: String) throws(ExtractionError) -> [SwiftBlock] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            // A file saved with CRLF line ends reads as if saved with LF.
            .map { SourceLine(number: $0.offset + 1, text: String($0.element.hasSuffix("\r") ? $0.element.dropLast() : $0.element)) }
        var blocks: [SwiftBlock] = []
        var open: (line: SourceLine, fence: Substring, isSwift: Bool)?
        var content: [SourceLine] = []
        for line in lines {
            let trimmed = line.text.drop { $0 == " " }
            let fence = trimmed.prefix { $0 == "`" }
            if let current = open {
                // CommonMark: a closing fence is at least as long as the opening and has no info string.
                if fence.count >= current.fence.count, trimmed.dropFirst(fence.count).allSatisfy(\.isWhitespace) {
                    if current.isSwift { blocks.append(SwiftBlock(fenceLine: current.line.number, lines: content)) }
                    open = nil
                } else if current.isSwift {
                    content.append(line)
                }
            } else if fence.count >= 3 {
                let info = trimmed.dropFirst(fence.count).split(separator: " ").first ?? ""
                open = (line, fence, info == "swift")
                content = []
            }
        }
        if let current = open, current.isSwift {
            throw ExtractionError(file: file, line: current.line.number, message: "this ```swift block is never closed")
        }
        return blocks
    }
}
