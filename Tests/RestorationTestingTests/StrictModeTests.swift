import ControllerKit
import Foundation
import MailSample
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

    /// A mode nobody holds a variable for keeps checking: the application holds it until
    /// `stop()`, and after `stop()` it is let go.
    @Test func aModeWithoutAVariableKeepsCheckingUntilStopped() {
        let app = Application()
        var heard: [StrictFinding] = []
        func start() -> StrictRestorationMode {
            StrictRestorationMode(application: app, registry: Registry.make()) { heard.append($0) }
        }
        weak let weakMode = start()
        let window = Window(application: app)
        window.rootViewController = ViewController()
        window.makeKeyAndVisible()
        #expect(heard.map(\.kind) == [.noIdentifier])
        weakMode?.stop()
        #expect(weakMode == nil)
    }

    @Test func aCleanHierarchyHasNoFindings() {
        let window = Window(application: Application())
        let stack = NavigationController(rootViewController: Counter("list", count: 1))
        stack.restorationIdentifier = "stack"
        window.rootViewController = stack
        #expect(StrictRestorationMode.findings(in: window, registry: Registry.make()) == [])
    }

    /// A value that never equals itself (NaN) is reported once as not reading back equal.
    @Test func aValueUnequalToItselfIsReportedOnce() {
        let app = Application()
        var heard: [StrictFinding] = []
        let strict = StrictRestorationMode(application: app, registry: Registry.make()) { heard.append($0) }
        let window = Window(application: app)
        let nan = NotANumber()
        nan.restorationIdentifier = "nan"
        let stack = NavigationController(rootViewController: nan)
        stack.restorationIdentifier = "stack"
        window.rootViewController = stack
        window.makeKeyAndVisible()
        strict.check(window)
        stack.pushViewController(Counter("detail", count: 0), animated: true)
        stack.popViewController(animated: true)
        #expect(heard.map(\.kind) == [.unregisteredClass, .valueDoesNotRoundTrip])
        strict.stop()
    }

    /// The sample app's session, then a change to each kind of value it saves, has nothing that
    /// would not survive: values need no announcement to be saved.
    @Test func theSampleAppSurvivesEveryChange() throws {
        let app = Application()
        let strict = StrictRestorationMode(application: app, registry: Registry.make()) { _ in }
        let window = Window(application: app)
        window.rootViewController = MailSample.makeRoot()
        window.makeKeyAndVisible()
        MailSample.runSession(in: window, application: app)
        #expect(strict.check(window).isEmpty)

        let all = window.allControllers()
        for list in all.compactMap({ $0 as? MailboxListController }) {
            list.title = "Renamed"
            list.visibleMessageIDs.append("1")
            list.sort.ascending.toggle()
        }
        for message in all.compactMap({ $0 as? MessageController }) {
            message.title = "Renamed"
            message.labels.append("later")
        }
        (all.first { $0 is SearchController } as? SearchController)?.recentQueries.append("receipts")
        (all.first { $0 is SettingsController } as? SettingsController)?.toggles["sounds"] = false
        (all.first { $0 is ComposeController } as? ComposeController)?.draft.body += " Thanks again."
        (all.first { $0 is AttachmentViewerController } as? AttachmentViewerController)?.page += 1
        #expect(strict.check(window).isEmpty)
        strict.stop()
    }
}
