// swift-tools-version: 6.2
import Foundation
import PackageDescription

let package = Package(
    name: "navstate",
    products: [
        .library(name: "ControllerKit", targets: ["ControllerKit"]),
        .library(name: "StateRestoration", targets: ["StateRestoration"]),
        .library(name: "RestorationTesting", targets: ["RestorationTesting"]),
        .library(name: "UIKitCompatibility", targets: ["UIKitCompatibility"]),
        .executable(name: "navstate", targets: ["navstate"]),
    ],
    dependencies: [
        // The CLI's argument parsing; the library targets depend on the system SQLite only.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The system SQLite; the only thing the library targets link besides the Swift runtime.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The headless controller runtime. Depends on nothing.
        .target(name: "ControllerKit"),
        .target(name: "StateRestoration", dependencies: ["ControllerKit", "CSQLite"], plugins: ["EmbedMigrations"]),
        // Migrations/*.sql, embedded into StateRestoration at build time.
        .plugin(name: "EmbedMigrations", capability: .buildTool(), dependencies: ["embed-migrations"]),
        .executableTarget(name: "embed-migrations"),
        .target(name: "RestorationTesting", dependencies: ["ControllerKit", "StateRestoration"]),
        // UIKit's spellings (`UIViewController`, `NSCoder`, …) as aliases: `import UIKitCompatibility` for `import UIKit`.
        .target(name: "UIKitCompatibility", dependencies: ["ControllerKit", "StateRestoration"]),
        // The inspector's commands, a library so their rendering can be tested in-process.
        .target(name: "NavstateCLI", dependencies: [
            "ControllerKit", "StateRestoration", "MailSample",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "navstate", dependencies: ["NavstateCLI"]),
        // The sample mail app: shared by the demo, the fixtures, the tests and the benchmark.
        .target(name: "MailSample", dependencies: ["ControllerKit", "StateRestoration"]),
        // What several test targets share: the package's places, child processes, tampering, the trace notation.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ControllerKitTests", dependencies: ["ControllerKit", "RestorationTesting", "TestSupport"]),
        .testTarget(name: "NavstateTests", dependencies: ["NavstateCLI", "StateRestoration", "RestorationTesting", "TestSupport",
                                                         "navstate", "navstate-test-helper"],
                    exclude: ["Golden"]),
        .testTarget(name: "StateRestorationTests", dependencies: ["StateRestoration", "ControllerKit", "MailSample", "RestorationTesting",
                                                                 "TestSupport", "navstate-test-helper"]),
        // The benchmark: navstate against NSKeyedArchiver, JSON and the limit, the same work written with the
        // SQLite C API directly (release builds).
        .executableTarget(name: "navstate-bench", dependencies: ["StateRestoration", "ControllerKit", "MailSample", "CSQLite"],
                          path: "Benchmarks/navstate-bench"),
        // Child processes for the tests: restores that die part-way, saves killed mid-write.
        .executableTarget(name: "navstate-test-helper", dependencies: ["StateRestoration", "ControllerKit", "MailSample", "RestorationTesting"]),
        .testTarget(name: "ReliabilityTests", dependencies: ["RestorationTesting", "StateRestoration", "ControllerKit", "MailSample", "TestSupport",
                                                             "navstate-test-helper",
                                                             "navstate-template-app", "navstate-notes-app",
                                                             "navstate-storyboard-app", "navstate-split-app",
                                                             "navstate-scenes-app", "navstate-mixed-scenes-app"]),
        // An app in the shape of Xcode's iOS App template, UIKit code through UIKitCompatibility, run by `@main` in a
        // child process by the tests.
        .executableTarget(name: "navstate-template-app", dependencies: ["UIKitCompatibility"]),
        // The same, with NSCoding model classes and the older shouldSave/RestoreApplicationState pair, in Swift 5 mode
        // as most UIKit apps are.
        .executableTarget(name: "navstate-notes-app", dependencies: ["UIKitCompatibility"],
                          swiftSettings: [.swiftLanguageMode(.v5)]),
        // A master-detail app: a split its delegate places itself, a restoration class, an extended restoration.
        .executableTarget(name: "navstate-split-app", dependencies: ["UIKitCompatibility"]),
        // The same with a Main storyboard: its controllers come from registered storyboard scenes.
        .executableTarget(name: "navstate-storyboard-app", dependencies: ["UIKitCompatibility"]),
        // Apps in the shape of Xcode's template with scenes: two windows restored from their user activities, and
        // one whose controller hierarchy also comes back by itself, with an activity beside it.
        .executableTarget(name: "navstate-scenes-app", dependencies: ["UIKitCompatibility"]),
        .executableTarget(name: "navstate-mixed-scenes-app", dependencies: ["UIKitCompatibility"]),
        .testTarget(name: "RestorationTestingTests", dependencies: ["RestorationTesting", "StateRestoration", "ControllerKit", "MailSample",
                                                                   "TestSupport", "navstate-test-helper"]),
        // Every ```swift block of README.md and docs/*.md, compiled and run as a test of its doc.
        .plugin(name: "ExtractDocExamples", capability: .buildTool(), dependencies: ["extract-doc-examples"]),
        .executableTarget(name: "extract-doc-examples"),
        // UIKit code through UIKitCompatibility, by the survey's rows; one source folder built in both language modes
        // (Tests/UIKitConformanceSwift5Tests/Shared is a symlink to Tests/UIKitConformanceTests/Shared).
        .testTarget(name: "UIKitConformanceTests", dependencies: ["UIKitCompatibility"]),
        .testTarget(name: "UIKitConformanceSwift5Tests", dependencies: ["UIKitCompatibility"],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "DocumentationTests", dependencies: ["ControllerKit", "StateRestoration", "RestorationTesting", "MailSample",
                                                               "UIKitCompatibility", "TestSupport"],
                    plugins: ["ExtractDocExamples"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer harness exists only in fuzz builds: libFuzzer supplies its `main`, so an ordinary
// build could not link it. Scripts/fuzz.sh sets NAVSTATE_FUZZ; the flags go to the fuzzed modules
// only, not to the build tools (the migrations plugin's tool has a `main` of its own).
if ProcessInfo.processInfo.environment["NAVSTATE_FUZZ"] != nil {
    let fuzzed: Set = ["ControllerKit", "StateRestoration", "MailSample"]
    for target in package.targets where fuzzed.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=fuzzer"])]
    }
    package.targets.append(.executableTarget(
        name: "navstate-fuzz",
        dependencies: ["StateRestoration", "ControllerKit", "MailSample"],
        path: "Fuzz/Sources/navstate-fuzz",
        swiftSettings: [.unsafeFlags(["-parse-as-library", "-sanitize=fuzzer"])],
        linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]
    ))
}
