import Foundation
import StateRestoration
import Testing

/// The scene apps (Sources/navstate-scenes-app, Sources/navstate-mixed-scenes-app), UIKit code
/// in the shape of Xcode's template with scenes, run by `@main` in child processes: launched,
/// sent to the background, killed with SIGKILL and relaunched; their scene callbacks come in
/// UIKit's order (docs/scenes.md), compared as whole traces.
@Suite struct SceneAppTests {
    /// The mail app's first launch: its first window opens message 7 of the inbox, then the
    /// app opens message 12 of the archive in a second window (a second session, its activity
    /// in the connection options); to the background, where each scene's activity is asked for
    /// and updated by the controller sharing it; then killed.
    private func launchTwoWindowsAndKill(_ app: SampleAppRun) throws {
        let first = try app.launch(["SCENES_OPEN_MESSAGE": "inbox/7/120.5", "SCENES_OPEN_IN_NEW_WINDOW": "archive/12/48"])
        var trace = try first.lines(until: "archive/12: sceneDidBecomeActive")
        trace += try first.backgroundThenKill(printingUntil: "archive/12.didReceiveMemoryWarning")
        #expect(first.termination == .signaled(SIGKILL))
        #expect(trace == [
            "didFinishLaunching",
            "configurationForConnecting activities=0",
            "inbox/7: willConnectTo activity=none",
            "inbox/7.viewWillAppear scrollOffset=120.5",
            "inbox/7: sceneWillEnterForeground", "inbox/7: sceneDidBecomeActive",
            "configurationForConnecting activities=1",
            "archive/12: willConnectTo activity=connectionOptions",
            "archive/12.viewWillAppear scrollOffset=48.0",
            "archive/12: sceneWillEnterForeground", "archive/12: sceneDidBecomeActive",
            "inbox/7: sceneWillResignActive", "inbox/7: sceneDidEnterBackground",
            "inbox/7: stateRestorationActivity", "inbox/7.updateUserActivityState",
            "archive/12: sceneWillResignActive", "archive/12: sceneDidEnterBackground",
            "archive/12: stateRestorationActivity", "archive/12.updateUserActivityState",
            "inbox.didReceiveMemoryWarning", "inbox/7.didReceiveMemoryWarning",
            "archive.didReceiveMemoryWarning", "archive/12.didReceiveMemoryWarning",
        ], "\(trace)")
        #expect(try storedActivityTitles(app) == ["inbox/7", "archive/12"])
    }

    /// The titles of the stored sessions' activities, in the order the sessions opened.
    private func storedActivityTitles(_ app: SampleAppRun) throws -> [String?] {
        try SnapshotInspector(path: app.stateFile).sessions().map { try $0.get().record.stateRestorationActivity?.title }
    }

    /// What `restoreInteractionState` prints of message `id` of `mailbox` at `offset`: every
    /// value of the activity's userInfo with its type, as the app put it there.
    private func restoredActivity(_ mailbox: String, _ id: Int, _ offset: String) -> String {
        "\(mailbox)/\(id): restoreInteractionState title=\(mailbox)/\(id) userInfo=[digest: data(0,1,\(id)), "
            + "draft: [lines: 3, to: \"ada@example.com\"], labels: [\"work\", \"\(mailbox)\"], mailbox: \"\(mailbox)\", "
            + "messageID: \(id), openedAt: date(\(786_297_600.25 + Double(id))), scrollOffset: double(\(offset)), unread: false]"
    }

    @Test func twoWindowsComeBackEachOnItsOwnScreenFromTheirActivitiesAfterAKill() throws {
        let app = try SampleAppRun("navstate-scenes-app", stateFileVariable: "SCENES_STATE_FILE")
        defer { app.remove() }
        try launchTwoWindowsAndKill(app)

        // Relaunched: both sessions reconnect in the order they were first saved, each with its own
        // activity in `session.stateRestorationActivity`, its userInfo back exactly; no
        // configuration is asked for, as the sessions are not new.
        let second = try app.launch()
        var relaunch = try second.lines(until: "archive/12: sceneDidBecomeActive")
        relaunch += try second.terminate()
        #expect(second.termination == .exited(0))
        #expect(relaunch == [
            "didFinishLaunching",
            "inbox/7: willConnectTo activity=session",
            "inbox/7.viewWillAppear scrollOffset=120.5",
            restoredActivity("inbox", 7, "120.5"),
            "inbox/7: sceneWillEnterForeground", "inbox/7: sceneDidBecomeActive",
            "archive/12: willConnectTo activity=session",
            "archive/12.viewWillAppear scrollOffset=48.0",
            restoredActivity("archive", 12, "48.0"),
            "archive/12: sceneWillEnterForeground", "archive/12: sceneDidBecomeActive",
            // Terminating sends every scene to the background first.
            "inbox/7: sceneWillResignActive", "inbox/7: sceneDidEnterBackground",
            "inbox/7: stateRestorationActivity", "inbox/7.updateUserActivityState",
            "archive/12: sceneWillResignActive", "archive/12: sceneDidEnterBackground",
            "archive/12: stateRestorationActivity", "archive/12.updateUserActivityState",
            "willTerminate",
        ], "\(relaunch)")
    }

    @Test func aDiscardedWindowDoesNotComeBack() throws {
        let app = try SampleAppRun("navstate-scenes-app", stateFileVariable: "SCENES_STATE_FILE")
        defer { app.remove() }
        try launchTwoWindowsAndKill(app)

        // The user closes the second window in the app switcher: its scene disconnects without
        // a save, then the app delegate hears of the discarded session. Then killed.
        let second = try app.launch()
        _ = try second.lines(until: "archive/12: sceneDidBecomeActive")
        try second.send("discard-scene 1")
        let discard = try second.backgroundThenKill(printingUntil: "inbox/7.didReceiveMemoryWarning")
        // The discarded session's rows are gone from the file, not only left out.
        #expect(try storedActivityTitles(app) == ["inbox/7"])
        #expect(discard == [
            "archive/12: sceneWillResignActive", "archive/12: sceneDidEnterBackground",
            "archive/12: sceneDidDisconnect",
            "didDiscardSceneSessions count=1",
            "inbox/7: sceneWillResignActive", "inbox/7: sceneDidEnterBackground",
            "inbox/7: stateRestorationActivity", "inbox/7.updateUserActivityState",
            "inbox.didReceiveMemoryWarning", "inbox/7.didReceiveMemoryWarning",
        ], "\(discard)")

        // Only the first window comes back.
        let third = try app.launch()
        var relaunch = try third.lines(until: "inbox/7: sceneDidBecomeActive")
        relaunch += try third.terminate()
        #expect(third.termination == .exited(0))
        #expect(relaunch == [
            "didFinishLaunching",
            "inbox/7: willConnectTo activity=session",
            "inbox/7.viewWillAppear scrollOffset=120.5",
            restoredActivity("inbox", 7, "120.5"),
            "inbox/7: sceneWillEnterForeground", "inbox/7: sceneDidBecomeActive",
            "inbox/7: sceneWillResignActive", "inbox/7: sceneDidEnterBackground",
            "inbox/7: stateRestorationActivity", "inbox/7.updateUserActivityState",
            "willTerminate",
        ], "\(relaunch)")
    }

    /// A scene event naming no open session, and a line that is no event, are reported on
    /// standard error; the app goes on.
    @Test func aSceneEventForNoOpenSessionIsReportedAndChangesNothing() throws {
        let app = try SampleAppRun("navstate-scenes-app", stateFileVariable: "SCENES_STATE_FILE")
        defer { app.remove() }
        let child = try app.launch()
        var trace = try child.lines(until: "inbox: sceneDidBecomeActive")
        for line in ["discard-scene 1", "discard-scene first", "discard-scene", "open-window", "terminate"] {
            try child.send(line)
        }
        trace += try child.lines(until: "willTerminate")
        child.wait()
        #expect(child.termination == .exited(0))
        #expect(trace == [
            "didFinishLaunching", "configurationForConnecting activities=0",
            "inbox: willConnectTo activity=none", "inbox: sceneWillEnterForeground", "inbox: sceneDidBecomeActive",
            "inbox: sceneWillResignActive", "inbox: sceneDidEnterBackground", "inbox: stateRestorationActivity",
            "willTerminate",
        ], "\(trace)")
        let known = "known: background, become-active, foreground, memory-warning, resign-active, terminate, discard-scene N"
        #expect(child.errorTail().split(separator: "\n").map(String.init) == [
            "navstate: discard-scene needs the index of an open session, not \"1\": the open sessions are 0 to 0",
            "navstate: discard-scene needs the index of an open session, not \"first\": the open sessions are 0 to 0",
            "navstate: unknown system event \"discard-scene\"; \(known)",
            "navstate: unknown system event \"open-window\"; \(known)",
        ])
    }

    /// The notes app opts in to view-controller-based restoration and also keeps an activity:
    /// relaunched, its controllers are rebuilt into the scene's window before
    /// `scene(_:willConnectTo:options:)`, which finds them there, and the draft comes back
    /// from the activity in `scene(_:restoreInteractionStateWith:)`, before the window shows.
    @Test func theHierarchyComesBackByItselfAndTheActivityBesideIt() throws {
        let app = try SampleAppRun("navstate-mixed-scenes-app", stateFileVariable: "MIXED_STATE_FILE")
        defer { app.remove() }

        let first = try app.launch(["MIXED_OPEN_NOTE": "4", "MIXED_DRAFT": "Buy milk"])
        var trace = try first.lines(until: "sceneDidBecomeActive")
        trace += try first.backgroundThenKill(printingUntil: "note.didReceiveMemoryWarning")
        #expect(first.termination == .signaled(SIGKILL))
        #expect(trace == [
            "didFinishLaunching",
            "configurationForConnecting",
            "willConnectTo restored=false activity=nil",
            // The system shows the window the app left hidden.
            "note.viewDidLoad", "note.viewWillAppear noteID=4 draft=\"Buy milk\"",
            "sceneWillEnterForeground", "sceneDidBecomeActive",
            "sceneWillResignActive", "sceneDidEnterBackground",
            "stateRestorationActivity",
            "shouldSaveSecureApplicationState", "note.encodeRestorableState",
            "note.didReceiveMemoryWarning",
        ], "\(trace)")

        let second = try app.launch()
        var relaunch = try second.lines(until: "sceneDidBecomeActive")
        relaunch += try second.terminate()
        #expect(second.termination == .exited(0))
        #expect(relaunch == [
            "didFinishLaunching",
            "shouldRestoreSecureApplicationState",
            "notes.viewDidLoad", "note.viewDidLoad",
            "notes.decodeRestorableState", "note.decodeRestorableState noteID=4",
            "willConnectTo restored=true activity=com.example.notes.editing",
            "restoreInteractionState draft=\"Buy milk\" editor=4",
            "note.viewWillAppear noteID=4 draft=\"Buy milk\"",
            "sceneWillEnterForeground", "sceneDidBecomeActive",
            "sceneWillResignActive", "sceneDidEnterBackground",
            "stateRestorationActivity",
            "shouldSaveSecureApplicationState", "note.encodeRestorableState",
            "willTerminate",
        ], "\(relaunch)")
    }
}
