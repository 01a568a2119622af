import Foundation

/// The package's root folder, found from this file's path: Tests/DocumentationTests/PackageRoot.swift.
enum PackageRoot {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
