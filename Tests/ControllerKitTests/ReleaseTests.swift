import ControllerKit
import Testing

/// Popped, dismissed and removed controllers are released: parent and presenting links are weak.
@MainActor
@Suite struct ReleaseTests {
    @Test func poppedControllersAreReleased() {
        let world = Harness()
        let n = nav("N", root: named("A"))
        world.show(n)
        weak var popped: ViewController?
        weak var poppedView: View?
        do {
            let b = named("B")
            popped = b
            n.pushViewController(b, animated: true)
            poppedView = b.view
            n.pushViewController(named("C"), animated: true)
        }
        n.popToRootViewController(animated: true)
        #expect(popped == nil)
        #expect(poppedView == nil)
        world.check()
    }

    @Test func dismissedChainsAreReleased() {
        let world = Harness()
        let a = named("A")
        world.show(a)
        weak var first: ViewController?
        weak var second: ViewController?
        do {
            let b = named("B")
            let c = named("C")
            c.modalPresentationStyle = .pageSheet
            first = b
            second = c
            a.present(b, animated: false)
            b.present(c, animated: false)
        }
        #expect(first != nil)
        a.dismiss(animated: false)
        #expect(first == nil)
        #expect(second == nil)
        world.check()
    }

    @Test func removedChildrenReplacedTabsAndOldRootsAreReleased() {
        let world = Harness()
        let tabs = TabBarController()
        weak var oldTab: ViewController?
        weak var oldChild: ViewController?
        weak var oldRoot: ViewController?
        do {
            let tab = named("Tab")
            oldTab = tab
            tabs.viewControllers = [tab]
            let root = named("Root")
            oldRoot = root
            world.show(root)
            let child = named("Child")
            oldChild = child
            root.addChild(child)
            root.view.addSubview(child.view)
            child.didMove(toParent: root)
            child.willMove(toParent: nil)
            child.view.removeFromSuperview()
            child.removeFromParent()
        }
        tabs.viewControllers = [named("New")]
        world.window.rootViewController = tabs
        #expect(oldTab == nil)
        #expect(oldChild == nil)
        #expect(oldRoot == nil)
        world.check()
    }

    @Test func aWholeHiddenWindowIsReleased() {
        weak var window: Window?
        weak var root: ViewController?
        let app = Application()
        do {
            let shown = Window(application: app)
            window = shown
            let stack = nav("N", root: named("A"))
            root = stack
            shown.rootViewController = stack
            shown.makeKeyAndVisible()
            stack.pushViewController(named("B"), animated: false)
            let sheet = named("S")
            sheet.modalPresentationStyle = .formSheet
            stack.present(sheet, animated: false)
            shown.isHidden = true
        }
        #expect(app.windows.isEmpty)
        #expect(window == nil)
        #expect(root == nil)
    }
}
