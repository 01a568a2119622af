import ControllerKit
import Foundation
@_spi(Restoration) @testable import StateRestoration
import Testing
import TestSupport

/// A restore looks each record's class up as it reaches it: a name registered again while it
/// runs (by a controller's `init?(coder:)`) makes the records after it with the new class, even
/// though consecutive records of one class share one lookup.
@MainActor
@Suite struct RegistryDuringRestoreTests {
    @Test func aNameRegisteredAgainMidRestoreMakesTheRecordsAfterItWithTheNewClass() throws {
        let directory = TemporaryDirectory()
        defer { _ = directory }
        let registry = RestorationRegistry()
        registry.register(Reregistering.self, as: "Shared")
        let store = try RestorationStore(path: directory.path())
        let window = Window(application: Application())
        let members = ["a", "b", "c"].map { name in
            let controller = Reregistering()
            controller.restorationIdentifier = name
            return controller as ViewController
        }
        window.rootViewController = Make.tabs("tabs", members)
        _ = try store.save(windows: [window], registry: registry)

        Reregistering.registryToChange = registry
        defer { Reregistering.registryToChange = nil }
        let restored = Window(application: Application())
        let report = try store.restore(into: restored, registry: registry)
        #expect(report.dropped.isEmpty)
        let made = ((restored.rootViewController as? TabBarController)?.viewControllers ?? []).map { String(describing: type(of: $0)) }
        #expect(made == ["Reregistering", "Replacement", "Replacement"])
    }
}

/// Registers ``Replacement`` under its own saved name the first time one is restored.
final class Reregistering: ViewController {
    @MainActor static var registryToChange: RestorationRegistry?

    init() { super.init(nibName: nil, bundle: nil) }

    required init?(coder: Coder) {
        super.init(coder: coder)
        if let registry = Self.registryToChange {
            Self.registryToChange = nil
            registry.register(Replacement.self, as: "Shared")
        }
    }
}

final class Replacement: ViewController {
    init() { super.init(nibName: nil, bundle: nil) }
    required init?(coder: Coder) { super.init(coder: coder) }
}
