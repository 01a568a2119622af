import ArgumentParser
import Foundation

/// The database argument every inspector command takes first.
struct DatabaseArgument: ParsableArguments {
    @Argument(help: "The navstate database file.")
    var database: String
}

/// Which snapshot to read.
struct SnapshotOption: ParsableArguments {
    @Option(name: .long, help: "The snapshot id (default: the newest).")
    var snapshot: Int64?
}

/// How to print.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print machine-readable JSON.")
    var json = false

    @Flag(name: .customLong("no-color"), help: "Never colour the output.")
    var noColor = false

    /// The terminal styling to use: colour only on a terminal, never with --no-color or NO_COLOR.
    var style: Style {
        Style(enabled: !noColor && !json && Terminal.standardOutputIsTerminal
              && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
    }
}
