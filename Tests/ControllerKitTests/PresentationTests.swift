import ControllerKit
import Testing
import TestSupport

/// Presentation rows of docs/behaviour.md §1.3 and the chain rules of §1.4.
@MainActor
@Suite struct PresentationTests {
    private func presented(_ name: String, _ style: ModalPresentationStyle) -> ViewController {
        let controller = named(name)
        controller.modalPresentationStyle = style
        return controller
    }

    @Test(arguments: [ModalPresentationStyle.fullScreen, .currentContext])
    func presentAndDismissWithACoveringStyle(style: ModalPresentationStyle) {
        let world = Harness()
        let a = named("A")
        world.show(a)
        let b = presented("B", style)
        a.present(b, animated: true) { world.recorder.mark("completion") }
        #expect(world.take() == traceLines("B.load, A.wD, B.wA, B.layout, B.dA, A.dD, completion"))
        #expect(a.viewIfLoaded?.window == nil)
        #expect(a.presentedViewController === b && b.presentingViewController === a)
        world.check()
        b.dismiss(animated: true) { world.recorder.mark("completion") }
        #expect(world.take() == traceLines("B.wD, A.wA, A.layout, A.dA, B.dD, completion"))
        #expect(a.presentedViewController == nil && b.presentingViewController == nil)
        #expect(b.viewIfLoaded?.window == nil)
        world.check()
    }

    @Test func dismissRevealsAPresenterUnloadedByAMemoryWarning() {
        let world = Harness()
        let a = named("A")
        world.show(a)
        let b = presented("B", .fullScreen)
        a.present(b, animated: false)
        world.app.didReceiveMemoryWarning()
        #expect(a.isViewLoaded == false)
        #expect(b.isViewLoaded)
        world.recorder.reset()
        a.dismiss(animated: false)
        #expect(world.take() == traceLines("B.wD, A.load, A.wA, A.layout, A.dA, B.dD"))
        world.check()
    }

    @Test(arguments: [ModalPresentationStyle.pageSheet, .formSheet, .overFullScreen, .overCurrentContext, .popover])
    func presenterGetsNothingWithNonCoveringStyles(style: ModalPresentationStyle) {
        let world = Harness()
        let a = named("A")
        world.show(a)
        let b = presented("B", style)
        a.present(b, animated: true) { world.recorder.mark("completion") }
        #expect(world.take() == traceLines("B.load, B.wA, B.layout, B.dA, completion"))
        #expect(a.view.window === world.window)
        world.check()
        a.dismiss(animated: true) { world.recorder.mark("completion") }
        #expect(world.take() == traceLines("B.wD, B.dD, completion"))
        world.check()
    }

    @Test func fullScreenStylesPresentFromTheWindowRoot() {
        let world = Harness()
        let deep = named("Deep")
        let stack = nav("N", root: deep)
        let tabs = TabBarController()
        tabs.viewControllers = [stack]
        world.show(tabs)
        let b = presented("B", .fullScreen)
        deep.present(b, animated: false)
        #expect(b.presentingViewController === tabs)
        #expect(tabs.appearanceState == .disappeared && deep.appearanceState == .disappeared)
        #expect(deep.presentedViewController === b)
        #expect(deep.isViewLoaded && deep.viewIfLoaded?.window == nil)
        world.check()
    }

    @Test func contextStylesPresentFromTheNearestContextAndLeaveTheRestOnScreen() {
        let world = Harness()
        let deep = named("Deep")
        let stack = nav("N", root: deep)
        let other = named("Other")
        let tabs = TabBarController()
        tabs.restorationIdentifier = "Tabs"
        tabs.viewControllers = [stack, other]
        world.show(tabs)
        let b = presented("B", .currentContext)
        deep.present(b, animated: false)
        #expect(world.take() == traceLines("B.load, N.wD, Deep.wD, B.wA, B.layout, B.dA, N.dD, Deep.dD"))
        #expect(b.presentingViewController === stack)
        #expect(tabs.appearanceState == .appeared)
        #expect(stack.visibleViewController === b)
        world.check()
        // Switching tabs takes the presentation off screen with its context, and back.
        tabs.selectedIndex = 1
        #expect(world.take() == traceLines("Other.load, Other.wA, B.wD, Other.layout, B.dD, Other.dA"))
        world.check()
        tabs.selectedIndex = 0
        #expect(world.take() == traceLines("B.wA, Other.wD, B.layout, Other.dD, B.dA"))
        world.check()
    }

