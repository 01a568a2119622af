import ControllerKit
import Foundation
import Testing

/// A plain controller named by its restoration identifier.
@MainActor
func named(_ name: String) -> ViewController {
    let controller = ViewController()
    controller.restorationIdentifier = name
    return controller
}

/// A navigation controller named `name` (named before `root` joins, so the trace names it).
@MainActor
func nav(_ name: String, root: ViewController) -> NavigationController {
    let controller = NavigationController()
    controller.restorationIdentifier = name
    controller.viewControllers = [root]
    return controller
}

/// One test's world: its own application and window, a trace recorder and an auditor.
@MainActor
final class Harness {
    let app = Application()
    let window: Window
    let recorder: LifecycleTraceRecorder
    let auditor: AppearanceAuditor

    init() {
        window = Window(application: app)
        // Detached trees report to `.shared`; tests run one at a time on the main actor.
        recorder = LifecycleTraceRecorder(observing: [app, .shared])
        auditor = AppearanceAuditor(observing: [app, .shared])
    }

    /// The lines recorded since the last call, then forgets them.
    func take() -> [String] {
        defer { recorder.reset() }
        return recorder.lines
    }

    /// Shows `root` in the window and forgets the trace of doing so.
    func show(_ root: ViewController) {
        window.rootViewController = root
        window.makeKeyAndVisible()
        recorder.reset()
    }

    /// Asserts that every invariant holds and no callback broke the state machine.
    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(window.invariantViolations() == [], sourceLocation: sourceLocation)
        #expect(app.invariantViolations() == [], sourceLocation: sourceLocation)
        #expect(auditor.violations == [], sourceLocation: sourceLocation)
    }

    /// The diagnostic kinds reported to this application and to `.shared` since the last call.
    func takeDiagnostics() -> [Diagnostic.Kind] {
        defer {
            app.clearDiagnostics()
            Application.shared.clearDiagnostics()
        }
        return (app.diagnostics + Application.shared.diagnostics).map(\.kind)
    }

    func tearDown() {
        window.isHidden = true
        recorder.stop()
    }
}
