import ControllerKit
import Testing
import TestSupport

/// Navigation rows of docs/behaviour.md §1.3 and the navigation rules of §1.5.
@MainActor
@Suite struct NavigationTests {
    /// N shown with A on top.
    private func shownStack(_ world: Harness) -> (NavigationController, ViewController) {
        let a = named("A")
        let n = nav("N", root: a)
        world.show(n)
        return (n, a)
    }

    @Test func pushOverTheTop() {
        let world = Harness()
        let (n, a) = shownStack(world)
        let b = named("B")
        n.pushViewController(b, animated: true)
        #expect(world.take() == traceLines("B.wM(N), B.load, A.wD, B.wA, B.layout, A.dD, B.dA, B.dM(N)"))
        #expect(n.viewControllers == [a, b])
        #expect(n.children == [a, b])
        #expect(a.viewIfLoaded?.window == nil)
        #expect(b.view.window === world.window)
        world.check()
    }

    @Test func popRevealsALoadedTop() {
        let world = Harness()
        let (n, a) = shownStack(world)
        let b = named("B")
        n.pushViewController(b, animated: true)
        world.recorder.reset()
        let popped = n.popViewController(animated: true)
        #expect(popped === b)
        #expect(world.take() == traceLines("B.wM(nil), B.wD, A.wA, A.layout, B.dD, A.dA, B.dM(nil)"))
        #expect(n.viewControllers == [a])
        #expect(b.parent == nil)
        world.check()
    }

