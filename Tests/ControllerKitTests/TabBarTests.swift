import ControllerKit
import Foundation
import Testing
import TestSupport

/// Tab rows of docs/behaviour.md §1.3 and the tab rules of §1.5.
@MainActor
@Suite struct TabBarTests {
    private func tabs(_ world: Harness, _ names: [String]) -> (TabBarController, [ViewController]) {
        let controllers = names.map(named)
        let tabs = TabBarController()
        tabs.restorationIdentifier = "Tabs"
        tabs.viewControllers = controllers
        return (tabs, controllers)
    }

    @Test func onlyTheSelectedTabLoadsAtFirstShow() {
        let world = Harness()
        let (tabs, members) = tabs(world, ["M", "C", "S"])
        #expect(world.take() == traceLines("M.wM(Tabs), C.wM(Tabs), S.wM(Tabs), M.dM(Tabs), C.dM(Tabs), S.dM(Tabs)"))
        world.window.rootViewController = tabs
        world.window.makeKeyAndVisible()
        #expect(world.take() == traceLines("Tabs.load, Tabs.wA, M.load, M.wA, Tabs.layout, M.layout, Tabs.dA, M.dA"))
        #expect(members[1].isViewLoaded == false && members[2].isViewLoaded == false)
        #expect(tabs.selectedIndex == 0)
        world.check()
    }

    @Test func switchingToAnUnloadedTab() {
        let world = Harness()
        let (tabs, members) = tabs(world, ["M", "C"])
        world.show(tabs)
        tabs.selectedIndex = 1
        #expect(world.take() == traceLines("C.load, C.wA, M.wD, C.layout, M.dD, C.dA"))
        #expect(tabs.selectedViewController === members[1])
        #expect(members[0].viewIfLoaded?.window == nil)
        world.check()
    }

    @Test func switchingToALoadedTab() {
        let world = Harness()
        let (tabs, members) = tabs(world, ["M", "C"])
        world.show(tabs)
        tabs.selectedIndex = 1
        world.recorder.reset()
        tabs.selectedViewController = members[0]
        #expect(world.take() == traceLines("M.wA, C.wD, M.layout, C.dD, M.dA"))
        world.check()
    }

    @Test func switchingToANavigationTabBringsItsTop() {
        let world = Harness()
        let top = named("T")
        let stack = nav("N", root: top)
        let tabs = TabBarController()
        tabs.restorationIdentifier = "Tabs"
        let m = named("M")
        tabs.viewControllers = [m, stack]
        world.show(tabs)
        tabs.selectedIndex = 1
        #expect(world.take() == traceLines("N.load, N.wA, T.load, T.wA, M.wD, N.layout, T.layout, M.dD, N.dA, T.dA"))
        world.check()
    }

    @Test func reassigningKeepsTheSelectedControllerWhenStillPresent() {
        let world = Harness()
        let (tabs, members) = tabs(world, ["A", "B", "C"])
        world.show(tabs)
        tabs.selectedIndex = 2
        let d = named("D")
        tabs.viewControllers = [members[2], d]
        #expect(tabs.selectedIndex == 0)
        #expect(tabs.selectedViewController === members[2])
        world.check()
    }

    @Test func reassigningFallsBackToTheSameIndexThenToZero() {
        let world = Harness()
        let (tabs, _) = tabs(world, ["A", "B", "C"])
        world.show(tabs)
        tabs.selectedIndex = 1
        let x = named("X")
        let y = named("Y")
        world.recorder.reset()
        tabs.viewControllers = [x, y]
        #expect(tabs.selectedIndex == 1)
        #expect(tabs.selectedViewController === y)
        #expect(world.take() == traceLines("A.wM(nil), B.wM(nil), C.wM(nil), X.wM(Tabs), Y.wM(Tabs), Y.load, Y.wA, B.wD, Y.layout, B.dD, Y.dA, A.dM(nil), B.dM(nil), C.dM(nil), X.dM(Tabs), Y.dM(Tabs)"))
        world.check()
        tabs.selectedIndex = 1
        tabs.viewControllers = [named("Only")]
        #expect(tabs.selectedIndex == 0)
        world.check()
        tabs.viewControllers = nil
        #expect(tabs.selectedIndex == NSNotFound)
        #expect(tabs.selectedViewController == nil)
        world.check()
    }

    @Test func outOfRangeSelectionIsRefused() {
        let world = Harness()
        let (tabs, members) = tabs(world, ["A", "B"])
        world.show(tabs)
        _ = world.takeDiagnostics()
        tabs.selectedIndex = 5
        tabs.selectedViewController = named("Stranger")
        #expect(tabs.selectedViewController === members[0])
        #expect(world.takeDiagnostics() == [.invalidSelection, .invalidSelection])
        #expect(world.take() == [])
        world.check()
    }

    @Test func offScreenTabChangesSendContainmentOnly() {
        let world = Harness()
        let (tabs, _) = tabs(world, ["A", "B"])
        world.recorder.reset()
        tabs.selectedIndex = 1
        tabs.viewControllers = [named("C")]
        #expect(world.take() == traceLines("A.wM(nil), B.wM(nil), C.wM(Tabs), A.dM(nil), B.dM(nil), C.dM(Tabs)"))
    }
}
