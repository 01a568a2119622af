import ControllerKit
import Foundation
import Testing
import TestSupport

/// Showing, hiding and re-rooting windows (docs/behaviour.md §1.3, first rows, and §1.8).
@MainActor
@Suite struct WindowTests {
    @Test func showingARootLoadsAndAppearsIt() {
        let world = Harness()
        let r = named("R")
        world.window.rootViewController = r
        #expect(world.take() == [])
        world.window.makeKeyAndVisible()
        #expect(world.take() == traceLines("R.load, R.wA, R.layout, R.dA"))
        #expect(r.view.window === world.window)
        #expect(world.app.windows.count == 1 && world.app.keyWindow === world.window)
        world.check()
    }

    @Test func settingTheRootOnAVisibleWindowShowsIt() {
        let world = Harness()
        world.window.makeKeyAndVisible()
        let r = named("R")
        world.window.rootViewController = r
        #expect(world.take() == traceLines("R.load, R.wA, R.layout, R.dA"))
        world.check()
    }

    @Test func aNavigationRootAppearsWithItsTopOnly() {
        let world = Harness()
        let a = named("A")
        let t = named("T")
        let n = nav("N", root: a)
        n.pushViewController(t, animated: false)
        #expect(world.take() == traceLines("A.wM(N), A.dM(N), T.wM(N), T.dM(N)"))
        world.window.rootViewController = n
        world.window.makeKeyAndVisible()
        #expect(world.take() == traceLines("N.load, N.wA, T.load, T.wA, N.layout, T.layout, N.dA, T.dA"))
        #expect(a.isViewLoaded == false)
        world.check()
    }

    @Test func replacingTheRootOfAShownWindow() {
        let world = Harness()
        let x = named("X")
        world.show(x)
        let y = named("Y")
        world.window.rootViewController = y
        #expect(world.take() == traceLines("X.wD, Y.load, Y.wA, Y.layout, X.dD, Y.dA"))
        #expect(x.viewIfLoaded?.window == nil)
        world.check()
    }

    @Test func hidingMakesTheContentDisappearAndLeavesTheApplication() {
        let world = Harness()
        let a = named("A")
        let n = nav("N", root: a)
        world.show(n)
        world.window.isHidden = true
        #expect(world.take() == traceLines("N.wD, A.wD, N.dD, A.dD"))
        #expect(world.app.windows.isEmpty)
        #expect(world.app.keyWindow == nil)
        world.check()
        world.window.isHidden = false
        #expect(world.take() == traceLines("N.wA, A.wA, N.layout, A.layout, N.dA, A.dA"))
        #expect(world.app.windows.count == 1)
        world.check()
    }

    @Test func aControllerCannotBeTheRootOfTwoWindows() {
        let world = Harness()
        let r = named("R")
        world.window.rootViewController = r
        let other = Window(application: world.app)
        other.rootViewController = r
        #expect(other.rootViewController == nil)
        #expect(world.takeDiagnostics() == [.controllerAlreadyActive])
    }

    @Test func sizeChangeTellsVisibleControllersThenLaysOut() {
        final class Sized: ViewController {
            var log: [String] = []
            override func viewWillTransition(to size: CGSize, with coordinator: any ViewControllerTransitionCoordinator) {
                coordinator.animate(alongsideTransition: { _ in self.log.append("alongside") },
                                    completion: { _ in self.log.append("completion") })
            }
            override func viewDidLayoutSubviews() { log.append("layout") }
        }
        let world = Harness()
        let a = named("A")
        let t = Sized()
        t.restorationIdentifier = "T"
        let n = nav("N", root: a)
        n.pushViewController(t, animated: false)
        world.show(n)
        t.log.removeAll()
        world.window.frame = CGRect(x: 0, y: 0, width: 844, height: 390)
        #expect(world.take() == traceLines("N.viewWillTransition, T.viewWillTransition, N.layout, T.layout"))
        #expect(t.log == ["alongside", "layout", "completion"])
        #expect(t.view.frame.size == CGSize(width: 844, height: 390))
        #expect(n.view.frame.size == CGSize(width: 844, height: 390))
        world.check()
    }

    @Test func setNeedsLayoutThenLayoutIfNeededLaysOutOnce() {
        let world = Harness()
        let r = named("R")
        world.show(r)
        r.view.layoutIfNeeded()
        #expect(world.take() == [])
        r.view.setNeedsLayout()
        r.view.layoutIfNeeded()
        r.view.layoutIfNeeded()
        #expect(world.take() == traceLines("R.layout"))
    }
}