    @Test func contextStylesWithoutAContextUseTheRoot() {
        let world = Harness()
        let p = named("P")
        let c = named("C")
        p.addChild(c)
        c.didMove(toParent: p)
        world.show(p)
        let b = presented("B", .overCurrentContext)
        c.present(b, animated: false)
        #expect(b.presentingViewController === p)
        world.check()
    }

    @Test func presentedAndPresentingAreAnsweredByDescendants() {
        let world = Harness()
        let top = named("T")
        let stack = nav("N", root: top)
        world.show(stack)
        let sheetRoot = named("SheetRoot")
        let sheetNav = nav("SheetNav", root: sheetRoot)
        sheetNav.modalPresentationStyle = .pageSheet
        top.present(sheetNav, animated: false)
        #expect(sheetNav.presentingViewController === stack)
        #expect(top.presentedViewController === sheetNav)
        #expect(stack.presentedViewController === sheetNav)
        #expect(sheetRoot.presentingViewController === stack)
        #expect(stack.children == [top])
        #expect(sheetNav.parent == nil)
        world.check()
    }

    @Test func aPresenterThatAlreadyPresentsRefuses() {
        let world = Harness()
        let a = named("A")
        world.show(a)
        let b = presented("B", .pageSheet)
        a.present(b, animated: false)
        _ = world.take()
        _ = world.takeDiagnostics()
        var completed = false
        a.present(presented("C", .pageSheet), animated: false) { completed = true }
        #expect(completed == false)
        #expect(a.presentedViewController === b)
        #expect(world.takeDiagnostics() == [.alreadyPresenting])
        #expect(world.take() == [])
        world.check()
    }

    @Test func presentingAnActiveControllerIsRefused() {
        let world = Harness()
        let a = named("A")
        let stack = nav("N", root: a)
        world.show(stack)
        let b = presented("B", .pageSheet)
        a.present(b, animated: false)
        let sheetChild = named("SC")
        b.addChild(sheetChild)
        _ = world.takeDiagnostics()
        b.present(a, animated: false)
        b.present(stack, animated: false)
        b.present(sheetChild, animated: false)
        b.present(b, animated: false)
        #expect(world.takeDiagnostics() == [.controllerAlreadyActive, .wouldCreateCycle, .controllerAlreadyActive, .wouldCreateCycle])
        #expect(b.presentedViewController == nil)
        world.check()
    }

    @Test func presentingFromAControllerInNoWindowIsRefused() {
        let world = Harness()
        let loose = named("Loose")
        loose.present(named("B"), animated: false)
        #expect(loose.presentedViewController == nil)
        #expect(world.takeDiagnostics() == [.notInWindow])
    }

    @Test func dismissingTheBottomOfAChainRemovesEverythingAboveIt() {
        let world = Harness()
        let a = named("A")
        world.show(a)
        let b = presented("B", .fullScreen)
        let c = presented("C", .pageSheet)
        let d = presented("D", .fullScreen)
        a.present(b, animated: false)
        b.present(c, animated: false)
        c.present(d, animated: false)
        #expect(d.presentingViewController === c)
        #expect(b.appearanceState == .appeared)
        #expect(c.appearanceState == .disappeared)
        world.check()
        world.recorder.reset()
        a.dismiss(animated: true) { world.recorder.mark("completion") }
        // B is under a page sheet, so it was on screen and leaves with wD/dD; C was covered by
        // D and leaves silently; D, the top, leaves with its calls.
        #expect(world.take() == traceLines("B.wD, D.wD, A.wA, A.layout, A.dA, B.dD, D.dD, completion"))
        #expect(a.presentedViewController == nil)
        #expect(c.presentedViewController == nil && d.presentingViewController == nil)
        world.check()
    }

