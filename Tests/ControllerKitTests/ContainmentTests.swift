import ControllerKit
import Testing
import TestSupport

/// Custom containers, `transition(from:to:)` and manual forwarding (docs/behaviour.md §1.3).
@MainActor
@Suite struct ContainmentTests {
    @Test func addingAChildWhileVisible() {
        let world = Harness()
        let p = named("P")
        world.show(p)
        let c = named("C")
        p.addChild(c)
        #expect(world.take() == ["C.wM(P)"])
        p.view.addSubview(c.view)
        #expect(world.take() == traceLines("C.load, C.wA, C.layout, C.dA"))
        c.didMove(toParent: p)
        #expect(world.take() == ["C.dM(P)"])
        #expect(p.children == [c] && c.parent === p)
        world.check()
    }

    @Test func removingAChildWhileVisible() {
        let world = Harness()
        let p = named("P")
        let c = named("C")
        world.show(p)
        p.addChild(c)
        p.view.addSubview(c.view)
        c.didMove(toParent: p)
        world.recorder.reset()
        c.willMove(toParent: nil)
        #expect(world.take() == ["C.wM(nil)"])
        c.view.removeFromSuperview()
        #expect(world.take() == traceLines("C.wD, C.dD"))
        c.removeFromParent()
        #expect(world.take() == ["C.dM(nil)"])
        #expect(p.children.isEmpty && c.parent == nil)
        world.check()
    }

    @Test func childrenAddedInViewDidLoadAppearWithTheirContainer() {
        final class Container: ViewController {
            let inner = named("C")
            override func viewDidLoad() {
                addChild(inner)
                view.addSubview(inner.view)
                inner.didMove(toParent: self)
            }
        }
        let world = Harness()
        let p = Container()
        p.restorationIdentifier = "P"
        world.window.rootViewController = p
        world.window.makeKeyAndVisible()
        #expect(world.take() == traceLines("P.load, C.wM(P), C.load, C.dM(P), P.wA, C.wA, P.layout, C.layout, P.dA, C.dA"))
        world.check()
    }

    @Test func offScreenContainmentSendsOnlyContainmentCalls() {
        let world = Harness()
        let p = named("P")
        let c = named("C")
        p.addChild(c)
        c.didMove(toParent: p)
        c.willMove(toParent: nil)
        c.removeFromParent()
        #expect(world.take() == ["C.wM(P)", "C.dM(P)", "C.wM(nil)", "C.dM(nil)"])
        #expect(p.isViewLoaded == false && c.isViewLoaded == false)
    }

    @Test func transitionBetweenChildren() {
        let world = Harness()
        let p = named("P")
        let x = named("X")
        let y = named("Y")
        world.show(p)
        for child in [x, y] {
            p.addChild(child)
            child.didMove(toParent: p)
        }
        p.view.addSubview(x.view)
        world.recorder.reset()
        p.transition(from: x, to: y, duration: 0.3, animations: { world.recorder.mark("animations") },
                     completion: { finished in world.recorder.mark("completion \(finished)") })
        #expect(world.take() == traceLines("X.wD, Y.load, Y.wA, animations, Y.layout, X.dD, Y.dA, completion true"))
        #expect(y.view.superview === p.view)
        #expect(x.viewIfLoaded?.superview == nil)
        world.check()
    }

    @Test func transitionBetweenNonChildrenIsRefused() {
        let world = Harness()
        let p = named("P")
        let x = named("X")
        world.show(p)
        p.addChild(x)
        _ = world.takeDiagnostics()
        var completed = false
        p.transition(from: x, to: named("Stranger"), duration: 0, animations: nil) { _ in completed = true }
        #expect(completed == false)
        #expect(world.takeDiagnostics() == [.notAChild])
        world.check()
    }

    @Test func addChildMisuseIsRefused() {
        let world = Harness()
        let p = named("P")
        let c = named("C")
        p.addChild(c)
        _ = world.take()
        p.addChild(c)
        c.addChild(p)
        named("Other").addChild(c)
        p.addChild(p)
        #expect(world.takeDiagnostics() == [.alreadyAChild, .wouldCreateCycle, .controllerAlreadyActive, .wouldCreateCycle])
        #expect(world.take() == [])
        #expect(p.children == [c])
    }

    @Test func manualForwardingContainersDriveTheirChildren() {
        final class Manual: ViewController {
            override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
        }
        let world = Harness()
        let m = Manual()
        m.restorationIdentifier = "M"
        let c = named("C")
        m.addChild(c)
        m.view.addSubview(c.view)
        c.didMove(toParent: m)
        world.recorder.reset()
        world.window.rootViewController = m
        world.window.makeKeyAndVisible()
        #expect(world.take() == traceLines("M.wA, M.layout, M.dA"))
        c.beginAppearanceTransition(true, animated: false)
        c.beginAppearanceTransition(true, animated: false)
        c.endAppearanceTransition()
        c.endAppearanceTransition()
        #expect(world.take() == traceLines("C.wA, C.layout, C.dA"))
        c.beginAppearanceTransition(false, animated: false)
        c.endAppearanceTransition()
        #expect(world.take() == traceLines("C.wD, C.dD"))
        #expect(world.auditor.violations == [])
    }

    @Test func aDisappearanceCanBeCancelledByAnAppearance() {
        let world = Harness()
        let c = named("C")
        c.beginAppearanceTransition(true, animated: false)
        c.endAppearanceTransition()
        c.beginAppearanceTransition(false, animated: false)
        c.beginAppearanceTransition(true, animated: false)
        c.endAppearanceTransition()
        #expect(world.take() == traceLines("C.load, C.wA, C.layout, C.dA, C.wD, C.wA, C.layout, C.dA"))
        #expect(c.appearanceState == .appeared)
        #expect(world.auditor.violations == [])
    }
}
