@_spi(Restoration) import ControllerKit
import Foundation
@testable import StateRestoration
import Testing
import TestSupport

/// The launch as `UIApplicationMain` runs it, the app's states, and state preserved and restored
/// at UIKit's moments, with UIKit's callbacks in UIKit's order as whole traces.
@MainActor @Suite struct LaunchSequenceTests {
    /// An app delegate in the shape of Xcode's template, opting in with the secure pair and
    /// recording every callback.
    final class AppDelegate: Responder, ApplicationDelegate {
        var window: Window?
        let recorder: LifecycleTraceRecorder
        var answer = true
        var version = "1"

        init(recorder: LifecycleTraceRecorder) {
            self.recorder = recorder
        }

        func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool {
            recorder.mark("willFinishLaunching(\(application.applicationState))")
            return true
        }

        func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool {
            recorder.mark("didFinishLaunching(root: \(window?.rootViewController?.restorationIdentifier ?? "none"))")
            if window?.rootViewController == nil { window?.rootViewController = Make.nav("mail", [Note("inbox")]) }
            return true
        }

        func applicationDidBecomeActive(_ application: Application) { recorder.mark("didBecomeActive") }
        func applicationWillResignActive(_ application: Application) { recorder.mark("willResignActive") }
        func applicationDidEnterBackground(_ application: Application) { recorder.mark("didEnterBackground") }
        func applicationWillEnterForeground(_ application: Application) { recorder.mark("willEnterForeground") }
        func applicationWillTerminate(_ application: Application) { recorder.mark("willTerminate") }

        func application(_ application: Application, shouldSaveSecureApplicationState coder: Coder) -> Bool {
            recorder.mark("shouldSaveSecure")
            // Written here, read back before restoring: one app-level coder, as in UIKit.
            coder.encode(version, forKey: "version")
            return answer
        }

        func application(_ application: Application, shouldRestoreSecureApplicationState coder: Coder) -> Bool {
            recorder.mark("shouldRestoreSecure(version: \(coder.decodeString(forKey: "version") ?? "none"))")
            return answer
        }

        func application(_ application: Application, willEncodeRestorableStateWith coder: Coder) { recorder.mark("willEncode") }

        func application(_ application: Application, didDecodeRestorableStateWith coder: Coder) {
            recorder.mark("didDecode(version: \(coder.decodeString(forKey: "version") ?? "none"))")
        }
    }

    /// A delegate that implements only the older pair, as 19 of 42 surveyed apps do.
    final class OlderPairDelegate: Responder, ApplicationDelegate {
        var window: Window?
        var answer: Bool
        var asked: [String] = []

        init(answer: Bool) { self.answer = answer }

        func application(_ application: Application, shouldSaveApplicationState coder: Coder) -> Bool {
            asked.append("shouldSave")
            return answer
        }

        func application(_ application: Application, shouldRestoreApplicationState coder: Coder) -> Bool {
            asked.append("shouldRestore")
            return answer
        }
    }

    /// A delegate that does not opt in: it implements no decision.
    final class SilentDelegate: Responder, ApplicationDelegate {
        var window: Window?
    }

    private func registry() -> RestorationRegistry {
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        return registry
    }

    /// Launches `delegate` in a fresh application preserving state at `path`, then sends it
    /// `events`; the notifications it posted.
    @discardableResult
    private func launch(_ delegate: any ApplicationDelegate, into application: Application, at path: String,
                        then events: (Application) -> Void = { _ in }) throws -> (preservation: StatePreservation, notifications: [String]) {
        let preservation = StatePreservation(store: try RestorationStore(path: path, configuration: StoreConfiguration(probationPeriod: nil)),
                                             registry: registry())
        application.statePreservation = preservation
        let notifications = NotificationLog(observing: application)
        defer { notifications.stop() }
        application.launch(delegate)
        events(application)
        return (preservation, notifications.names)
    }

    /// The shown first screen's trace, as a fresh build of mail[inbox] gives it.
    private static let firstShow = ["mail.wA", "inbox.wA", "mail.viewWillLayoutSubviews", "mail.viewDidLayoutSubviews",
                                    "inbox.viewWillLayoutSubviews", "inbox.viewDidLayoutSubviews", "mail.dA", "inbox.dA"]

