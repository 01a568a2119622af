import ArgumentParser
import Foundation

/// `navstate`: the inspector of saved navigation-state databases, and the demo.
///
/// Exit status: 0 success, 1 a problem found or bad input, 64 a usage error.
public struct Navstate: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "navstate",
        abstract: "Inspect databases of saved navigation state, and run the demo.",
        discussion: """
            Every inspector command opens the database read-only: it never creates a missing file
            and never changes the file. `migrate` and `prune` are the commands that change it;
            `copy` writes a new file.
            Exit status: 0 success, 1 a problem found or bad input, 64 a usage error.
            """,
        version: "0.1.0",
        subcommands: [
            ListCommand.self, SessionsCommand.self, TreeCommand.self, ShowCommand.self, DiffCommand.self, VerifyCommand.self,
            ExportCommand.self, CopyCommand.self, MigrateCommand.self, PruneCommand.self, ReplayCommand.self, DemoCommand.self,
        ]
    )

    public init() {}

    /// Runs the command line; a mistyped command gets the closest names instead of
    /// ArgumentParser's "unexpected arguments", with exit status 64.
    public static func mainSuggestingCommands(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        if let typed = arguments.first, !typed.hasPrefix("-"), !names.contains(typed) {
            let closest = Suggestions.closest(to: typed, in: names, limit: 1)
            Terminal.error("navstate: '\(typed)' is not a command" + (closest.first.map { "; did you mean '\($0)'?" } ?? "")
                           + "\nSee 'navstate --help' for the commands.")
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        main(arguments)
    }
}
