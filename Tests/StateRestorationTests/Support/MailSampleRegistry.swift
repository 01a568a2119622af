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

    /// Saves two snapshots at `path`: "before" (the launch hierarchy) and the newer "session".
    static func saveBeforeAndSession(at path: String) throws {
        let store = try RestorationStore(path: path)
        let window = Window(application: Application())
        window.rootViewController = root()
        window.makeKeyAndVisible()
        _ = try store.save(windows: [window], registry: make(), label: "before")
        session(window, window.application)
        _ = try store.save(windows: [window], registry: make(), label: "session")
    }
}
