// Child processes and fixtures for the test suites.
//
//   navstate-test-helper write-fixture PATH        a database with the sample session saved
//   navstate-test-helper write-cli-fixture PATH    the session, then a later snapshot after more use
//   navstate-test-helper write-scenes-fixture PATH two scene sessions of the sample, one window each
//   navstate-test-helper crash-during-restore PATH  starts a restore and dies (SIGKILL) part-way
//   navstate-test-helper crash-after-showing PATH   restores, shows the window, and dies (SIGKILL)
//   navstate-test-helper restore-and-end PATH return|exit|trap
//                                                   restores with a store kept in a global, shows
//                                                   the window, then returns from main, calls
//                                                   exit(0) or traps
//   navstate-test-helper save-and-return PATH       saves the session with a store kept in a global
//                                                   and returns from main without closing it
//   navstate-test-helper autosave-walk PATH SEED    navigates at random with autosave on, forever,
//                                                   announcing "state STEP PATHS" and "saved STEP"
//   navstate-test-helper save-loop PATH [COUNT|forever] [KEEP]
//                                                   saves the session again and again, keeping KEEP
//                                                   snapshots (5), announcing "begin N" and "saved N"
//   navstate-test-helper read-loop PATH COUNT       lists and reads the newest snapshot COUNT times,
//                                                   printing "ok", "busy" or "partial: …"
//   navstate-test-helper port NAME save|restore PATH
//                                                   a ported UIKit example (recipes, settings,
//                                                   notebook), saved or restored (see Ports/)
//   navstate-test-helper launch-model PATH         the launch model's app (LaunchModelApp.swift)
//   navstate-test-helper scene-model PATH          its scene app (SceneModelApp.swift)
//   navstate-test-helper tamper PATH SQL [rechecksum]
//                                                   runs SQL with the schema's checks off, then
//                                                   (with rechecksum) rewrites every checksum
//
// Regenerate the fixtures with (then the CLI goldens, see Tests/NavstateTests):
//   swift run navstate-test-helper write-fixture Tests/Fixtures/schema-<N>.sqlite
//   swift run navstate-test-helper write-cli-fixture Tests/Fixtures/cli.sqlite
//   swift run navstate-test-helper write-scenes-fixture Tests/Fixtures/scenes.sqlite
import ControllerKit
import Foundation
import MailSample
import RestorationTesting
@testable import StateRestoration

// A child save through the kit: with NAVSTATE_CHILD_SAVE_PATH set, this saves the sample's end
// state and exits here.
ProcessDeath.saveIfRequested(registry: MailSample.makeRegistry()) { window in
    MailSample.buildSessionEndState(in: window)
}

/// A message controller whose restore kills the process, as a crash part-way through would.
final class CrashingMessageController: ViewController {
    required init?(coder: Coder) {
        kill(getpid(), SIGKILL)
        return nil
    }
}

