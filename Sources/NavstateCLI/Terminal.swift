import ArgumentParser
import Foundation
import StateRestoration

/// Standard output, standard error and whether they are terminals.
enum Terminal {
    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes a line to standard error.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Fails the command with `message` on standard error and exit status 1.
    static func fail(_ message: String) -> ExitCode {
        error("navstate: \(message)")
        return ExitCode.failure
    }
}

/// ANSI styling, a no-op when disabled.
struct Style {
    let enabled: Bool

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func cyan(_ text: String) -> String { wrap(text, "36") }
}

/// A progress line on standard error, shown only on a terminal, for long work.
struct Progress {
    let label: String
    let total: Int
    private let enabled = Terminal.standardErrorIsTerminal
    private var lastShown = -1

    init(_ label: String, total: Int) {
        self.label = label
        self.total = total
    }

    mutating func update(_ done: Int) {
        guard enabled, total > 0 else { return }
        let percent = done * 100 / total
        guard percent != lastShown else { return }
        lastShown = percent
        FileHandle.standardError.write(Data("\r\(label): \(done)/\(total) (\(percent)%)".utf8))
    }

    func finish() {
        guard enabled, total > 0 else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

/// Runs a command body, turning the library's errors into one line on standard error that names
/// the file, and exit status 1; never a stack trace.
func reportingErrors<Result>(_ body: () throws -> Result) throws -> Result {
    do {
        return try body()
    } catch let exit as ExitCode {
        throw exit
    } catch let error as StoreError {
        throw Terminal.fail(error.description)
    } catch let error as DatabaseError {
        throw Terminal.fail(error.description)
    } catch let error as CleanExit {
        throw error
    } catch {
        throw Terminal.fail("\(error)")
    }
}

/// Opens a database for reading, with the checks every inspector command shares.
func openInspector(_ path: String) throws -> SnapshotInspector {
    let inspector = try reportingErrors { try SnapshotInspector(path: path) }
    if inspector.readsWithoutLocks {
        Terminal.error("navstate: note: \(path): its directory is read-only, so it is read without locks; a save by another process now would not be seen")
    }
    return inspector
}

/// Reads a snapshot and fails (status 1, after `render` printed what is sound) when any of its
/// rows is damaged, so bad rows never pass silently.
func withSnapshot(_ inspector: SnapshotInspector, id: Int64?, _ render: (LoadedSnapshot) throws -> Void) throws {
    let loaded = try reportingErrors { try inspector.loadSnapshot(id: id) }
    try render(loaded)
    guard loaded.problems.isEmpty else {
        for problem in loaded.problems {
            Terminal.error("navstate: \(inspector.path): snapshot \(loaded.snapshot.id): \(problem)")
        }
        throw ExitCode.failure
    }
}

/// The version of every `--json` shape; raised when a shape changes incompatibly.
let jsonFormatVersion = 1

/// Prints `value` as pretty, key-sorted JSON, marked with its `format` (such as
/// `navstate-list`) and ``jsonFormatVersion``.
func printJSON(_ value: [String: Any], format: String) throws {
    var marked = value
    marked["format"] = format
    marked["format_version"] = jsonFormatVersion
    let data = try JSONSerialization.data(withJSONObject: marked, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    print(String(decoding: data, as: UTF8.self))
}
