import Testing
import UIKitCompatibility

/// The scene delegates an application made, in order.
@MainActor
private final class MadeDelegates {
    var all: [SceneDelegate] = []
}

/// A scene application with the template's delegates, launched.
@MainActor
private func launchSceneApp() -> (UIApplication, SceneAppDelegate, MadeDelegates) {
    let application = UIApplication()
    let made = MadeDelegates()
    application.sceneDelegateFactory = { _ in
        let delegate = SceneDelegate()
        made.all.append(delegate)
        return delegate
    }
    let appDelegate = SceneAppDelegate()
    application.launch(appDelegate)
    return (application, appDelegate, made)
}

/// Survey section (d): scenes, sessions and their delegates.
@MainActor
@Suite("Scenes: UIScene, UISceneSession and the template's scene delegate")
struct ScenesSessionRows {
    @Test("UIKit's scene names are the project's types, with UIKit's raw values")
    func names() {
        #expect(UIScene.self == Scene.self)
        #expect(UIWindowScene.self == WindowScene.self)
        #expect(UISceneSession.self == SceneSession.self)
        #expect(UISceneConfiguration.self == SceneConfiguration.self)
        #expect(UISceneDestructionRequestOptions.self == SceneDestructionRequestOptions.self)
        #expect(UISceneSession.Role.windowApplication.rawValue == "UIWindowSceneSessionRoleApplication")
        #expect(UIScene.ActivationState.foregroundActive.rawValue == 0)
        #expect(UIScene.ActivationState.background.rawValue == 2)
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: .windowApplication)
        configuration.delegateClass = SceneDelegate.self
        #expect(configuration.name == "Default Configuration" && configuration.role == .windowApplication)
        let delegate: any UIWindowSceneDelegate = SceneDelegate()
        let sceneDelegate: any UISceneDelegate = delegate
        #expect(sceneDelegate === delegate)
        let options: UIScene.ConnectionOptions = UIScene.ConnectionOptions()
        #expect(options.userActivities.isEmpty)
    }

    @Test("Launch: configurationForConnecting, then the template's willConnectTo, foreground, active")
    func launch() throws {
        let (application, appDelegate, made) = launchSceneApp()
        #expect(appDelegate.calls == ["didFinishLaunching", "configurationForConnecting"])
        let delegate = try #require(made.all.first)
        #expect(delegate.calls == ["willConnectTo", "sceneWillEnterForeground", "sceneDidBecomeActive"])
        let scene = try #require(application.connectedScenes.first as? UIWindowScene)
        #expect(application.openSessions.count == 1)
        #expect(scene.session.configuration.name == "Default Configuration")
        #expect(scene.activationState == .foregroundActive && scene.title == "Inbox")
        #expect(application.applicationState == .active)
        // The pattern of five surveyed apps: a controller finds its scene's activity.
        let inbox = try #require(delegate.window?.rootViewController)
        #expect(inbox.view.window?.windowScene?.userActivity?.activityType == SceneDelegate.activityType)
        delegate.window?.isHidden = true
    }

    @Test("Background saves the activity; a reconnection reads connectionOptions.userActivities.first ?? session.stateRestorationActivity")
    func reconnect() throws {
        let (application, _, made) = launchSceneApp()
        let first = try #require(made.all.first)
        first.messageID = 42
        application.enterBackground()
        #expect(first.calls.suffix(3) == ["sceneWillResignActive", "sceneDidEnterBackground", "stateRestorationActivity"])
        let session = try #require(application.openSessions.first)
        #expect(session.stateRestorationActivity?.userInfo?["messageID"] as? Int == 42)
        session.userInfo = ["mailbox": "Archive"]
        #expect(try session.record().userInfo?["mailbox"] == .string("Archive"))

        application.disconnect(try #require(session.scene))
        #expect(first.calls.last == "sceneDidDisconnect")
        #expect(application.connectedScenes.isEmpty && application.openSessions.count == 1)

        application.requestSceneSessionActivation(session, userActivity: nil, options: nil)
        let second = try #require(made.all.last)
        #expect(second !== first && second.messageID == 42)
        #expect(second.calls == ["willConnectTo", "restoreInteractionState", "sceneWillEnterForeground", "sceneDidBecomeActive"])

        // An activity handed to the request comes first.
        let handoff = NSUserActivity(activityType: SceneDelegate.activityType)
        handoff.userInfo = ["messageID": 7]
        application.requestSceneSessionActivation(nil, userActivity: handoff, options: UIScene.ActivationRequestOptions())
        #expect(made.all.last?.messageID == 7 && application.openSessions.count == 2)
        for delegate in made.all { delegate.window?.isHidden = true }
    }

    @Test("requestSceneSessionDestruction discards the session and tells the app delegate")
    func discard() throws {
        let (application, appDelegate, made) = launchSceneApp()
        let session = try #require(application.openSessions.first)
        application.requestSceneSessionDestruction(session, options: UISceneDestructionRequestOptions()) { error in
            Issue.record("refused: \(error)")
        }
        #expect(made.all.first?.calls.suffix(3) == ["sceneWillResignActive", "sceneDidEnterBackground", "sceneDidDisconnect"])
        #expect(appDelegate.calls.last == "didDiscardSceneSessions")
        #expect(appDelegate.discardedIdentifiers == [session.persistentIdentifier])
        #expect(application.openSessions.isEmpty && application.applicationState == .background)
    }

    @Test("UIScene.extendStateRestoration() / completeStateRestoration() after the restoration restore nothing twice")
    func extendedRestoration() throws {
        let (application, _, made) = launchSceneApp()
        application.enterBackground()
        let session = try #require(application.openSessions.first)
        application.disconnect(try #require(session.scene))
        made.all.removeAll()
        application.requestSceneSessionActivation(session, userActivity: nil, options: nil)
        let scene = try #require(session.scene)
        // Too late to extend here, as in UIKit: the interaction state was restored already.
        #expect(made.all.first?.calls.contains("restoreInteractionState") == true)
        scene.extendStateRestoration()
        scene.completeStateRestoration()
        #expect(made.all.first?.calls.filter { $0 == "restoreInteractionState" }.count == 1)
        made.all.first?.window?.isHidden = true
    }
}
