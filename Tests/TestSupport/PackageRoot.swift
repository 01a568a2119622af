import Foundation

/// Places in the package and its built products, found from this file's path so that tests work
/// from any working directory.
///
/// ```swift
/// let fixture = PackageRoot.file("Tests/Fixtures/cli.sqlite")
/// let helper = PackageRoot.builtProduct("navstate-test-helper")
/// ```
public enum PackageRoot {
    /// The package's root folder (this file is Tests/TestSupport/PackageRoot.swift).
    public static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The file or folder at `relativePath` inside the package.
    public static func file(_ relativePath: String) -> URL {
        url.appendingPathComponent(relativePath)
    }

    /// The executable product `name`: beside the test bundle, where `swift test` builds every
    /// product, else in the package's debug build folder.
    public static func builtProduct(_ name: String) -> URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return file(".build/debug/\(name)")
    }
}
