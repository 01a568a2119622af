import ControllerKit
import Foundation
import RestorationTesting
import StateRestoration
import Testing
import TestSupport

/// The round trips of docs/behaviour.md §4.6, through `RestorationCheck`: each restored window
/// shows with the exact trace and dump of a fresh build of the same final state, with every keyed
/// value back, and the restore itself sends containment calls only.
@MainActor
@Suite struct RoundTripTests {
    /// A registry that knows `Note`, and the sample app's classes when `base` is its registry.
    static func registry(_ base: RestorationRegistry = RestorationRegistry()) -> RestorationRegistry {
        base.register(Note.self, as: "Note")
        return base
    }

    @Test func aPlainRoot() {
        let report = RestorationCheck.run(registry: Self.registry(), build: { $0.rootViewController = Note("root", text: "only") },
                                          inspectingRestored: { window in
            #expect((window.rootViewController as? Note)?.text == "only")
        })
        #expect(report.passed, "\(report)")
        #expect(report.restoredTrace == ["root.loadView", "root.viewDidLoad", "root.decodeRestorableState",
                                         "root.applicationFinishedRestoringState", "root.wA", "root.viewWillLayoutSubviews",
                                         "root.viewDidLayoutSubviews", "root.dA"])
    }

    @Test func aNavigationStackOfFiveWithRepeatedIdentifiers() {
        let report = RestorationCheck.run(registry: Self.registry(), build: { window in
            window.rootViewController = Make.nav("nav", [Note("list"), Note("item", text: "a"), Note("item", text: "b"),
                                                         Note("item", text: "c"), Note("detail")])
        }, inspectingRestored: { window in
            let stack = (window.rootViewController as? NavigationController)?.viewControllers ?? []
            // Restored lazily: the members under the top decode when reached.
            #expect(stack.compactMap { ($0 as? Note)?.text } == ["", "", "", "", "text of detail"])
            stack.forEach { $0.loadViewIfNeeded() }
            #expect(stack.compactMap { ($0 as? Note)?.text } == ["text of list", "a", "b", "c", "text of detail"])
        })
        #expect(report.passed, "\(report)")
        #expect(report.saveReport?.saved.map(\.path) == ["/nav", "/nav/list", "/nav/item[1]", "/nav/item[2]",
                                                         "/nav/item[3]", "/nav/detail"])
    }

    @Test func sixTabsWithANonZeroSelection() {
        let report = RestorationCheck.run(registry: Self.registry(), build: { window in
            window.rootViewController = Make.tabs("tabs", (0..<6).map { Note("tab\($0)") }, selected: 4)
        }, inspectingRestored: { window in
            let tabs = window.rootViewController as? TabBarController
            #expect(tabs?.selectedIndex == 4)
            #expect(tabs?.viewControllers?.count == 6)
            #expect(tabs?.viewControllers?.filter(\.isViewLoaded).map(\.restorationIdentifier) == ["tab4"])
        })
        #expect(report.passed, "\(report)")
    }

    @Test(arguments: [false, true])
    func aSplitView(collapsed: Bool) {
        let report = RestorationCheck.run(registry: Self.registry(), build: { window in
            window.rootViewController = Make.split("split", Note("primary"), Make.nav("detailNav", [Note("detail")]), collapsed: collapsed)
        }, inspectingRestored: { window in
            #expect((window.rootViewController as? SplitViewController)?.isCollapsed == collapsed)
        })
        #expect(report.passed, "\(report)")
    }

    @Test func aCustomContainerWithThreeChildren() {
        let report = RestorationCheck.run(registry: Self.registry(), build: { window in
            window.rootViewController = Make.container("container", [Note("a"), Note("b"), Make.nav("c", [Note("inner")])])
        }, inspectingRestored: { window in
            #expect(window.rootViewController?.children.map(\.restorationIdentifier) == ["a", "b", "c"])
        })
        #expect(report.passed, "\(report)")
    }

    @Test func aPresentationChainOfThreeWithMixedStyles() {
        // Full screen from the root, a page sheet over it, and an over-current-context
        // presentation from a navigation child inside the sheet.
        let report = RestorationCheck.run(registry: Self.registry(), build: { window in
            let root = Make.tabs("tabs", [Note("home")])
            window.rootViewController = root
            let viewer = Make.presented(Note("viewer"), .fullScreen)
            root.present(viewer, animated: false)
            let inner = Note("inner")
            let sheet = Make.presented(Make.nav("sheet", [inner]), .pageSheet)
            viewer.present(sheet, animated: false)
            inner.present(Make.presented(Note("overlay"), .overCurrentContext), animated: false)
        }, inspectingRestored: { window in
            let viewer = window.rootViewController?.presentedViewController
            #expect(viewer?.activePresentationStyle == .fullScreen)
            #expect(viewer?.presentedViewController?.activePresentationStyle == .pageSheet)
            #expect(window.rootViewController?.isViewLoaded == false)
        })
        #expect(report.passed, "\(report)")
        #expect(report.saveReport?.saved.map(\.path) == ["/tabs", "/tabs/home", "/tabs/viewer", "/tabs/viewer/sheet",
                                                         "/tabs/viewer/sheet/inner", "/tabs/viewer/sheet/overlay"])
    }

    @Test func controllersUnloadedByAMemoryWarningComeBackUnloaded() {
        let report = RestorationCheck.run(registry: Self.registry(), build: { window in
            window.rootViewController = Make.tabs("tabs", [Make.nav("nav", [Note("a"), Note("b")]), Note("other")])
        }, afterShowing: { window in
            let tabs = window.rootViewController as? TabBarController
            tabs?.selectedIndex = 1
            tabs?.selectedIndex = 0
            window.application.didReceiveMemoryWarning()
        }, inspectingRestored: { window in
            let tabs = window.rootViewController as? TabBarController
            #expect(tabs?.viewControllers?[1].isViewLoaded == false)
            let stack = (tabs?.viewControllers?.first as? NavigationController)?.viewControllers
            #expect(stack?.first?.isViewLoaded == false)
        })
        #expect(report.passed, "\(report)")
    }

    @Test func theSampleMailSession() {
        let report = RestorationCheck.run(registry: Self.registry(MailSampleRegistry.make()), build: { window in
            window.rootViewController = MailSampleRegistry.root()
        }, afterShowing: { window in
            MailSampleRegistry.session(window, window.application)
        }, expecting: MailSampleRegistry.endState)
        #expect(report.passed, "\(report)")
        #expect(report.restoredTrace == traceLines("""
            viewer.load, viewer.decodeRestorableState, viewer.applicationFinishedRestoringState, viewer.wA,
            compose.load, compose.decodeRestorableState, compose.applicationFinishedRestoringState, compose.wA,
            viewer.layout, compose.layout, viewer.dA, compose.dA
            """))
    }
}
