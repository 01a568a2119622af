import ControllerKit
import Testing
import TestSupport

/// docs/behaviour.md §1.6: memory warnings reach every live controller and unload hidden views.
@MainActor
@Suite struct MemoryWarningTests {
    /// Tabs[N[A, B], C] presenting P (page sheet) shown, B on top of the first tab.
    private func hierarchy(_ world: Harness) -> (tabs: TabBarController, n: NavigationController, a: ViewController, b: ViewController, c: ViewController, p: ViewController) {
        let a = named("A")
        let b = named("B")
        let n = nav("N", root: a)
        n.pushViewController(b, animated: false)
        let c = named("C")
        let tabs = TabBarController()
        tabs.restorationIdentifier = "Tabs"
        tabs.viewControllers = [n, c]
        world.show(tabs)
        // Load A and C by visiting them, so there is something hidden to unload.
        n.popViewController(animated: false)
        n.pushViewController(b, animated: false)
        tabs.selectedIndex = 1
        tabs.selectedIndex = 0
        let p = named("P")
        p.modalPresentationStyle = .pageSheet
        tabs.present(p, animated: false)
        world.recorder.reset()
        return (tabs, n, a, b, c, p)
    }

    @Test func theWarningReachesEveryControllerParentsFirstPresentersBeforePresented() {
        let world = Harness()
        world.app.viewUnloadPolicy = .keepViews
        _ = hierarchy(world)
        world.app.didReceiveMemoryWarning()
        let line = { (name: String) in "\(name).didReceiveMemoryWarning" }
        #expect(world.take() == ["Tabs", "N", "A", "B", "C", "P"].map(line))
        world.check()
    }

    @Test func hiddenViewsUnloadAndVisibleOnesStay() {
        let world = Harness()
        let h = hierarchy(world)
        world.app.didReceiveMemoryWarning()
        #expect(world.take() == traceLines("""
            Tabs.didReceiveMemoryWarning, N.didReceiveMemoryWarning, \
            A.didReceiveMemoryWarning, A.viewWillUnload, A.viewDidUnload, \
            B.didReceiveMemoryWarning, \
            C.didReceiveMemoryWarning, C.viewWillUnload, C.viewDidUnload, \
            P.didReceiveMemoryWarning
            """))
        #expect(h.a.isViewLoaded == false && h.c.isViewLoaded == false)
        #expect(h.b.isViewLoaded && h.n.isViewLoaded && h.tabs.isViewLoaded && h.p.isViewLoaded)
        world.check()
    }

    @Test func anUnloadedStackMemberReloadsWhenPoppedTo() {
        let world = Harness()
        let h = hierarchy(world)
        world.app.didReceiveMemoryWarning()
        world.recorder.reset()
        h.n.popViewController(animated: false)
        #expect(world.take() == traceLines("B.wM(nil), B.wD, A.load, A.wA, A.layout, B.dD, A.dA, B.dM(nil)"))
        world.check()
    }

    @Test func anUnloadedTabReloadsWhenSelected() {
        let world = Harness()
        let h = hierarchy(world)
        h.p.dismiss(animated: false)
        world.app.didReceiveMemoryWarning()
        world.recorder.reset()
        h.tabs.selectedIndex = 1
        #expect(world.take() == traceLines("C.load, C.wA, N.wD, B.wD, C.layout, N.dD, B.dD, C.dA"))
        world.check()
        // The first tab is now hidden with both its stack members.
        world.recorder.reset()
        world.app.didReceiveMemoryWarning()
        #expect(h.n.isViewLoaded == false && h.b.isViewLoaded == false)
        world.recorder.reset()
        h.tabs.selectedIndex = 0
        #expect(world.take() == traceLines("N.load, N.wA, B.load, B.wA, C.wD, N.layout, B.layout, C.dD, N.dA, B.dA"))
        world.check()
    }

    @Test func aCoveredPresenterUnloadsAndReloadsOnDismiss() {
        let world = Harness()
        let top = named("T")
        let n = nav("N", root: top)
        world.show(n)
        let viewer = named("V")
        viewer.modalPresentationStyle = .fullScreen
        n.present(viewer, animated: false)
        world.recorder.reset()
        world.app.didReceiveMemoryWarning()
        #expect(world.take() == traceLines("""
            N.didReceiveMemoryWarning, N.viewWillUnload, N.viewDidUnload, \
            T.didReceiveMemoryWarning, T.viewWillUnload, T.viewDidUnload, \
            V.didReceiveMemoryWarning
            """))
        viewer.dismiss(animated: false)
        #expect(world.take() == traceLines("V.wD, N.load, N.wA, T.load, T.wA, N.layout, T.layout, N.dA, T.dA, V.dD"))
        world.check()
    }

    @Test func theKeepPolicyUnloadsNothing() {
        let world = Harness()
        world.app.viewUnloadPolicy = .keepViews
        let h = hierarchy(world)
        world.app.didReceiveMemoryWarning()
        #expect(h.a.isViewLoaded && h.c.isViewLoaded)
        #expect(!world.take().contains { $0.hasSuffix("Unload") })
    }

    @Test func anOverrideThatSkipsSuperKeepsItsView() {
        final class Stubborn: ViewController {
            override func didReceiveMemoryWarning() {}
        }
        let world = Harness()
        let stubborn = Stubborn()
        let n = nav("N", root: stubborn)
        n.pushViewController(named("Top"), animated: false)
        world.show(n)
        n.popViewController(animated: false)
        n.pushViewController(named("Top2"), animated: false)
        world.app.didReceiveMemoryWarning()
        #expect(stubborn.isViewLoaded)
    }
}
