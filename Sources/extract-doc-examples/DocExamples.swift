import Foundation

/// What one markdown file's ```swift blocks hold, split into the parts the generated file
/// places differently: imports at file scope, declarations in the doc's namespace, statements
/// (of all blocks, in order) in its `runExamples(stateFile:)`, manifests in a check of their own.
struct DocExamples {
    /// The markdown file, relative to the package root.
    let relativePath: String
    private(set) var blockCount = 0
    private(set) var imports: [SourceLine] = []
    private(set) var declarations: [[SourceLine]] = []
    private(set) var statements: [[SourceLine]] = []
    private(set) var manifests: [SwiftBlock] = []
    /// Whether a statement awaits: `runExamples` is then `async`. It is not otherwise, because in
    /// an async function a call such as `store.save(…)` would pick the `async` overload and need
    /// an `await` the example does not have.
    private(set) var statementsAwait = false
    /// The opening fence of the first block that is not a manifest (else of the first block): where
    /// the doc's test says it is, so that an error it throws points at the doc.
    private(set) var firstFenceLine = 1

    init(relativePath: String, markdown: String) throws(ExtractionError) {
        self.relativePath = relativePath
        let blocks = try MarkdownFences.swiftBlocks(in: markdown, file: relativePath)
        firstFenceLine = (blocks.first { !$0.isPackageManifest } ?? blocks.first)?.fenceLine ?? 1
        for block in blocks {
            blockCount += 1
            if block.isPackageManifest {
                manifests.append(block)
            } else {
                try add(block)
            }
        }
    }

    /// Whether `group`, an import, is already among the imports (blanks aside).
    func importsModule(_ group: [SourceLine]) -> Bool {
        let text = group.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return imports.contains { $0.text.trimmingCharacters(in: .whitespaces) == text }
    }

    private mutating func add(_ block: SwiftBlock) throws(ExtractionError) {
        var scanner = BracketScanner()
        var group: [SourceLine] = []
        var firstCode = ""
        var groupAwaits = false
        // Blank, comment-only and attribute-only lines wait for the item they precede.
        var pending: [SourceLine] = []
        for line in block.lines {
            guard let code = scanner.scan(line.text) else {
                throw ExtractionError(file: relativePath, line: line.number, message: "a bracket closes here that was never opened")
            }
            if group.isEmpty { firstCode = code }
            group.append(line)
            groupAwaits = groupAwaits || ItemKind.words(of: code).contains("await")
            guard scanner.isBalanced else { continue }
            switch ItemKind(firstLineCode: firstCode) {
            case nil:
                pending += group
            case .import?:
                // Blocks of one doc often repeat an import; the file needs it once.
                if !importsModule(group) { imports += pending + group }
                pending = []
            case .declaration?:
                declarations.append(pending + group)
                pending = []
            case .statement?:
                statements.append(pending + group)
                statementsAwait = statementsAwait || groupAwaits
                pending = []
            }
            group = []
            groupAwaits = false
        }
        if let start = group.first {
            throw ExtractionError(file: relativePath, line: start.number,
                                  message: "cannot split this ```swift block (its fence is line \(block.fenceLine)): \(scanner.openDescription)")
        }
        // Trailing comments stay with the code they follow.
        if !pending.isEmpty { statements.append(pending) }
    }
}

/// How an item that begins at bracket depth 0 is placed in the generated file.
enum ItemKind {
    case `import`, declaration, statement

    private static let declarationKeywords: Set = ["class", "struct", "enum", "protocol", "extension", "func", "actor", "typealias"]
    private static let modifiers: Set = ["final", "private", "fileprivate", "internal", "public", "package", "open",
                                        "nonisolated", "indirect"]

    /// Classifies an item by its first line (strings blanked out); `nil` for a line of only
    /// comments, blanks or attributes, which belongs to the item after it.
    init?(firstLineCode code: String) {
        var rest = Substring(code).drop(while: \.isWhitespace)
        // Attributes (`@MainActor`, `@Test("…")`) and modifiers (`final`, `nonisolated(unsafe)`) come first.
        while true {
            if rest.first == "@" {
                rest = Self.dropArguments(rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
            } else if let word = Self.words(of: String(rest)).first, rest.hasPrefix(word), Self.modifiers.contains(String(word)) {
                rest = Self.dropArguments(rest.dropFirst(word.count))
            } else {
                break
            }
        }
        guard let keyword = Self.words(of: String(rest)).first else { return nil }
        if keyword == "import", rest.hasPrefix(keyword) {
            self = .import
        } else if Self.declarationKeywords.contains(String(keyword)), rest.hasPrefix(keyword) {
            self = .declaration
        } else {
            self = .statement
        }
    }

    /// `text` without a leading parenthesized argument list, and without the blanks after it.
    private static func dropArguments(_ text: Substring) -> Substring {
        var rest = text
        if rest.first == "(" {
            var depth = 0
            while let character = rest.first {
                rest = rest.dropFirst()
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
                if depth == 0 { break }
            }
        }
        return rest.drop(while: \.isWhitespace)
    }

    /// The identifiers and keywords of a line of code.
    static func words(of code: String) -> [Substring] {
        code.split { !($0.isLetter || $0.isNumber || $0 == "_") }
    }
}
