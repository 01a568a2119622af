import Foundation
import PackagePlugin

/// Turns the ```swift blocks of README.md and docs/*.md into Swift source of the target it is
/// applied to (DocumentationTests): one file per markdown file, plus an index of how many blocks
/// each gave, so that a doc's examples are compiled and run by `swift test` as they stand.
@main
struct ExtractDocExamples: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        // Listed anew at every build, so a new page in docs/ is picked up without a manifest change.
        let docs = try FileManager.default.contentsOfDirectory(at: root.appending(path: "docs"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let relativePaths = ["README.md"] + docs.map { "docs/\($0.lastPathComponent)" }
        let markdown = relativePaths.map { root.appending(path: $0) }
        let outputDirectory = context.pluginWorkDirectoryURL
        // The tool names its outputs the same way: a path's non-alphanumerics become `_`.
        let outputs = ["ExtractedDocExamples"] + relativePaths.map(Self.swiftName)
        return [.buildCommand(displayName: "Extracting the Swift examples of \(markdown.count) markdown files",
                              executable: try context.tool(named: "extract-doc-examples").url,
                              arguments: [outputDirectory.path, root.path] + relativePaths,
                              inputFiles: markdown,
                              outputFiles: outputs.map { outputDirectory.appending(path: "\($0).swift") })]
    }

    /// `docs/testing.md` → `docs_testing_md`: the generated file's name and its namespace's.
    static func swiftName(_ relativePath: String) -> String {
        String(relativePath.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
