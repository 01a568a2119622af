import Foundation
import PackagePlugin

/// Embeds `Migrations/*.sql` into StateRestoration at build time: a built binary (the CLI, an
/// app) has the SQL without the source tree, and the `.sql` files stay its only copy.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Migrations")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [.buildCommand(displayName: "Embedding \(files.count) migrations",
                              executable: try context.tool(named: "embed-migrations").url,
                              arguments: [output.path] + files.map(\.path),
                              inputFiles: files, outputFiles: [output])]
    }
}