/// Writes a line to standard output at once: the parent reads it to choose when to kill.
func announce(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// A shown window of the sample app after a session.
@MainActor
func sessionWindow() -> (Application, Window) {
    let application = Application()
    let window = Window(application: application)
    window.rootViewController = MailSample.makeRoot()
    window.makeKeyAndVisible()
    MailSample.runSession(in: window, application: application)
    return (application, window)
}

/// A store kept until the process ends, as an app keeps one in a global: only the exit closes it.
var storeKeptUntilExit: RestorationStore?

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("navstate-test-helper: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments.dropFirst()
guard let command = arguments.first, let path = arguments.dropFirst().first else {
    fail("usage: navstate-test-helper write-fixture|crash-during-restore PATH")
}

do {
    switch command {
    case "write-fixture":
        try? FileManager.default.removeItem(atPath: path)
        let store = try RestorationStore(path: path, configuration: StoreConfiguration(appVersion: "1.0", appBuild: "100"))
        let (application, _) = sessionWindow()
        let report = try store.save(application, registry: MailSample.makeRegistry(), label: "fixture")
        print(report)
    case "write-cli-fixture":
        try? FileManager.default.removeItem(atPath: path)
        let store = try RestorationStore(path: path, configuration: StoreConfiguration(appVersion: "1.0", appBuild: "100"))
        let registry = MailSample.makeRegistry()
        let (application, window) = sessionWindow()
        print(try store.save(application, registry: registry, label: "session"))
        // Later: the reply is sent, the list scrolled and filtered, the message closed, search used.
        guard let tabs = window.rootViewController as? TabBarController,
              let inbox = tabs.viewControllers?.first as? NavigationController,
              let list = inbox.viewControllers.dropFirst().first as? MailboxListController,
              let search = tabs.viewControllers?[1] as? SearchController else { fail("unexpected sample hierarchy") }
        tabs.dismiss(animated: false)
        inbox.popViewController(animated: false)
        list.scrollOffset = 512
        list.filter = "unread"
        list.unreadCount = 6
        tabs.selectedIndex = 1
        search.query = "budget"
        search.recentQueries = ["invoice"]
        print(try store.save(application, registry: registry, label: "later"))
        // A relaunch: a fresh store saves in full again.
        let relaunched = try RestorationStore(path: path, configuration: StoreConfiguration(appVersion: "1.1", appBuild: "110"))
        print(try relaunched.save(application, registry: registry, label: "relaunch"))
    case "write-scenes-fixture":
        // Two windows of the sample as scene sessions: one reading a message, one searching;
        // the reading window saved twice (before and after it opened the message).
        try? FileManager.default.removeItem(atPath: path)
        let store = try RestorationStore(path: path, configuration: StoreConfiguration(appVersion: "2.0", appBuild: "200"))
        let registry = MailSample.makeRegistry()
        func shownWindow() -> Window {
            let window = Window(application: Application())
            window.rootViewController = MailSample.makeRoot()
            window.makeKeyAndVisible()
            return window
        }
        var reading = UserActivity.Archive(activityType: "com.example.mail.reading", title: "Quarterly numbers",
                                           userInfo: ["messageID": .integer(1042), "mailbox": .string("Inbox")])
        reading.keywords = ["mail"]
        let left = SceneSessionRecord(persistentIdentifier: "mail-left", configurationName: "Mail", stateRestorationActivity: reading)
        let right = SceneSessionRecord(persistentIdentifier: "mail-right", configurationName: "Mail",
                                       stateRestorationActivity: UserActivity.Archive(activityType: "com.example.mail.search", title: "Search",
                                                                                      userInfo: ["query": .string("budget")]))
        let message = shownWindow()
        print(try store.save(session: left, windows: [message], registry: registry, label: "launch"))
        let search = shownWindow()
        MailSample.openSearch("budget", in: search)
        print(try store.save(session: right, windows: [search], registry: registry, label: "background"))
        MailSample.openMessage(in: message)
        print(try store.save(session: left, windows: [message], registry: registry, label: "background"))
    case "save-loop":
        let count = arguments.dropFirst(2).first.flatMap(Int.init)
        let keep = arguments.dropFirst(3).first.flatMap(Int.init) ?? 5
        let store = try RestorationStore(path: path, configuration: StoreConfiguration(appVersion: "1.0", appBuild: "100", keepCount: keep))
        let registry = MailSample.makeRegistry()
        let (application, window) = sessionWindow()
        let list = ((window.rootViewController as? TabBarController)?.viewControllers?.first as? NavigationController)?
            .viewControllers.dropFirst().first as? MailboxListController
        var iteration = 0
        while count.map({ iteration < $0 }) ?? true {
            list?.scrollOffset = Double(iteration)
            list?.unreadCount = iteration % 17
            announce("begin \(iteration)")
            do {
                let report = try store.save(application, registry: registry, label: "loop \(getpid()) \(iteration)")
                announce("saved \(iteration) id=\(report.snapshotID)")
            } catch {
                // `save` throws only StoreError; a busy database is the one failure we expect here.
                guard case .database(let database) = error, database.isBusy else { throw error }
                announce("busy \(iteration)")
            }
            iteration += 1
        }
    case "read-loop":
        let count = arguments.dropFirst(2).first.flatMap(Int.init) ?? 100
        for _ in 0..<count {
            do {
                let inspector = try SnapshotInspector(path: path)
                guard let newest = try inspector.snapshots().first else {
                    announce("empty")
                    continue
                }
                let loaded = try inspector.loadSnapshot(id: newest.id)
                if loaded.problems.isEmpty, loaded.snapshot.controllers.count == newest.controllerCount {
                    announce("ok \(newest.id)")
                } else {
                    announce("partial: snapshot \(newest.id) has \(loaded.snapshot.controllers.count) of \(newest.controllerCount) controllers, \(loaded.problems)")
                }
            } catch {
                if case .database(let database) = error, database.isBusy {
                    announce("busy")
                } else if case .snapshotNotFound = error {
                    // Pruned between the listing and the load: gone, not partial.
                    announce("gone")
                } else {
                    announce("error: \(error)")
                }
            }
        }
    case "port":
        guard let step = arguments.dropFirst(2).first, let portPath = arguments.dropFirst(3).first else {
            fail("usage: navstate-test-helper port NAME save|restore PATH")
        }
        try Ports.run(path, step, path: portPath)
    case "tamper":
        guard let sql = arguments.dropFirst(2).first else { fail("usage: navstate-test-helper tamper PATH SQL [rechecksum]") }
        let database = try Database(path: path, mode: .readWrite)
        try Tampering.apply(sql, to: database, rechecksum: arguments.dropFirst(3).first == "rechecksum")
    case "launch-model": launchModel(path: path)  // LaunchModelApp.swift: the model test's app, driven over stdin
    case "scene-model": sceneModel(path: path)    // SceneModelApp.swift: the scene run's app, likewise
    case "autosave-walk":
        try autosaveWalk(path: path, seed: arguments.dropFirst(2).first.flatMap(UInt64.init) ?? 1)
    case "crash-after-showing":
        // A restored screen that brings the app down right after it appears.
        let store = try RestorationStore(path: path, configuration: StoreConfiguration(probationPeriod: nil))
        let window = Window(application: Application())
        let report = try store.restore(into: window, registry: MailSample.makeRegistry())
        window.makeKeyAndVisible()
        announce("restored snapshot \(report.snapshotID ?? 0), shown")
        kill(getpid(), SIGKILL)
    case "restore-and-end":
        let store = try RestorationStore(path: path, configuration: StoreConfiguration(probationPeriod: nil))
        storeKeptUntilExit = store
        let window = Window(application: Application())
        let report = try store.restore(into: window, registry: MailSample.makeRegistry())
        window.makeKeyAndVisible()
        announce("restored snapshot \(report.snapshotID ?? 0), shown")
        switch arguments.dropFirst(2).first {
        case "exit": exit(0)
        case "trap": fatalError("a restored screen trapped")
        default: break
        }
    case "save-and-return":
        let store = try RestorationStore(path: path, configuration: StoreConfiguration(appVersion: "1.0", appBuild: "100"))
        storeKeptUntilExit = store
        let (application, _) = sessionWindow()
        announce("saved snapshot \(try store.save(application, registry: MailSample.makeRegistry(), label: "kept").snapshotID)")
    case "crash-during-restore":
        let store = try RestorationStore(path: path)
        let registry = MailSample.makeRegistry()
        registry.register(CrashingMessageController.self, as: "Message")
        _ = try store.restore(into: Window(application: Application()), registry: registry)
        fail("the restore finished, but it should have died part-way")
    default:
        fail("unknown command \(command)")
    }
} catch {
    fail("\(error)")
}
