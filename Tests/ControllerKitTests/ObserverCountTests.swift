@testable import ControllerKit
import Testing

/// Containment callbacks announce themselves only while some application has a lifecycle
/// observer (`Application.lifecycleObserverCount`): the count must follow every observer added,
/// removed or released with its application, or events would be lost or the check useless.
/// Synchronous main-actor tests: no other test runs between two reads of the count.
@MainActor
@Suite struct ObserverCountTests {
    @Test func theCountFollowsAddsRemovalsAndReleasedApplications() {
        let before = Application.lifecycleObserverCount
        var application: Application? = Application()
        let first = application?.addLifecycleObserver { _ in }
        application?.addLifecycleObserver { _ in }
        // Other kinds of observer do not count.
        application?.addDiagnosticObserver { _ in }
        #expect(Application.lifecycleObserverCount == before + 2)
        if let first { application?.removeObserver(first) }
        #expect(Application.lifecycleObserverCount == before + 1)
        application = nil
        #expect(Application.lifecycleObserverCount == before)
    }

    @Test func anObserverAddedAfterAnotherApplicationWentStillHearsContainment() {
        var gone: Application? = Application()
        gone?.addLifecycleObserver { _ in }
        gone = nil
        let application = Application()
        let window = Window(application: application)
        let parent = ViewController()
        window.rootViewController = parent
        var heard: [String] = []
        let token = application.addLifecycleObserver { event in heard.append("\(event.kind)") }
        let child = ViewController()
        parent.addChild(child)
        child.didMove(toParent: parent)
        application.removeObserver(token)
        child.willMove(toParent: nil)
        child.removeFromParent()
        // `willMove` comes before the link, from a detached controller, so `.shared` hears it;
        // `didMove` comes from inside the window. Nothing after the removal.
        #expect(heard.count == 1)
        #expect(heard.first?.hasPrefix("didMove") == true)
    }
}
