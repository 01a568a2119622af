import ControllerKit
import Foundation
import MailSample
import StateRestoration

/// The demo's scene part: two windows of the mail app, each a scene session with its own
/// screen, sent to the background, lost with their process, and relaunched each where it was.
@MainActor
struct TwoWindowDemo {
    let path: String

    /// Runs it, printing what happened; whether each window came back where it was.
    func run() throws -> Bool {
        Database.removeFiles(atPath: path)
        print("database: \(path)")
        var before: [String: String] = [:]
        do {
            let (application, preservation) = try launch()
            let first = application.openSessions.map(\.persistentIdentifier)
            application.requestSceneSessionActivation(nil, userActivity: nil, options: nil)
            let second = application.openSessions.map(\.persistentIdentifier).filter { !first.contains($0) }
            let scenes = Self.mailScenes(application, order: first + second)
            guard scenes.count == 2 else { return false }
            MailSample.openMessage(in: scenes[0].window)
            MailSample.openSearch("budget", in: scenes[1].window)
            for scene in scenes { before[scene.identifier] = Self.screen(scene.window) }
            print("first launch: two windows, \(scenes.map { before[$0.identifier] ?? "" }.joined(separator: "; "))")
            application.enterBackground()
            let saved = preservation.sessionSaves.values.compactMap { try? $0.get() }.filter(\.didSave).count
            print("background: each scene kept its activity, and its controllers as a snapshot of its session (\(saved) saved)")
            try preservation.store.close()
        }
        print("the process dies: only the file is left")
        let (application, preservation) = try launch()
        print("relaunch: the saved sessions reconnect, each restored into its own window before willConnectTo")
        var allBack = true
        let order = try preservation.store.sessions().map { try $0.get().record.persistentIdentifier }
        for scene in Self.mailScenes(application, order: order) {
            let screen = Self.screen(scene.window)
            let restored = (try? preservation.sessionRestores[scene.identifier]?.get().didRestore) == true
            allBack = allBack && restored && screen == before[scene.identifier]
            print("  session \(scene.identifier.prefix(8))…  activity \(ValueFormatter.quoted(scene.activityTitle))  \(screen)")
        }
        try preservation.store.launchSucceeded()
        for window in application.windows { window.isHidden = true }
        return allBack
    }

    /// A new "process": an application whose scenes are mail windows, kept in the file.
    private func launch() throws -> (Application, StatePreservation) {
        let application = Application()
        let preservation = try StatePreservation(path: path, registry: MailSample.makeRegistry())
        application.sceneStatePreservation = preservation
        application.sceneDelegateFactory = { _ in MailSceneDelegate() }
        application.launch(MailAppDelegate())
        return (application, preservation)
    }

    /// The connected mail scenes of the sessions `order` names, in that order.
    private static func mailScenes(_ application: Application, order: [String]) -> [(identifier: String, window: Window, activityTitle: String)] {
        order.compactMap { identifier in
            guard let session = application.openSessions.first(where: { $0.persistentIdentifier == identifier }),
                  let delegate = session.scene?.delegate as? MailSceneDelegate, let window = delegate.window else { return nil }
            return (session.persistentIdentifier, window, session.scene?.userActivity?.title ?? "")
        }
    }

    /// What a mail window shows: its selected tab and what is on top there.
    private static func screen(_ window: Window) -> String {
        guard let tabs = window.rootViewController as? TabBarController else { return "no mail screen" }
        switch tabs.selectedViewController {
        case let inbox as NavigationController:
            return "inbox: " + inbox.viewControllers.compactMap(\.restorationIdentifier).joined(separator: " › ")
        case let search as SearchController:
            return "search: \(ValueFormatter.quoted(search.query))"
        default:
            return tabs.selectedViewController?.restorationIdentifier ?? "nothing selected"
        }
    }
}

/// A mail window: the app's first screen unless its session's controllers were restored into
/// it; its activity names what it shows.
private final class MailSceneDelegate: Responder, WindowSceneDelegate {
    var window: Window?

    func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions) {
        if window?.rootViewController == nil { window?.rootViewController = MailSample.makeRoot() }
        scene.userActivity = session.stateRestorationActivity ?? UserActivity(activityType: "com.example.mail.browsing")
    }

    func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        let tabs = window?.rootViewController as? TabBarController
        let top = (tabs?.selectedViewController as? NavigationController)?.topViewController
        scene.userActivity?.title = (tabs?.selectedViewController as? SearchController).map { "Search: \($0.query)" } ?? top?.title
        return scene.userActivity
    }
}

/// Opts in to saving and restoring controllers, as the classic demo's app does.
private final class MailAppDelegate: Responder, ApplicationDelegate {
    func application(_ application: Application, shouldSaveSecureApplicationState coder: Coder) -> Bool { true }
    func application(_ application: Application, shouldRestoreSecureApplicationState coder: Coder) -> Bool { true }
}
