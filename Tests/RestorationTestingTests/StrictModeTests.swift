import ControllerKit
import Foundation
import RestorationTesting
import StateRestoration
import Testing

@MainActor
@Suite struct StrictModeTests {
    final class Unregistered: ViewController {}

    final class NotANumber: ViewController {
        override func encodeRestorableState(with coder: Coder) { coder.encode(Double.nan, forKey: "ratio") }
    }

    @Test func everyNavigationChangeIsCheckedAndEachFindingReportedOnce() {
        let app = Application()
        let registry = Registry.make()
        var heard: [StrictFinding] = []
        let strict = StrictRestorationMode(application: app, registry: registry) { heard.append($0) }
        let window = Window(application: app)
        let stack = NavigationController(rootViewController: Counter("list", count: 1))
        stack.restorationIdentifier = "stack"
        window.rootViewController = stack
        window.makeKeyAndVisible()
        #expect(heard.isEmpty)

        stack.pushViewController(ViewController(), animated: true)
        #expect(heard.map(\.kind) == [.noIdentifier])
        #expect(heard.first?.path == "/stack/<ViewController>")
        stack.popViewController(animated: true)

        let unregistered = Unregistered()
        unregistered.restorationIdentifier = "odd"
        stack.pushViewController(unregistered, animated: true)
        stack.popViewController(animated: true)
        let nan = NotANumber()
        nan.restorationIdentifier = "nan"
        stack.pushViewController(nan, animated: true)
        #expect(heard.map(\.kind) == [.noIdentifier, .unregisteredClass, .unregisteredClass, .valueDoesNotRoundTrip])
        #expect(heard.last?.description == #"[valueDoesNotRoundTrip] /stack/nan: the value under "ratio" (double) does not read back equal"#)
        #expect(strict.findings == heard)
        strict.stop()
        stack.popViewController(animated: true)
        #expect(heard.count == 4)
    }

    @Test func aCleanHierarchyHasNoFindings() {
        let window = Window(application: Application())
        let stack = NavigationController(rootViewController: Counter("list", count: 1))
        stack.restorationIdentifier = "stack"
        window.rootViewController = stack
        #expect(StrictRestorationMode.findings(in: window, registry: Registry.make()) == [])
    }
}
