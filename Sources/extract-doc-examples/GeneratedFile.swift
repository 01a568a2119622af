import Foundation

/// The Swift files the tool writes into the plugin's work directory.
enum GeneratedFile {
    /// `docs/testing.md` → `docs_testing_md`: the file's name and its namespace's; the plugin
    /// names the outputs it declares the same way.
    static func swiftName(_ relativePath: String) -> String {
        String(relativePath.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The examples of one markdown file: imports at file scope, declarations nested in a struct
    /// named after the file (so two docs may declare the same name; a struct rather than a
    /// caseless enum because Swift Testing makes an instance to run a doc's own `@Test func`),
    /// statements in its `runExamples(stateFile:)`, and a test that runs them and checks the
    /// package manifests.
    static func source(for doc: DocExamples, absolutePath: String) throws(ExtractionError) -> String {
        let namespace = swiftName(doc.relativePath)
        var source = LocatedSource(markdownPath: absolutePath)
        source.generated("// Generated at build time by the ExtractDocExamples plugin from \(doc.relativePath): its ```swift")
        source.generated("// blocks, compiled and run as they stand. Edit the markdown, not this file.")
        source.generated("")
        source.append(doc.imports)
        // The test below needs Testing, whether or not the doc imports it.
        if doc.blockCount > 0, !doc.importsModule([SourceLine(number: 0, text: "import Testing")]) {
            source.generated("import Testing")
        }
        source.generated("")
        source.generated("/// The examples of \(doc.relativePath): its declarations, and its statements as one program.")
        source.generated("struct \(namespace) {")
        source.generated("    /// How many ```swift blocks were taken from \(doc.relativePath).")
        source.generated("    static let swiftBlockCount = \(doc.blockCount)")
        guard doc.blockCount > 0 else {
            source.generated("}")
            return source.text
        }
        for declaration in doc.declarations {
            source.append(declaration)
        }
        source.generated("")
        source.generated("    /// Every block's statements, in order; `stateFile` is the path of a fresh file.")
        source.generated("    @MainActor func runExamples(stateFile: String) \(doc.statementsAwait ? "async " : "")throws {")
        for statement in doc.statements {
            source.append(statement)
        }
        source.generated("    }")
        source.generated("}")
        source.generated("")
        // One line, standing for the doc's first fence, so that what the sandbox reports points at the doc.
        let run = "\(doc.statementsAwait ? "try await" : "try") \(namespace)().runExamples(stateFile: stateFile)"
        source.generated("@Test(\(LocatedSource.literal("\(doc.relativePath) examples run as written"))) @MainActor "
                         + "func \(namespace)_examplesRunAsWritten() async throws { try await ExampleSandbox.run { stateFile in \(run) }",
                         standingFor: doc.firstFenceLine)
        for manifest in doc.manifests {
            try appendCheck(of: manifest, in: doc, to: &source)
        }
        source.generated("}")
        source.generated("")
        return source.text
    }

    /// A package manifest goes into a raw string literal, checked by `ManifestCheck`; the call
    /// stands at the opening fence's line and the literal's lines at their own.
    private static func appendCheck(of manifest: SwiftBlock, in doc: DocExamples, to source: inout LocatedSource) throws(ExtractionError) {
        if let clash = manifest.lines.first(where: { $0.text.contains("\"\"\"##") || $0.text.contains("\\##") }) {
            throw ExtractionError(file: doc.relativePath, line: clash.number, message: "a manifest example cannot hold \"\"\"## or \\##")
        }
        source.generated("try ManifestCheck.expectEvaluates(##\"\"\"", standingFor: manifest.fenceLine)
        source.append(manifest.lines)
        source.generated("\"\"\"##)", standingFor: manifest.fenceLine + manifest.lines.count + 1)
    }

    /// The index: how many ```swift blocks each markdown file gave, by its path from the
    /// package root, for the test that counts the fences itself.
    static func index(of relativePaths: [String]) -> String {
        var lines = [
            "// Generated at build time by the ExtractDocExamples plugin.",
            "",
            "/// How many ```swift blocks the ExtractDocExamples plugin took from each markdown file, by its",
            "/// path from the package root.",
            "enum ExtractedDocExamples {",
            "    static let swiftBlockCounts: [String: Int] = [",
        ]
        lines += relativePaths.map { "        \(LocatedSource.literal($0)): \(swiftName($0)).swiftBlockCount," }
        lines += ["    ]", "}", ""]
        return lines.joined(separator: "\n")
    }
}
