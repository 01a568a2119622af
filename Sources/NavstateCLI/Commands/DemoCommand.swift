import ArgumentParser
import Foundation

/// `navstate demo [--database PATH]`: the main job end to end on the sample mail app.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the whole job on the sample mail app: navigate, save, lose every object, restore, show.",
        discussion: """
            Examples:
              navstate demo
              navstate demo --database /tmp/demo.sqlite --color never
            """)

    @Option(name: .long, help: "The database to save into (created when missing).")
    var database = "navstate-demo.sqlite"

    @OptionGroup var color: ColorOption

    func run() throws {
        let style = color.style
        try reportingErrors {
            try MainActor.assumeIsolated { try DemoRunner(path: database, style: style).run() }
        }
    }
}