    @Test func aFirstLaunchRunsAsUIApplicationMainAndTheBackgroundSaves() throws {
        let directory = TemporaryDirectory()
        let application = Application()
        let recorder = LifecycleTraceRecorder(observing: [application])
        let (preservation, notifications) = try launch(AppDelegate(recorder: recorder), into: application, at: directory.path()) {
            #expect($0.applicationState == .active)
            $0.enterBackground()
            #expect($0.applicationState == .background)
        }
        #expect(recorder.lines == ["willFinishLaunching(inactive)", "didFinishLaunching(root: none)",
                                   "mail.loadView", "mail.viewDidLoad", "mail.wA", "inbox.loadView", "inbox.viewDidLoad", "inbox.wA",
                                   "mail.viewWillLayoutSubviews", "mail.viewDidLayoutSubviews",
                                   "inbox.viewWillLayoutSubviews", "inbox.viewDidLayoutSubviews", "mail.dA", "inbox.dA",
                                   "didBecomeActive", "willResignActive", "didEnterBackground", "shouldSaveSecure", "willEncode"])
        #expect(notifications == ["UIApplicationDidFinishLaunchingNotification", "UIApplicationDidBecomeActiveNotification",
                                  "UIApplicationWillResignActiveNotification", "UIApplicationDidEnterBackgroundNotification"])
        #expect(try preservation.lastRestore?.get().refusal == nil)
        #expect(try preservation.lastRestore?.get().didRestore == false)
        #expect(try preservation.lastSave?.get().saved.map(\.path) == ["/mail", "/mail/inbox"])
    }

    @Test func theNextLaunchRestoresBeforeDidFinishLaunchingWithTheAppsKeys() throws {
        let directory = TemporaryDirectory()
        try launch(AppDelegate(recorder: LifecycleTraceRecorder(observing: [])), into: Application(), at: directory.path()) {
            $0.enterBackground()
        }
        let application = Application()
        let recorder = LifecycleTraceRecorder(observing: [application])
        let (preservation, notifications) = try launch(AppDelegate(recorder: recorder), into: application, at: directory.path()) {
            $0.enterBackground()
            $0.enterForeground()
            $0.terminate()
        }
        // The version the delegate wrote in its save decision comes back in both restore hooks.
        #expect(recorder.lines == ["willFinishLaunching(inactive)", "shouldRestoreSecure(version: 1)", "inbox.dM(mail)",
                                   "mail.decodeRestorableState", "inbox.decodeRestorableState", "didDecode(version: 1)",
                                   "mail.applicationFinishedRestoringState", "inbox.applicationFinishedRestoringState",
                                   "didFinishLaunching(root: mail)"] + Self.firstShow
                                  + ["didBecomeActive", "willResignActive", "didEnterBackground", "shouldSaveSecure", "willEncode",
                                     "willEnterForeground", "didBecomeActive",
                                     "willResignActive", "didEnterBackground", "shouldSaveSecure", "willEncode", "willTerminate"])
        #expect(notifications.suffix(3) == ["UIApplicationWillResignActiveNotification", "UIApplicationDidEnterBackgroundNotification",
                                            "UIApplicationWillTerminateNotification"])
        #expect(try preservation.lastRestore?.get().restored == ["/mail", "/mail/inbox"])
        #expect(application.applicationState == .background)
    }

    /// UIKit asks the older pair when the secure one is missing, and its "no" vetoes.
    @Test(arguments: [true, false])
    func theOlderPairAloneDecides(answer: Bool) throws {
        let directory = TemporaryDirectory()
        try launch(AppDelegate(recorder: LifecycleTraceRecorder(observing: [])), into: Application(), at: directory.path()) {
            $0.enterBackground()
        }
        let delegate = OlderPairDelegate(answer: answer)
        let (preservation, _) = try launch(delegate, into: Application(), at: directory.path()) { $0.enterBackground() }
        #expect(delegate.asked == ["shouldRestore", "shouldSave"])
        #expect(try preservation.lastRestore?.get().didRestore == answer)
        #expect(try preservation.lastSave?.get().didSave == (answer ? true : false))
        if !answer {
            #expect(try preservation.lastRestore?.get().refusal?.hasSuffix("the application's delegate declined to restore it") == true)
        }
    }

    /// A delegate without either decision has not opted in: nothing happens at UIKit's moments,
    /// while a save the app asks for itself goes ahead.
    @Test func aDelegateThatDoesNotOptInKeepsNothingByItself() throws {
        let directory = TemporaryDirectory()
        let application = Application()
        let delegate = SilentDelegate()
        let (preservation, _) = try launch(delegate, into: application, at: directory.path()) { application in
            delegate.window?.rootViewController = Note("inbox")
            application.enterBackground()
        }
        #expect(try preservation.lastRestore?.get().didRestore == false)
        #expect(try preservation.lastSave?.get().refusal
                == "the application's delegate does not opt in to saving state (application(_:shouldSaveSecureApplicationState:))")
        #expect(try preservation.store.snapshots().isEmpty)
        #expect(try preservation.store.save(application, registry: registry()).didSave)
    }

    /// While the app extends the restoration, the crash mark stays: a crash then is a crash
    /// during the restore. The last completion ends it.
    @Test func anExtendedRestorationEndsAtItsCompletion() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try launch(AppDelegate(recorder: LifecycleTraceRecorder(observing: [])), into: Application(), at: path) { $0.enterBackground() }
        let application = Application()
        let delegate = AppDelegate(recorder: LifecycleTraceRecorder(observing: []))
        application.extendStateRestoration()
        application.extendStateRestoration()
        let (preservation, _) = try launch(delegate, into: application, at: path)
        let marks = { try Database(path: path, mode: .readOnly).scalarInteger("SELECT count(*) FROM snapshot WHERE restore_started_at IS NOT NULL") }
        #expect(try preservation.lastRestore?.get().didRestore == true)
        #expect(try marks() == 1)
        application.completeStateRestoration()
        #expect(try marks() == 1)
        application.completeStateRestoration()
        #expect(try marks() == 0)
        #expect(try preservation.store.snapshots().first?.isOnProbation == true)
        application.completeStateRestoration()
        #expect(application.diagnostics.map(\.kind) == [.outOfOrder])
    }

    /// The end of an extended restoration comes after the report was returned: what it cannot
    /// write reaches the application as diagnostics.
    @Test func anExtendedRestorationThatCannotRecordItsEndSaysSo() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try launch(AppDelegate(recorder: LifecycleTraceRecorder(observing: [])), into: Application(), at: path) { $0.enterBackground() }
        let application = Application()
        application.extendStateRestoration()
        let (preservation, _) = try launch(AppDelegate(recorder: LifecycleTraceRecorder(observing: [])), into: application, at: path)
        #expect(try preservation.lastRestore?.get().didRestore == true)
        let writer = try Database(path: path, mode: .readWrite)
        try writer.execute("BEGIN IMMEDIATE")
        application.completeStateRestoration()
        try writer.execute("ROLLBACK")
        #expect(application.diagnostics.map(\.kind) == [.restorationNotRecorded, .restorationNotRecorded])
        #expect(application.diagnostics.first?.message.hasSuffix("the end of the restore was not written: another connection held the write lock") == true)
        // The crash mark stays until the launch counts as good, which clears it.
        #expect(try writer.scalarInteger("SELECT count(*) FROM snapshot WHERE restore_started_at IS NOT NULL") == 1)
        try preservation.store.launchSucceeded()
        #expect(try writer.scalarInteger("SELECT count(*) FROM snapshot WHERE restore_started_at IS NOT NULL") == 0)
    }

    @Test func aSecondLaunchDoesNothingAndIsReported() throws {
        let application = Application()
        let delegate = SilentDelegate()
        application.launch(delegate)
        application.launch(OlderPairDelegate(answer: true))
        #expect(application.delegate === delegate)
        #expect(application.diagnostics.map(\.kind) == [.outOfOrder])
    }
}

/// The application notifications one application posted, by name, in order.
final class NotificationLog: @unchecked Sendable {
    // Appended only by observers called on the posting thread, the main thread here.
    private(set) var names: [String] = []
    private var observers: [any NSObjectProtocol] = []

    init(observing application: Application) {
        let watched = [Application.didFinishLaunchingNotification, Application.didBecomeActiveNotification,
                       Application.willResignActiveNotification, Application.didEnterBackgroundNotification,
                       Application.willEnterForegroundNotification, Application.willTerminateNotification]
        observers = watched.map { name in
            NotificationCenter.default.addObserver(forName: name, object: application, queue: nil) { [weak self] note in
                self?.names.append(note.name.rawValue)
            }
        }
    }

    func stop() {
        observers.forEach(NotificationCenter.default.removeObserver)
        observers = []
    }
}
