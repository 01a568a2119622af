import Foundation

// The ExtractDocExamples plugin's tool: `extract-doc-examples OUTPUT_DIRECTORY PACKAGE_ROOT FILE.md...`
// (markdown paths relative to PACKAGE_ROOT) writes, into OUTPUT_DIRECTORY, one Swift file per
// markdown file holding its ```swift blocks, and ExtractedDocExamples.swift, the count of blocks
// taken from each. A block it cannot split fails the build, naming the file and line: an example
// is never skipped silently.

@main
enum ExtractDocExamplesTool {
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("extract-doc-examples: \(message)\n".utf8))
        exit(1)
    }

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 2 else { fail("usage: extract-doc-examples OUTPUT_DIRECTORY PACKAGE_ROOT FILE.md...") }
        let output = URL(fileURLWithPath: arguments[0])
        let root = URL(fileURLWithPath: arguments[1])
        let relativePaths = Array(arguments.dropFirst(2))
        // Every file is tried, so one build reports every broken block.
        var errors: [ExtractionError] = []
        for relativePath in relativePaths {
            let markdown = root.appending(path: relativePath)
            do throws(ExtractionError) {
                let text: String
                do {
                    text = try String(contentsOf: markdown, encoding: .utf8)
                } catch {
                    throw ExtractionError(file: relativePath, line: 1, message: "cannot read it as UTF-8: \(error)")
                }
                let examples = try DocExamples(relativePath: relativePath, markdown: text)
                write(try GeneratedFile.source(for: examples, absolutePath: markdown.path),
                      to: output.appending(path: GeneratedFile.swiftName(relativePath) + ".swift"))
            } catch {
                // Named by the absolute path, as compilers do, so the log links to the line.
                errors.append(ExtractionError(file: root.appending(path: error.file).path, line: error.line, message: error.message))
            }
        }
        guard errors.isEmpty else {
            // `path:line: error: message` alone on its line, as the build log expects diagnostics.
            FileHandle.standardError.write(Data(errors.map { "\($0)\n" }.joined().utf8))
            exit(1)
        }
        write(GeneratedFile.index(of: relativePaths), to: output.appending(path: "ExtractedDocExamples.swift"))
    }

    static func write(_ source: String, to file: URL) {
        do {
            try source.write(to: file, atomically: true, encoding: .utf8)
        } catch {
            fail("cannot write \(file.path): \(error)")
        }
    }
}
