import ControllerKit
import Foundation
import Testing
import TestSupport

/// Scene apps' launches, backgrounds and relaunches as whole traces of the app delegate's, the
/// scene delegates' and the store's calls and the app's notifications, in UIKit's order
/// (docs/scenes.md). Each relaunch is a new `Application` with the same in-memory store.
@MainActor
@Suite("Scenes: launch, background, relaunch")
struct SceneLaunchTests {
    @Test("First launch: one new session connects, comes to the foreground and becomes active")
    func firstLaunch() throws {
        let app = SceneApp()
        app.launch()
        #expect(app.log.take() == [
            "app.willFinishLaunching",
            "app.didFinishLaunching",
            "note.didFinishLaunching",
            "store.savedSessions(0)",
            "app.configurationForConnecting(A)",
            "A.willConnectTo(activity: nil, root: none)",
            "store.finishedRestoring(A)",
            "A.sceneWillEnterForeground",
            "A.sceneDidBecomeActive",
            "note.didBecomeActive",
        ])
        let scene = try #require(app.scene("A") as? WindowScene)
        let window = try #require(app.delegate("A")?.window)
        #expect(app.application.applicationState == .active)
        #expect(scene.activationState == .foregroundActive)
        #expect(scene.session.configuration.name == "Mail")
        #expect(window.windowScene === scene && scene.windows.count == 1 && scene.windows.first === window)
        #expect(window.isKeyWindow && app.application.windows.count == 1)
        #expect(app.delegate("A")?.screen() == "inbox")
        app.kill()
    }

    @Test("Background: resign, enter the background, then the activity is asked, updated by its responders and kept")
    func background() throws {
        let app = SceneApp()
        app.launch()
        app.delegate("A")?.open(message: 7)
        _ = app.log.take()
        app.application.enterBackground()
        #expect(app.log.take() == [
            "A.sceneWillResignActive",
            "note.willResignActive",
            "A.sceneDidEnterBackground",
            "note.didEnterBackground",
            "A.stateRestorationActivity",
            "updateUserActivityState(message: 7)",
            "store.preserve(A: message 7, inbox/message-7)",
        ])
        let scene = try #require(app.scene("A"))
        let kept = try #require(scene.session.stateRestorationActivity)
        // UIKit keeps a copy: the scene's own activity is another object.
        #expect(kept !== scene.userActivity)
        #expect(kept.activityType == RecordingSceneDelegate.activityType)
        #expect(scene.activationState == .background)
        #expect(app.application.applicationState == .background)
        app.kill()
    }

    @Test("Relaunch: the saved session reconnects with its activity and its controllers already in its window")
    func relaunch() throws {
        let app = SceneApp()
        app.launch()
        let identifier = try #require(app.session("A")).persistentIdentifier
        app.session("A")?.userInfo = ["mailbox": "Archive", "unread": 3]
        app.delegate("A")?.open(message: 7)
        app.application.enterBackground()
        app.kill()
        _ = app.log.take()

        app.launch()
        #expect(app.log.take() == [
            "app.willFinishLaunching",
            "app.didFinishLaunching",
            "note.didFinishLaunching",
            "store.savedSessions(1)",
            "store.restore(A: inbox/message-7)",
            "A.willConnectTo(activity: 7, root: inbox/message-7)",
            "A.restoreInteractionState(message: 7)",
            "store.finishedRestoring(A)",
            "A.sceneWillEnterForeground",
            "A.sceneDidBecomeActive",
            "note.didBecomeActive",
        ])
        let session = try #require(app.session("A"))
        #expect(session.persistentIdentifier == identifier)
        #expect(session.configuration.name == "Mail")
        #expect(session.userInfo?["mailbox"] as? String == "Archive" && session.userInfo?["unread"] as? Int == 3)
        #expect(app.delegate("A")?.message == 7)
        #expect(app.delegate("A")?.window?.isHidden == false)
        app.kill()
    }

    @Test("Restored controllers are in the window before willConnectTo, appear as it is shown, stay through the background and disappear with a disconnect")
    func controllerTrace() throws {
        let app = SceneApp()
        app.launch()
        app.delegate("A")?.open(message: 7)
        app.application.enterBackground()
        app.kill()

        app.launch()
        let trace = app.controllerTrace
        #expect(trace.lines == [
            "app.willFinishLaunching",
            "app.didFinishLaunching",
            "note.didFinishLaunching",
            "store.savedSessions(1)",
            "store.restore(A: inbox/message-7)",
            "A.willConnectTo(activity: 7, root: inbox/message-7)",
            "A.restoreInteractionState(message: 7)",
            "store.finishedRestoring(A)",
        ] + traceLines("nav.load, nav.wA, message-7.load, message-7.wA, nav.layout, message-7.layout, nav.dA, message-7.dA") + [
            "A.sceneWillEnterForeground",
            "A.sceneDidBecomeActive",
            "note.didBecomeActive",
        ])
        trace.reset()
        app.application.enterBackground()
        #expect(trace.lines.filter { $0.hasPrefix("nav.") || $0.hasPrefix("message-7.") }.isEmpty)
        trace.reset()
        app.application.disconnect(try #require(app.scene("A")))
        #expect(trace.lines == ["A.sceneDidDisconnect"] + traceLines("nav.wD, message-7.wD, nav.dD, message-7.dD"))
        app.kill()
    }

    @Test("Two sessions save and restore their own activity and screen")
    func twoSessions() throws {
        let app = SceneApp()
        app.launch()
        let handoff = UserActivity(activityType: RecordingSceneDelegate.activityType)
        handoff.userInfo = ["message": 3]
        app.application.requestSceneSessionActivation(nil, userActivity: handoff, options: nil)
        #expect(app.delegate("B")?.message == 3)
        app.delegate("A")?.open(message: 5)
        app.delegate("B")?.open(message: 9)
        _ = app.log.take()
        app.application.enterBackground()
        #expect(app.log.take() == [
            "A.sceneWillResignActive",
            "A.sceneDidEnterBackground",
            "A.stateRestorationActivity",
            "updateUserActivityState(message: 5)",
            "store.preserve(A: message 5, inbox/message-5)",
            "B.sceneWillResignActive",
            "note.willResignActive",
            "B.sceneDidEnterBackground",
            "note.didEnterBackground",
            "B.stateRestorationActivity",
            "updateUserActivityState(message: 9)",
            "store.preserve(B: message 9, inbox/message-9)",
        ])
        app.kill()
        _ = app.log.take()

        app.launch()
        #expect(app.log.take() == [
            "app.willFinishLaunching",
            "app.didFinishLaunching",
            "note.didFinishLaunching",
            "store.savedSessions(2)",
            "store.restore(A: inbox/message-5)",
            "A.willConnectTo(activity: 5, root: inbox/message-5)",
            "A.restoreInteractionState(message: 5)",
            "store.finishedRestoring(A)",
            "A.sceneWillEnterForeground",
            "A.sceneDidBecomeActive",
            "note.didBecomeActive",
            "store.restore(B: inbox/message-9)",
            "B.willConnectTo(activity: 9, root: inbox/message-9)",
            "B.restoreInteractionState(message: 9)",
            "store.finishedRestoring(B)",
            "B.sceneWillEnterForeground",
            "B.sceneDidBecomeActive",
        ])
        #expect(app.delegate("A")?.screen() == "inbox/message-5")
        #expect(app.delegate("B")?.screen() == "inbox/message-9")
        #expect(app.application.connectedScenes.count == 2)
        app.kill()
    }

    @Test("Discard: the scene leaves without a save, its state is deleted, then the app delegate hears of it")
    func discard() throws {
        let app = SceneApp()
        app.launch()
        app.application.requestSceneSessionActivation(nil, userActivity: nil, options: nil)
        app.application.enterBackground()
        app.application.enterForeground()
        let discarded = try #require(app.session("B"))
        let window = try #require(app.delegate("B")?.window)
        #expect(app.store.records.count == 2)
        _ = app.log.take()

        app.application.requestSceneSessionDestruction(discarded, options: nil)
        #expect(app.log.take() == [
            "B.sceneWillResignActive",
            "B.sceneDidEnterBackground",
            "B.sceneDidDisconnect",
            "store.discard(B)",
            "app.didDiscardSceneSessions(B)",
        ])
        #expect(app.openLabels == ["A"])
        #expect(discarded.scene == nil && window.isHidden)
        #expect(app.store.records.map(\.persistentIdentifier) == [try #require(app.session("A")).persistentIdentifier])
        #expect(app.application.applicationState == .active)

        app.kill()
        app.launch()
        #expect(app.openLabels == ["A"])
        app.kill()
    }

    @Test("A session that never reconnects keeps its state and blocks none of the others")
    func sessionThatNeverReconnects() throws {
        let app = SceneApp()
        app.launch()
        app.application.requestSceneSessionActivation(nil, userActivity: nil, options: nil)
        app.delegate("A")?.open(message: 2)
        _ = app.log.take()
        app.application.disconnect(try #require(app.scene("A")))
        #expect(app.log.take() == [
            "A.sceneWillResignActive",
            "A.sceneDidEnterBackground",
            "A.stateRestorationActivity",
            "updateUserActivityState(message: 2)",
            "store.preserve(A: message 2, inbox/message-2)",
            "A.sceneDidDisconnect",
        ])
        #expect(app.openLabels == ["A", "B"])
        #expect(app.application.connectedScenes.count == 1)

        // B goes on through the background and back, and is saved; A is not asked again.
        app.delegate("B")?.open(message: 4)
        app.application.enterBackground(try #require(app.scene("B")))
        app.application.requestSceneSessionActivation(app.session("B"), userActivity: nil, options: nil)
        #expect(app.log.take() == [
            "B.sceneWillResignActive",
            "note.willResignActive",
            "B.sceneDidEnterBackground",
            "note.didEnterBackground",
            "B.stateRestorationActivity",
            "updateUserActivityState(message: 4)",
            "store.preserve(B: message 4, inbox/message-4)",
            "B.sceneWillEnterForeground",
            "note.willEnterForeground",
            "B.sceneDidBecomeActive",
            "note.didBecomeActive",
        ])
        #expect(RecordingSceneDelegate.message(in: app.session("A")?.stateRestorationActivity) == "2")
        #expect(app.store.screens[try #require(app.session("A")).persistentIdentifier] == ["inbox", "message-2"])

        app.kill()
        app.launch()
        #expect(app.delegate("A")?.screen() == "inbox/message-2")
        #expect(app.delegate("B")?.screen() == "inbox/message-4")
        app.kill()
    }

    @Test("An extended restoration holds restoreInteractionState until its last completeStateRestoration()")
    func extendedRestoration() throws {
        let app = Self.savedMessageSixRelaunchingExtended()
        app.launch()
        #expect(app.log.take() == [
            "app.willFinishLaunching",
            "app.didFinishLaunching",
            "note.didFinishLaunching",
            "store.savedSessions(1)",
            "store.restore(A: inbox/message-6)",
            "A.willConnectTo(activity: 6, root: inbox/message-6)",
            "A.sceneWillEnterForeground",
            "A.sceneDidBecomeActive",
            "note.didBecomeActive",
        ])
        let scene = try #require(app.scene("A"))
        scene.completeStateRestoration()
        #expect(app.log.take() == [
            "A.restoreInteractionState(message: 6)",
            "store.finishedRestoring(A)",
        ])
        scene.completeStateRestoration()
        #expect(app.log.take() == [])
        #expect(app.application.diagnostics.map(\.kind) == [.outOfOrder])
        app.kill()
    }

    @Test("A scene that disconnects during its extended restoration ends it without restoreInteractionState")
    func disconnectDuringExtendedRestoration() throws {
        let app = Self.savedMessageSixRelaunchingExtended()
        app.launch()
        let scene = try #require(app.scene("A"))
        _ = app.log.take()

        app.application.disconnect(scene)
        // The background and its save as for any disconnect; the restoration ends before
        // sceneDidDisconnect, with no restoreInteractionState for a scene that is going.
        #expect(app.log.take() == [
            "A.sceneWillResignActive", "note.willResignActive",
            "A.sceneDidEnterBackground", "note.didEnterBackground",
            "A.stateRestorationActivity", "updateUserActivityState(message: 6)",
            "store.preserve(A: message 6, inbox/message-6)",
            "store.finishedRestoring(A)",
            "A.sceneDidDisconnect",
        ])
        scene.completeStateRestoration()
        #expect(app.log.take() == [])
        app.kill()
    }

    /// An app whose one session saved message 6 and was killed, set to extend its next
    /// restoration; its log taken.
    private static func savedMessageSixRelaunchingExtended() -> SceneApp {
        let app = SceneApp()
        app.launch()
        app.delegate("A")?.open(message: 6)
        app.application.enterBackground()
        app.kill()
        app.extendsRestoration = true
        _ = app.log.take()
        return app
    }

    @Test("A session a store gives back twice connects once")
    func repeatedSession() {
        let app = SceneApp()
        app.store.records = [SceneSessionRecord(persistentIdentifier: "one"), SceneSessionRecord(persistentIdentifier: "one"),
                             SceneSessionRecord(persistentIdentifier: "two")]
        app.launch()
        #expect(app.log.take().filter { $0.hasPrefix("store.restore") } == ["store.restore(A: )", "store.restore(B: )"])
        #expect(app.application.openSessions.map(\.persistentIdentifier).sorted() == ["one", "two"])
        app.kill()
    }

    @Test("Refused requests reach the error handler and change nothing")
    func refusedRequests() throws {
        var errors: [SceneRequestError] = []
        let record: (any Error) -> Void = { error in
            guard let error = error as? SceneRequestError else {
                Issue.record("not a SceneRequestError: \(error)")
                return
            }
            errors.append(error)
        }

        let classic = Application()
        classic.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: record)
        let unlaunched = Application()
        unlaunched.sceneDelegateFactory = { _ in RecordingSceneDelegate(log: CallLog()) }
        unlaunched.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: record)

        let app = SceneApp()
        app.launch()
        let discarded = try #require(app.session("A"))
        app.application.requestSceneSessionDestruction(discarded, options: nil)
        app.application.requestSceneSessionActivation(discarded, userActivity: nil, options: nil, errorHandler: record)
        app.application.requestSceneSessionDestruction(discarded, options: nil, errorHandler: record)

        #expect(errors == [.scenesNotSupported, .notLaunched, .sessionNotOpen(discarded.persistentIdentifier),
                           .sessionNotOpen(discarded.persistentIdentifier)])
        #expect(classic.openSessions.isEmpty && unlaunched.openSessions.isEmpty && app.application.openSessions.isEmpty)
        app.kill()
    }

    @Test("An activity holding a value that is not a property-list value is reported, and the session keeps none")
    func activityThatCannotBeKept() throws {
        let app = SceneApp()
        app.launch()
        let scene = try #require(app.scene("A"))
        scene.userActivity?.userInfo = ["controller": ViewController()]
        app.application.enterBackground()
        #expect(scene.session.stateRestorationActivity == nil)
        #expect(app.application.diagnostics.map(\.kind) == [.userActivityNotSaved])
        #expect(app.store.failures.isEmpty && app.store.records.count == 1)
        app.kill()
    }
}
