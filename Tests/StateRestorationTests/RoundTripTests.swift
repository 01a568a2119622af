import ControllerKit
import Foundation
@testable import StateRestoration
import Testing
import TestSupport

/// The round trips of the StateRestoration issue: each restored window shows with the exact
/// trace and dump of a fresh build of the same final state, with every keyed value back.
@MainActor
@Suite struct RoundTripTests {
    @Test func aPlainRoot() throws {
        let outcome = try RoundTrip().run { $0.rootViewController = Note("root", text: "only") }
        outcome.expectFaithful()
        #expect(outcome.restoredTrace == ["root.loadView", "root.viewDidLoad", "root.decodeRestorableState",
                                          "root.applicationFinishedRestoringState", "root.wA", "root.viewWillLayoutSubviews",
                                          "root.viewDidLayoutSubviews", "root.dA"])
        #expect((outcome.restoredWindow.rootViewController as? Note)?.text == "only")
    }

    @Test func aNavigationStackOfFiveWithRepeatedIdentifiers() throws {
        let build = { (window: Window) in
            window.rootViewController = Make.nav("nav", [Note("list"), Note("item", text: "a"), Note("item", text: "b"),
                                                         Note("item", text: "c"), Note("detail")])
        }
        let outcome = try RoundTrip().run(build: build)
        outcome.expectFaithful()
        #expect(outcome.saveReport.saved.map(\.path) == ["/nav", "/nav/list", "/nav/item[1]", "/nav/item[2]",
                                                         "/nav/item[3]", "/nav/detail"])
        let stack = (outcome.restoredWindow.rootViewController as? NavigationController)?.viewControllers ?? []
        // Restored lazily: the members under the top decode when reached.
        #expect(stack.compactMap { ($0 as? Note)?.text } == ["", "", "", "", "text of detail"])
        stack.forEach { $0.loadViewIfNeeded() }
        #expect(stack.compactMap { ($0 as? Note)?.text } == ["text of list", "a", "b", "c", "text of detail"])
    }

    @Test func sixTabsWithANonZeroSelection() throws {
        let build = { (window: Window) in
            window.rootViewController = Make.tabs("tabs", (0..<6).map { Note("tab\($0)") }, selected: 4)
        }
        let outcome = try RoundTrip().run(build: build)
        outcome.expectFaithful()
        let tabs = outcome.restoredWindow.rootViewController as? TabBarController
        #expect(tabs?.selectedIndex == 4)
        #expect(tabs?.viewControllers?.count == 6)
        #expect(tabs?.viewControllers?.filter(\.isViewLoaded).map(\.restorationIdentifier) == ["tab4"])
    }

    @Test(arguments: [false, true])
    func aSplitView(collapsed: Bool) throws {
        let build = { (window: Window) in
            window.rootViewController = Make.split("split", Note("primary"), Make.nav("detailNav", [Note("detail")]), collapsed: collapsed)
        }
        let outcome = try RoundTrip().run(build: build)
        outcome.expectFaithful()
        #expect((outcome.restoredWindow.rootViewController as? SplitViewController)?.isCollapsed == collapsed)
    }

    @Test func aCustomContainerWithThreeChildren() throws {
        let build = { (window: Window) in
            window.rootViewController = Make.container("container", [Note("a"), Note("b"), Make.nav("c", [Note("inner")])])
        }
        let outcome = try RoundTrip().run(build: build)
        outcome.expectFaithful()
        #expect(outcome.restoredWindow.rootViewController?.children.map(\.restorationIdentifier) == ["a", "b", "c"])
    }

    @Test func aPresentationChainOfThreeWithMixedStyles() throws {
        // Full screen from the root, a page sheet over it, and an over-current-context
        // presentation from a navigation child inside the sheet.
        let build = { (window: Window) in
            let root = Make.tabs("tabs", [Note("home")])
            window.rootViewController = root
            let viewer = Make.presented(Note("viewer"), .fullScreen)
            root.present(viewer, animated: false)
            let inner = Note("inner")
            let sheet = Make.presented(Make.nav("sheet", [inner]), .pageSheet)
            viewer.present(sheet, animated: false)
            inner.present(Make.presented(Note("overlay"), .overCurrentContext), animated: false)
        }
        let outcome = try RoundTrip().run(build: build)
        outcome.expectFaithful()
        #expect(outcome.saveReport.saved.map(\.path) == ["/tabs", "/tabs/home", "/tabs/viewer", "/tabs/viewer/sheet",
                                                         "/tabs/viewer/sheet/inner", "/tabs/viewer/sheet/overlay"])
        let viewer = outcome.restoredWindow.rootViewController?.presentedViewController
        #expect(viewer?.activePresentationStyle == .fullScreen)
        #expect(viewer?.presentedViewController?.activePresentationStyle == .pageSheet)
        #expect(outcome.restoredWindow.rootViewController?.isViewLoaded == false)
    }

    @Test func controllersUnloadedByAMemoryWarningComeBackUnloaded() throws {
        let build = { (window: Window) in
            window.rootViewController = Make.tabs("tabs", [Make.nav("nav", [Note("a"), Note("b")]), Note("other")])
        }
        let outcome = try RoundTrip().run(build: build, then: { window in
            let tabs = window.rootViewController as? TabBarController
            tabs?.selectedIndex = 1
            tabs?.selectedIndex = 0
            window.application.didReceiveMemoryWarning()
        })
        outcome.expectFaithful()
        let tabs = outcome.restoredWindow.rootViewController as? TabBarController
        #expect(tabs?.viewControllers?[1].isViewLoaded == false)
        let stack = (tabs?.viewControllers?.first as? NavigationController)?.viewControllers
        #expect(stack?.first?.isViewLoaded == false)
    }

    @Test func theSampleMailSession() throws {
        let trip = try RoundTrip(registry: MailSampleRegistry.make())
        let outcome = try trip.run(build: { window in
            window.rootViewController = MailSampleRegistry.root()
        }, then: { window in
            MailSampleRegistry.session(window, window.application)
        }, expected: MailSampleRegistry.endState)
        outcome.expectFaithful()
        #expect(outcome.restoredTrace == traceLines("""
            viewer.load, viewer.decodeRestorableState, viewer.applicationFinishedRestoringState, viewer.wA,
            compose.load, compose.decodeRestorableState, compose.applicationFinishedRestoringState, compose.wA,
            viewer.layout, compose.layout, viewer.dA, compose.dA
            """))
    }
}