    @Test func popRevealsAnUnloadedTopWhichReloads() {
        let world = Harness()
        let (n, _) = shownStack(world)
        n.pushViewController(named("B"), animated: true)
        world.recorder.reset()
        world.app.didReceiveMemoryWarning()
        #expect(world.take().filter { !$0.hasSuffix("didReceiveMemoryWarning") }
                == traceLines("A.viewWillUnload, A.viewDidUnload"))
        n.popViewController(animated: true)
        #expect(world.take() == traceLines("B.wM(nil), B.wD, A.load, A.wA, A.layout, B.dD, A.dA, B.dM(nil)"))
        world.check()
    }

    @Test func isMovingFlagsHoldDuringTheTransition() {
        final class Watcher: ViewController {
            var seen: [String] = []
            override func viewWillAppear(_ animated: Bool) { seen.append("wA moving-to \(isMovingToParent)") }
            override func viewWillDisappear(_ animated: Bool) { seen.append("wD moving-from \(isMovingFromParent)") }
        }
        let world = Harness()
        let (n, _) = shownStack(world)
        let watcher = Watcher()
        n.pushViewController(watcher, animated: false)
        n.popViewController(animated: false)
        #expect(watcher.seen == ["wA moving-to true", "wD moving-from true"])
        #expect(watcher.isMovingToParent == false && watcher.isMovingFromParent == false)
    }

    @Test func popToRootIsOneTransitionBetweenTheTops() {
        let world = Harness()
        let (n, a) = shownStack(world)
        let b = named("B")
        let c = named("C")
        n.pushViewController(b, animated: false)
        n.pushViewController(c, animated: false)
        world.recorder.reset()
        let popped = n.popToRootViewController(animated: true)
        #expect(popped == [b, c])
        #expect(world.take() == traceLines("B.wM(nil), C.wM(nil), C.wD, A.wA, A.layout, C.dD, A.dA, B.dM(nil), C.dM(nil)"))
        #expect(n.viewControllers == [a])
        world.check()
    }

    @Test func popToAMiddleController() {
        let world = Harness()
        let (n, a) = shownStack(world)
        let b = named("B")
        let c = named("C")
        n.pushViewController(b, animated: false)
        n.pushViewController(c, animated: false)
        world.recorder.reset()
        let popped = n.popToViewController(b, animated: true)
        #expect(popped == [c])
        #expect(world.take() == traceLines("C.wM(nil), C.wD, B.wA, B.layout, C.dD, B.dA, C.dM(nil)"))
        #expect(n.viewControllers == [a, b])
        world.check()
    }

    @Test func setViewControllersTransitionsOnlyBetweenTheTops() {
        let world = Harness()
        let (n, a) = shownStack(world)
        let x = named("X")
        let y = named("Y")
        n.setViewControllers([x, y], animated: true)
        #expect(world.take() == traceLines("A.wM(nil), X.wM(N), Y.wM(N), Y.load, A.wD, Y.wA, Y.layout, A.dD, Y.dA, A.dM(nil), X.dM(N), Y.dM(N)"))
        #expect(x.isViewLoaded == false)
        #expect(n.viewControllers == [x, y])
        #expect(a.parent == nil && a.viewIfLoaded?.superview == nil)
        world.check()
    }

    @Test func setViewControllersKeepingTheTopSendsNoAppearance() {
        let world = Harness()
        let (n, a) = shownStack(world)
        let x = named("X")
        n.setViewControllers([x, a], animated: false)
        #expect(world.take() == traceLines("X.wM(N), X.dM(N)"))
        world.check()
    }

    @Test func offScreenStackChangesSendContainmentOnly() {
        let world = Harness()
        let a = named("A")
        let n = nav("N", root: a)
        let b = named("B")
        n.pushViewController(b, animated: true)
        n.popViewController(animated: true)
        n.setViewControllers([named("X")], animated: true)
        #expect(world.take() == traceLines("A.wM(N), A.dM(N), B.wM(N), B.dM(N), B.wM(nil), B.dM(nil), A.wM(nil), X.wM(N), A.dM(nil), X.dM(N)"))
        #expect(a.isViewLoaded == false && b.isViewLoaded == false)
    }

    @Test func poppingTheRootDoesNothingAndReports() {
        let world = Harness()
        let (n, a) = shownStack(world)
        _ = world.takeDiagnostics()
        #expect(n.popViewController(animated: true) == nil)
        #expect(n.viewControllers == [a])
        #expect(world.take() == [])
        #expect(world.takeDiagnostics() == [.cannotPopRootViewController])
        #expect(world.app.diagnostics.isEmpty)
        world.check()
    }

    @Test func pushingAControllerAlreadyInTheStackIsRefused() {
        let world = Harness()
        let (n, a) = shownStack(world)
        _ = world.takeDiagnostics()
        n.pushViewController(a, animated: true)
        #expect(n.viewControllers == [a])
        #expect(world.take() == [])
        let diagnostics = world.app.diagnostics
        #expect(diagnostics.map(\.kind) == [.alreadyInNavigationStack])
        #expect(diagnostics.first?.message.contains(#"id: "A""#) == true)
        world.check()
    }

    @Test func pushingAControllerThatLivesElsewhereOrANavigationControllerIsRefused() {
        let world = Harness()
        let (n, _) = shownStack(world)
        let other = nav("Other", root: named("O"))
        let child = other.viewControllers[0]
        _ = world.takeDiagnostics()
        n.pushViewController(child, animated: false)
        n.pushViewController(other, animated: false)
        n.pushViewController(n, animated: false)
        n.setViewControllers([named("D"), named("D2")].flatMap { [$0, $0] }, animated: false)
        #expect(world.takeDiagnostics() == [.controllerAlreadyActive, .unsupportedOperation, .unsupportedOperation, .duplicateController])
        #expect(n.viewControllers.count == 1)
        world.check()
    }

    @Test func addChildOnANavigationControllerIsRefused() {
        let world = Harness()
        let (n, _) = shownStack(world)
        _ = world.takeDiagnostics()
        n.addChild(named("Z"))
        #expect(n.children.count == 1)
        #expect(world.takeDiagnostics() == [.unsupportedOperation])
    }

    @Test func visibleViewControllerIsTheTopOrWhatIsPresentedOverTheStack() {
        let world = Harness()
        let (n, a) = shownStack(world)
        #expect(n.topViewController === a)
        #expect(n.visibleViewController === a)
        let sheet = named("S")
        sheet.modalPresentationStyle = .currentContext
        a.present(sheet, animated: false)
        #expect(sheet.presentingViewController === n)
        #expect(n.visibleViewController === sheet)
        #expect(n.topViewController === a)
        #expect(n.children == [a])
        world.check()
    }

    @Test func requestsFromInsideACallbackWaitForTheTransitionToEnd() {
        final class PushesOnAppear: ViewController {
            var following: ViewController?
            override func viewDidAppear(_ animated: Bool) {
                if let following {
                    self.following = nil
                    navigationController?.pushViewController(following, animated: true)
                }
            }
        }
        let world = Harness()
        let first = PushesOnAppear()
        first.restorationIdentifier = "F"
        first.following = named("B")
        let n = nav("N", root: named("A"))
        world.show(n)
        n.pushViewController(first, animated: true)
        #expect(world.take() == traceLines("F.wM(N), F.load, A.wD, F.wA, F.layout, A.dD, F.dA, F.dM(N), B.wM(N), B.load, F.wD, B.wA, B.layout, F.dD, B.dA, B.dM(N)"))
        world.check()
    }
}
