import ControllerKit
import Foundation
import Testing
import TestSupport

/// The public event stream, and what overrides see.
@MainActor
@Suite struct EventStreamTests {
    /// Records from inside its overrides, after calling `super` first.
    final class Probe: ViewController {
        let log: Log
        init(_ name: String, log: Log) {
            self.log = log
            super.init(nibName: nil, bundle: nil)
            restorationIdentifier = name
        }
        required init?(coder: Coder) { return nil }
        private func add(_ what: String) { log.lines.append("\(restorationIdentifier ?? "?").\(what)") }
        override func loadView() { super.loadView(); add("loadView") }
        override func viewDidLoad() { super.viewDidLoad(); add("viewDidLoad") }
        override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); add("wA") }
        override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); add("dA") }
        override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); add("wD") }
        override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); add("dD") }
        override func viewWillLayoutSubviews() { super.viewWillLayoutSubviews(); add("viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { super.viewDidLayoutSubviews(); add("viewDidLayoutSubviews") }
        override func willMove(toParent parent: ViewController?) {
            super.willMove(toParent: parent)
            add("wM(\(parent?.restorationIdentifier ?? "nil"))")
        }
        override func didMove(toParent parent: ViewController?) {
            super.didMove(toParent: parent)
            add("dM(\(parent?.restorationIdentifier ?? "nil"))")
        }
    }

    final class Log { var lines: [String] = [] }

    @Test func overridesSeeExactlyTheRecordedTrace() {
        let world = Harness()
        let log = Log()
        let a = Probe("A", log: log)
        let n = nav("N", root: a)
        world.show(n)
        log.lines.removeAll()
        let b = Probe("B", log: log)
        n.pushViewController(b, animated: true)
        n.popViewController(animated: true)
        let expected = traceLines("B.wM(N), B.load, A.wD, B.wA, B.layout, A.dD, B.dA, B.dM(N), B.wM(nil), B.wD, A.wA, A.layout, B.dD, A.dA, B.dM(nil)")
        #expect(log.lines == expected)
        #expect(world.take() == expected)
    }

    @Test func parentsComeFirstEvenForOverridesThatCallSuperFirst() {
        let world = Harness()
        let log = Log()
        let top = Probe("T", log: log)
        let n = nav("N", root: top)
        let tabs = TabBarController()
        tabs.viewControllers = [n]
        world.window.rootViewController = tabs
        log.lines.removeAll()
        world.window.makeKeyAndVisible()
        #expect(log.lines == traceLines("T.load, T.wA, T.layout, T.dA"))
        let appearance = world.take().filter { $0.hasSuffix(".wA") || $0.hasSuffix(".dA") }
        #expect(appearance == ["TabBarController.wA", "N.wA", "T.wA", "TabBarController.dA", "N.dA", "T.dA"])
    }

    @Test func eventsCarryTheControllerAndAnimatedFlag() {
        let world = Harness()
        var seen: [String] = []
        let token = world.app.addLifecycleObserver { event in
            if case .viewWillAppear(let animated) = event.kind {
                seen.append("\(event.controller.restorationIdentifier ?? "?") animated=\(animated)")
            }
        }
        let a = named("A")
        let n = nav("N", root: a)
        world.show(n)
        n.pushViewController(named("B"), animated: true)
        world.app.removeObserver(token)
        n.popViewController(animated: true)
        #expect(seen == ["N animated=false", "A animated=false", "B animated=true"])
    }

    @Test func diagnosticObserversHearEveryReport() {
        let world = Harness()
        var heard: [Diagnostic] = []
        let token = world.app.addDiagnosticObserver { heard.append($0) }
        let a = named("A")
        let n = nav("N", root: a)
        world.show(n)
        n.popViewController(animated: false)
        world.app.removeObserver(token)
        n.popViewController(animated: false)
        #expect(heard.map(\.kind) == [.cannotPopRootViewController])
        #expect(heard.first?.message == #"NavigationController(id: "N") cannot pop its root view controller"#)
        #expect(world.app.diagnostics.count == 2)
    }
}

/// The hierarchy-change channel tools like strict mode listen to.
@MainActor
@Suite struct HierarchyChangeTests {
    @Test func everyCompletedRequestIsAnnouncedOnceAfterItsCallbacks() {
        let world = Harness()
        var announced: [String] = []
        world.app.addHierarchyChangeObserver { window in
            announced.append("change, top=\((window.rootViewController as? NavigationController)?.topViewController?.restorationIdentifier ?? "-")")
            world.recorder.mark("change")
        }
        let n = nav("N", root: named("A"))
        world.show(n)
        announced.removeAll()
        world.recorder.reset()
        n.pushViewController(named("B"), animated: false)
        n.popViewController(animated: false)
        #expect(announced == ["change, top=B", "change, top=A"])
        #expect(world.take().filter { $0 == "change" || $0.hasSuffix("dM(N)") || $0.hasSuffix("dM(nil)") }
                == ["B.dM(N)", "change", "B.dM(nil)", "change"])
    }
}
