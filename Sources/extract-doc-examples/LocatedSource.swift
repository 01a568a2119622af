import Foundation

/// Swift source that says where its lines come from: each run of markdown lines is preceded by
/// `#sourceLocation(file:line:)`, so compile errors and failed expectations point at the
/// markdown, and generated lines by `#sourceLocation()`, so they point at the generated file.
struct LocatedSource {
    /// The markdown file's absolute path, as the directives name it.
    let markdownPath: String
    private(set) var text = ""
    /// The markdown line that would continue the current run; `nil` outside a run.
    private var continuingLine: Int?

    init(markdownPath: String) {
        self.markdownPath = markdownPath
    }

    /// Appends markdown lines as they are written.
    mutating func append(_ lines: [SourceLine]) {
        for line in lines {
            if continuingLine != line.number {
                if continuingLine != nil { text += "#sourceLocation()\n" }
                text += "#sourceLocation(file: \(Self.literal(markdownPath)), line: \(line.number))\n"
            }
            text += line.text + "\n"
            continuingLine = line.number + 1
        }
    }

    /// Appends a generated line, located in the generated file.
    mutating func generated(_ line: String) {
        if continuingLine != nil {
            text += "#sourceLocation()\n"
            continuingLine = nil
        }
        text += line + "\n"
    }

    /// Appends a generated line that stands for markdown line `number` (a fence), and continues
    /// the run from there.
    mutating func generated(_ line: String, standingFor number: Int) {
        append([SourceLine(number: number, text: line)])
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
