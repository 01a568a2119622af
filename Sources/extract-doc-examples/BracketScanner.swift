/// Follows Swift source line by line and says how deeply brackets are open at the end of each:
/// `(`, `[` and `{` outside string literals and comments. Enough of Swift's lexical rules to be
/// right about real examples: line and nested block comments, single-line, multi-line and raw
/// strings, and interpolations holding strings of their own.
struct BracketScanner {
    private enum Context {
        case blockComment
        case string(multiline: Bool, hashes: Int)
        /// Code inside `\( … )`, with the parentheses it has opened itself.
        case interpolation(parentheses: Int)
    }

    /// The brackets open outside strings and comments.
    private(set) var depth = 0
    /// Innermost last; empty in plain code.
    private var contexts: [Context] = []

    /// Whether the last line ended in plain code with no bracket open: where an item may end.
    var isBalanced: Bool { depth == 0 && contexts.isEmpty }

    /// A description of what is still open, for an error message.
    var openDescription: String {
        if contexts.contains(where: { if case .blockComment = $0 { true } else { false } }) { return "a /* comment is never closed" }
        if !contexts.isEmpty { return "a multi-line string is never closed" }
        return "\(depth) bracket\(depth == 1 ? " is" : "s are") never closed"
    }

    /// Scans one line. Returns the line's code with the contents of strings and comments
    /// replaced by spaces, or `nil` when a bracket closes that was never opened.
    mutating func scan(_ line: String) -> String? {
        let characters = Array(line)
        var code = ""
        var index = 0
        func next(_ text: String, at offset: Int = 0) -> Bool {
            let start = index + offset
            return start + text.count <= characters.count && String(characters[start..<start + text.count]) == text
        }
        func hashes(at start: Int) -> Int {
            var count = 0
            while start + count < characters.count, characters[start + count] == "#" { count += 1 }
            return count
        }
        while index < characters.count {
            let character = characters[index]
            switch contexts.last {
            case nil, .interpolation?:
                if next("//") {
                    index = characters.count
                    continue
                }
                if next("/*") {
                    contexts.append(.blockComment)
                    index += 2
                    continue
                }
                let leadingHashes = hashes(at: index)
                if characters.indices.contains(index + leadingHashes), characters[index + leadingHashes] == "\"" {
                    let multiline = next("\"\"\"", at: leadingHashes)
                    contexts.append(.string(multiline: multiline, hashes: leadingHashes))
                    index += leadingHashes + (multiline ? 3 : 1)
                    code += "\""
                    continue
                }
                if case .interpolation(let parentheses)? = contexts.last {
                    // Only parentheses matter here: they say where the interpolation ends.
                    if character == "(" { contexts[contexts.count - 1] = .interpolation(parentheses: parentheses + 1) }
                    if character == ")" {
                        if parentheses == 0 { contexts.removeLast() } else { contexts[contexts.count - 1] = .interpolation(parentheses: parentheses - 1) }
                    }
                } else if "([{".contains(character) {
                    depth += 1
                } else if ")]}".contains(character) {
                    depth -= 1
                    if depth < 0 { return nil }
                }
                code.append(character)
                index += 1
            case .blockComment?:
                if next("/*") {
                    contexts.append(.blockComment)
                    index += 2
                } else if next("*/") {
                    contexts.removeLast()
                    index += 2
                } else {
                    index += 1
                }
                code += " "
            case .string(let multiline, let stringHashes)?:
                let closing = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: stringHashes)
                let escape = "\\" + String(repeating: "#", count: stringHashes)
                if next(closing) {
                    contexts.removeLast()
                    index += closing.count
                    code += "\""
                } else if next(escape + "(") {
                    contexts.append(.interpolation(parentheses: 0))
                    index += escape.count + 1
                    code += " "
                } else if next(escape) {
                    index += escape.count + 1   // the escaped character cannot end the string
                    code += " "
                } else {
                    index += 1
                    code += " "
                }
            }
        }
        // Only comments and multi-line strings go on past the end of a line.
        while let last = contexts.last {
            if case .blockComment = last { break }
            if case .string(multiline: true, _) = last { break }
            contexts.removeLast()
        }
        return code
    }
}
