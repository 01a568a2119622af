import ControllerKit
import Testing
import TestSupport

/// docs/behaviour.md §1.1: the view is lazy.
@MainActor
@Suite struct ViewLoadingTests {
    @Test func readingViewLoadsOnceAndTheFlagsNeverLoad() {
        let world = Harness()
        let a = named("A")
        #expect(a.isViewLoaded == false)
        #expect(a.viewIfLoaded == nil)
        #expect(world.take() == [])
        let first = a.view
        let second = a.view
        #expect(first === second)
        #expect(a.isViewLoaded)
        #expect(a.viewIfLoaded === first)
        #expect(world.take() == traceLines("A.load"))
    }

    @Test func loadViewIfNeededLoadsOnlyWhenNeeded() {
        let world = Harness()
        let a = named("A")
        a.loadViewIfNeeded()
        a.loadViewIfNeeded()
        #expect(world.take() == traceLines("A.load"))
    }

    @Test func anOverrideOfLoadViewInstallsItsOwnView() {
        final class Custom: ViewController {
            let made = View()
            override func loadView() { view = made }
        }
        let custom = Custom()
        #expect(custom.view === custom.made)
    }

    @Test func assigningFromOutsideSkipsViewDidLoadAndNilUnloads() {
        let world = Harness()
        let a = named("A")
        let installed = View()
        a.view = installed
        #expect(a.view === installed)
        #expect(world.take() == [])
        a.view = nil
        #expect(a.isViewLoaded == false)
        _ = a.view
        #expect(a.view !== installed)
        #expect(world.take() == traceLines("A.load"))
    }

    @Test func descriptionsDumpsAndLookupsNeverLoad() {
        let world = Harness()
        let top = named("T")
        top.title = "Top"
        let stack = nav("N", root: top)
        let tabs = TabBarController()
        tabs.viewControllers = [stack]
        world.window.rootViewController = tabs
        _ = top.description
        _ = tabs.hierarchyDescription()
        _ = world.window.hierarchyDescription()
        _ = top.navigationController
        _ = top.tabBarController
        _ = top.relation
        _ = world.window.invariantViolations()
        _ = top.presentedViewController
        for controller in [top, stack, tabs] as [ViewController] {
            #expect(controller.isViewLoaded == false)
        }
        #expect(top.description == #"ViewController(id: "T", title: "Top")"#)
    }

    @Test func loadViewThatForgetsTheViewIsReportedAndRepaired() {
        final class Forgetful: ViewController {
            override func loadView() {}
        }
        let world = Harness()
        let forgetful = Forgetful()
        #expect(forgetful.view != nil)
        #expect(world.takeDiagnostics() == [.loadViewDidNotSetView])
    }

    @Test func readingViewInsideLoadViewIsReportedNotRecursive() {
        final class Reentrant: ViewController {
            override func loadView() {
                let early = view
                view = early
            }
        }
        let world = Harness()
        let reentrant = Reentrant()
        #expect(reentrant.view != nil)
        #expect(world.takeDiagnostics() == [.viewReadDuringLoadView])
    }

    @Test func aViewOfAnotherControllerIsRefused() {
        let world = Harness()
        let a = named("A")
        let b = named("B")
        let shared = a.view
        b.view = shared
        #expect(b.isViewLoaded == false)
        #expect(a.view === shared)
        #expect(world.takeDiagnostics() == [.viewOwnedByAnotherController])
    }
}
