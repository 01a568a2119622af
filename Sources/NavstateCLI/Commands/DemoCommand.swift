import ArgumentParser
import Foundation

/// `navstate demo [--database PATH]`: the main job end to end on the sample mail app.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the whole job on the sample mail app: navigate, save, lose every object, restore, show.")

    @Option(name: .long, help: "The database to save into (created when missing).")
    var database = "navstate-demo.sqlite"

    @Flag(name: .customLong("no-color"), help: "Never colour the output.")
    var noColor = false

    func run() throws {
        let style = Style(enabled: !noColor && Terminal.standardOutputIsTerminal
                          && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
        try reportingErrors {
            try MainActor.assumeIsolated { try DemoRunner(path: database, style: style).run() }
        }
    }
}
