import ControllerKit
import MailSample
import StateRestoration

/// The sample app as the tests use it.
@MainActor
enum MailSampleRegistry {
    static func make() -> RestorationRegistry { MailSample.makeRegistry() }
    static func root() -> TabBarController { MailSample.makeRoot() }
    static func session(_ window: Window, _ application: Application) { MailSample.runSession(in: window, application: application) }
    static func endState(_ window: Window) { MailSample.buildSessionEndState(in: window) }
}
