import Foundation

// The EmbedMigrations plugin's tool: `embed-migrations OUTPUT NNNN_name.sql...` writes OUTPUT,
// a Swift file that holds each migration's SQL as a string literal, in the order given.

@main
enum EmbedMigrationsTool {
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("embed-migrations: \(message)\n".utf8))
        exit(1)
    }

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let output = arguments.first else { fail("usage: embed-migrations OUTPUT FILE.sql...") }
        var entries = ""
        for path in arguments.dropFirst() {
            let fileName = URL(fileURLWithPath: path).lastPathComponent
            let stem = fileName.dropLast(".sql".count)
            guard fileName.hasSuffix(".sql"), stem.count > 5, let version = Int(stem.prefix(4)), stem.dropFirst(4).first == "_" else {
                fail("\(fileName): migration files are named NNNN_name.sql")
            }
            guard let sql = try? String(contentsOfFile: path, encoding: .utf8) else { fail("\(path): cannot read it as UTF-8") }
            guard !sql.contains("\"\"\""), !sql.contains("\\") else { fail("\(fileName): cannot embed triple quotes or backslashes") }
            // Indented to the literal's closing quotes, which the compiler strips again; blank lines stay.
            let lines = sql.split(separator: "\n", omittingEmptySubsequences: false)
            let body = lines.map { $0.allSatisfy(\.isWhitespace) ? String($0) : "        " + $0 }.joined(separator: "\n")
            entries += "        Migration(version: \(version), name: \"\(stem.dropFirst(5))\", fileName: \"\(fileName)\", sql: \"\"\"\n"
                + body + (sql.hasSuffix("\n") ? "\n" : "") + "        \"\"\"),\n"
        }
        let source = """
            // Generated at build time by the EmbedMigrations plugin from Migrations/*.sql.

            extension Migration {
                /// Every migration of `Migrations/`, in order.
                static let embedded: [Migration] = [
            \(entries)    ]
            }

            """
        do {
            try source.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            fail("cannot write \(output): \(error)")
        }
    }
}
