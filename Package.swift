// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "navstate",
    products: [
        .library(name: "ControllerKit", targets: ["ControllerKit"]),
        .library(name: "StateRestoration", targets: ["StateRestoration"]),
        .library(name: "RestorationTesting", targets: ["RestorationTesting"]),
        .executable(name: "navstate", targets: ["navstate"]),
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
        .target(name: "StateRestoration", dependencies: ["ControllerKit", "CSQLite"]),
        .target(name: "RestorationTesting", dependencies: ["ControllerKit", "StateRestoration"]),
        .executableTarget(name: "navstate", dependencies: ["ControllerKit", "StateRestoration"]),
        // The sample mail app: shared by the demo, the fixtures, the tests and the benchmark.
        .target(name: "MailSample", dependencies: ["ControllerKit", "StateRestoration"]),
        .testTarget(name: "ControllerKitTests", dependencies: ["ControllerKit"]),
        .testTarget(name: "StateRestorationTests", dependencies: ["StateRestoration", "ControllerKit", "MailSample", "navstate-test-helper"]),
        // Child processes for the tests: restores that die part-way, saves killed mid-write.
        .executableTarget(name: "navstate-test-helper", dependencies: ["StateRestoration", "ControllerKit", "MailSample"]),
    ],
    swiftLanguageModes: [.v6]
)