    @Test func dismissOnAPresentedControllerAsksItsPresenter() {
        let world = Harness()
        let a = named("A")
        world.show(a)
        let b = presented("B", .pageSheet)
        let inner = named("Inner")
        b.addChild(inner)
        a.present(b, animated: false)
        inner.dismiss(animated: false)
        #expect(a.presentedViewController == nil)
        world.check()
        _ = world.takeDiagnostics()
        a.dismiss(animated: false)
        #expect(world.takeDiagnostics() == [.nothingToDismiss])
    }

    @Test func presentingInAHiddenWindowLinksWithoutCallbacksAndShowsLater() {
        let world = Harness()
        let a = named("A")
        world.window.rootViewController = a
        let b = presented("B", .fullScreen)
        a.present(b, animated: false) { world.recorder.mark("completion") }
        #expect(world.take() == ["completion"])
        world.window.makeKeyAndVisible()
        #expect(world.take() == traceLines("B.load, B.wA, B.layout, B.dA"))
        #expect(a.isViewLoaded == false)
        world.check()
        b.dismiss(animated: false)
        #expect(world.take() == traceLines("B.wD, A.load, A.wA, A.layout, A.dA, B.dD"))
        world.check()
    }

    @Test func coveringARootOffScreenTakesWhatIsPresentedInsideItOutOfTheWindow() {
        let world = Harness()
        let deep = named("Deep")
        let stack = nav("N", root: deep)
        let tabs = TabBarController()
        tabs.restorationIdentifier = "Tabs"
        tabs.viewControllers = [stack, named("Other")]
        world.show(tabs)
        let inner = presented("B", .currentContext)
        deep.present(inner, animated: false)
        #expect(inner.viewIfLoaded?.window === world.window)
        world.window.isHidden = true
        // Off screen: no transition, but the covered root's views leave the window, and so does
        // the view of what is presented inside it, which sits in the window itself.
        tabs.present(presented("Cover", .fullScreen), animated: false)
        #expect(tabs.viewIfLoaded?.window == nil)
        #expect(inner.viewIfLoaded?.window == nil)
        world.recorder.reset()
        world.window.isHidden = false
        #expect(world.take() == traceLines("Cover.load, Cover.wA, Cover.layout, Cover.dA"))
        #expect(world.window.subviews.count == 1)
        world.check()
    }

    @Test func poppingAContextThatPresentsTakesThePresentationOffScreen() {
        let world = Harness()
        let root = named("Root")
        let stack = nav("N", root: root)
        world.show(stack)
        let context = named("Ctx")
        context.definesPresentationContext = true
        stack.pushViewController(context, animated: false)
        let over = presented("Over", .overCurrentContext)
        context.present(over, animated: false)
        #expect(over.presentingViewController === context)
        world.recorder.reset()
        stack.popViewController(animated: false)
        #expect(world.take() == traceLines("Ctx.wM(nil), Ctx.wD, Over.wD, Root.wA, Root.layout, Ctx.dD, Over.dD, Root.dA, Ctx.dM(nil)"))
        #expect(over.viewIfLoaded?.window == nil)
        world.check()
    }

    @Test func beingPresentedAndDismissedFlagsHoldDuringTheirCallbacks() {
        final class Watcher: ViewController {
            var seen: [String] = []
            override func viewWillAppear(_ animated: Bool) { seen.append("wA presented=\(isBeingPresented)") }
            override func viewDidAppear(_ animated: Bool) { seen.append("dA presented=\(isBeingPresented)") }
            override func viewWillDisappear(_ animated: Bool) { seen.append("wD dismissed=\(isBeingDismissed)") }
            override func viewDidDisappear(_ animated: Bool) { seen.append("dD dismissed=\(isBeingDismissed)") }
        }
        let world = Harness()
        let a = named("A")
        world.show(a)
        let watcher = Watcher()
        a.present(watcher, animated: true)
        a.dismiss(animated: true)
        #expect(watcher.seen == ["wA presented=true", "dA presented=true", "wD dismissed=true", "dD dismissed=true"])
        #expect(watcher.isBeingPresented == false && watcher.isBeingDismissed == false)
        #expect(watcher.activePresentationStyle == nil)
    }
}
