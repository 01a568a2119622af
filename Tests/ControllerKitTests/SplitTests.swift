import ControllerKit
import Testing
import TestSupport

/// Split view rules of docs/behaviour.md §1.5 and §1.7.
@MainActor
@Suite struct SplitTests {
    private func split() -> (SplitViewController, ViewController, ViewController) {
        let split = SplitViewController()
        split.restorationIdentifier = "Split"
        let p = named("P")
        let s = named("S")
        split.viewControllers = [p, s]
        return (split, p, s)
    }

    @Test func bothColumnsAppearWhenExpanded() {
        let world = Harness()
        let (split, p, s) = split()
        #expect(world.take() == traceLines("P.wM(Split), P.dM(Split), S.wM(Split), S.dM(Split)"))
        world.show(split)
        world.window.isHidden = true
        world.recorder.reset()
        world.window.isHidden = false
        #expect(world.take() == traceLines("Split.wA, P.wA, S.wA, Split.layout, P.layout, S.layout, Split.dA, P.dA, S.dA"))
        #expect(split.children == [p, s])
        #expect(split.viewController(for: .secondary) === s)
        #expect(s.splitViewController === split)
        world.check()
    }

    @Test func collapsingHidesTheSecondaryAndExpandingBringsItBack() {
        let world = Harness()
        let (split, _, s) = split()
        world.show(split)
        split.collapse()
        #expect(split.isCollapsed)
        #expect(world.take() == traceLines("S.wD, S.dD"))
        #expect(s.viewIfLoaded?.window == nil)
        world.check()
        world.app.didReceiveMemoryWarning()
        #expect(s.isViewLoaded == false)
        world.recorder.reset()
        split.expand()
        #expect(world.take() == traceLines("S.load, S.wA, S.layout, S.dA"))
        world.check()
    }

    @Test func aCollapsedSplitShowsOnlyThePrimaryAtFirstShow() {
        let world = Harness()
        let (split, _, s) = split()
        split.collapse()
        world.recorder.reset()
        world.window.rootViewController = split
        world.window.makeKeyAndVisible()
        #expect(world.take() == traceLines("Split.load, Split.wA, P.load, P.wA, Split.layout, P.layout, Split.dA, P.dA"))
        #expect(s.isViewLoaded == false)
        world.check()
    }

    @Test func replacingTheSecondaryOnScreen() {
        let world = Harness()
        let (split, _, s) = split()
        world.show(split)
        let t = named("T")
        split.setViewController(t, for: .secondary)
        #expect(world.take() == traceLines("S.wM(nil), T.wM(Split), S.wD, T.load, T.wA, T.layout, S.dD, T.dA, S.dM(nil), T.dM(Split)"))
        #expect(s.parent == nil)
        world.check()
    }
}
