import ArgumentParser
import Foundation

/// The database argument every inspector command takes first.
struct DatabaseArgument: ParsableArguments {
    @Argument(help: "The navstate database file.")
    var database: String

    func validate() throws {
        guard !database.isEmpty else { throw ValidationError("the database path is empty") }
    }
}

/// Which snapshot to read.
struct SnapshotOption: ParsableArguments {
    // Unconditional, so that `--snapshot -1` reaches `validate()` instead of reading as a flag.
    @Option(name: .long, parsing: .unconditional, help: "The snapshot id, as `navstate list` shows it (default: the newest).")
    var snapshot: Int64?

    func validate() throws {
        if let snapshot, snapshot < 1 {
            throw ValidationError("--snapshot \(snapshot): snapshot ids start at 1; `navstate list DB` shows them")
        }
    }
}

/// When to colour the output.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    /// Whether to colour standard output: `always` and `never` are obeyed; `auto` colours a
    /// terminal unless `NO_COLOR` is set to a non-empty value or `TERM` is `dumb`
    /// (https://no-color.org).
    func isEnabled(environment: [String: String] = ProcessInfo.processInfo.environment,
                   isTerminal: Bool = Terminal.standardOutputIsTerminal) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }
}

/// The `--color` option every printing command takes.
struct ColorOption: ParsableArguments {
    @Option(name: .long, help: "Colour the output: auto (on a terminal, unless NO_COLOR or TERM=dumb), always or never.")
    var color: ColorChoice = .auto

    var style: Style { Style(enabled: color.isEnabled()) }
}

/// How to print.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print machine-readable JSON (its shapes are in docs/cli.md).")
    var json = false

    @OptionGroup var color: ColorOption

    /// The terminal styling to use: never in JSON.
    var style: Style { json ? Style(enabled: false) : color.style }
}
