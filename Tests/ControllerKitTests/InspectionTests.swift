@testable import ControllerKit
import Testing

/// The pointer-free dump and the invariant checker.
@MainActor
@Suite struct InspectionTests {
    @Test func theDumpShowsRelationsStatesAndViewsWithoutLoadingAny() {
        let world = Harness()
        let inbox = named("inbox")
        inbox.title = "Inbox"
        let message = named("message")
        let stack = nav("inboxNav", root: inbox)
        stack.pushViewController(message, animated: false)
        let settings = named("settings")
        let tabs = TabBarController()
        tabs.restorationIdentifier = "tabs"
        tabs.viewControllers = [stack, settings]
        world.show(tabs)
        let compose = named("compose")
        compose.modalPresentationStyle = .pageSheet
        message.present(compose, animated: false)
        #expect(world.window.hierarchyDescription() == """
            Window (shown, 390×844)
            └─ TabBarController [root] id="tabs" view loaded appeared
               ├─ NavigationController [tab 0, selected] id="inboxNav" view loaded appeared
               │  ├─ ViewController [stack 0] id="inbox" title="Inbox" view unloaded disappeared
               │  └─ ViewController [stack 1, top] id="message" view loaded appeared
               ├─ ViewController [tab 1] id="settings" view unloaded disappeared
               └─ ViewController [presented pageSheet] id="compose" view loaded appeared
            """)
        #expect(inbox.isViewLoaded == false && settings.isViewLoaded == false)
        #expect(compose.presentingViewController === tabs)
    }

    @Test func snapshotsAreValuesThatCompareStructure() {
        let left = nav("N", root: named("A"))
        let right = nav("N", root: named("A"))
        #expect(left.hierarchySnapshot() == right.hierarchySnapshot())
        right.pushViewController(named("B"), animated: false)
        #expect(left.hierarchySnapshot() != right.hierarchySnapshot())
    }

    @Test func theCheckerCatchesBrokenParentLinks() {
        let world = Harness()
        let p = named("P")
        let c = named("C")
        p.addChild(c)
        world.show(p)
        c.parentLink = nil
        #expect(world.window.invariantViolations().contains(#"ViewController(id: "C") is a child of ViewController(id: "P") but its parent is nil"#))
        c.parentLink = p
        #expect(world.window.invariantViolations() == [])
    }

    @Test func theCheckerCatchesBrokenPresentationLinksAndStateMismatches() {
        let world = Harness()
        let a = named("A")
        world.show(a)
        let b = named("B")
        b.modalPresentationStyle = .pageSheet
        a.present(b, animated: false)
        b.presentingLink = nil
        #expect(world.window.invariantViolations().contains { $0.contains("which names another presenter") })
        b.presentingLink = a
        b.appearance = .disappeared
        #expect(world.window.invariantViolations().contains { $0.contains("is disappeared but should be appeared") })
        b.appearance = .appeared
        #expect(world.window.invariantViolations() == [])
    }

    @Test func theCheckerCatchesStackBookkeepingAndViewsLeftOnScreen() {
        let world = Harness()
        let a = named("A")
        let n = nav("N", root: a)
        n.pushViewController(named("B"), animated: false)
        world.show(n)
        n.childList.swapAt(0, 1)
        #expect(world.window.invariantViolations().contains { $0.contains("bookkeeping") })
        n.childList.swapAt(0, 1)
        n.view.addSubview(a.view)
        #expect(world.window.invariantViolations().contains { $0.contains("is off screen but its view is in the window") })
    }

    @Test func theAuditorCatchesIllegalCallbacks() {
        let world = Harness()
        let a = named("A")
        a.invoke(.viewDidAppear(animated: false)) { _ in }
        #expect(world.auditor.violations == [#"ViewController(id: "A") got viewDidAppear while disappeared"#])
    }
}
