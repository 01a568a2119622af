/// Why a markdown file's examples could not be extracted, at a line of it: reported as a
/// compiler-style diagnostic (`path:line: error: message`) so the build log points at the doc.
struct ExtractionError: Error, CustomStringConvertible {
    /// The markdown file, as given on the command line.
    let file: String
    /// The 1-based line of the markdown file.
    let line: Int
    let message: String

    var description: String { "\(file):\(line): error: \(message)" }
}
