import ArgumentParser

/// `navstate`: the inspector of saved navigation-state databases, and the demo.
///
/// Exit status: 0 success, 1 a problem found or bad input, 64 a usage error.
public struct Navstate: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "navstate",
        abstract: "Inspect databases of saved navigation state, and run the demo.",
        discussion: """
            Every inspector command opens the database read-only: it never creates a missing file
            and never changes the file. `migrate` and `prune` are the commands that write.
            Exit status: 0 success, 1 a problem found or bad input, 64 a usage error.
            """,
        version: "0.1.0",
        subcommands: [
            ListCommand.self, TreeCommand.self, ShowCommand.self, DiffCommand.self, VerifyCommand.self,
            ExportCommand.self, MigrateCommand.self, PruneCommand.self, ReplayCommand.self, DemoCommand.self,
        ]
    )

    public init() {}
}
