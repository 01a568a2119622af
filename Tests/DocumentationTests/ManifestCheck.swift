import Foundation
import Testing
import TestSupport

/// Checks a package manifest shown in the docs: written as Package.swift into a temporary
/// directory, it must evaluate with `swift package dump-package` (which compiles and runs the
/// manifest, and resolves nothing), and each `.product(name:package: "navstate")` it names must be
/// a library this package declares.
enum ManifestCheck {
    static func expectEvaluates(_ manifest: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "navstate-doc-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try manifest.write(to: directory.appending(path: "Package.swift"), atomically: true, encoding: .utf8)

        let swift = try #require(executableInPath("swift"), "no `swift` in PATH to evaluate the manifest with", sourceLocation: sourceLocation)
        let run = try ChildProcess.run(swift, ["package", "--package-path", directory.path, "dump-package"], in: directory)
        try #require(run.succeeded, "swift package dump-package failed (\(run.status)); line 1 of its Package.swift is the line after the fence:\n\(run.error)",
                     sourceLocation: sourceLocation)

        let dump = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], sourceLocation: sourceLocation)
        let ourLibraries = try librariesOfThisPackage()
        for product in productsNamed(in: dump, package: "navstate") {
            #expect(ourLibraries.contains(product), "the manifest uses product \(product), which navstate does not declare",
                    sourceLocation: sourceLocation)
        }
    }

    /// The `.product(name:package:)` dependencies of every target that name `package`.
    private static func productsNamed(in dump: [String: Any], package: String) -> [String] {
        let targets = dump["targets"] as? [[String: Any]] ?? []
        return targets.flatMap { target in
            (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
                // dump-package writes `.product(name: "X", package: "p")` as {"product": ["X", "p", …]}.
                guard let fields = dependency["product"] as? [Any], fields.count >= 2,
                      let name = fields[0] as? String, fields[1] as? String == package else { return nil }
                return name
            }
        }
    }

    /// The names of this package's `.library` products, read from its own Package.swift.
    private static func librariesOfThisPackage() throws -> Set<String> {
        let manifest = try String(contentsOf: PackageRoot.url.appending(path: "Package.swift"), encoding: .utf8)
        let pattern = try Regex(#"\.library\(name: "([^"]+)""#)
        return Set(manifest.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) })
    }

    private static func executableInPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appending(path: name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
