import ControllerKit
import Foundation
import MailSample
@testable import StateRestoration
import Testing
import TestSupport

/// Empty is never a restore (docs/behaviour.md §3.3): a save in which no controller takes
/// part writes no snapshot unless asked, and a snapshot of zero controllers restores nothing, so
/// the app builds its first screen instead of showing a blank window.
@MainActor @Suite struct EmptyStateTests {
    /// A first screen as an app that forgot restoration identifiers builds it.
    private func unidentifiedFirstScreen(in window: Window) {
        window.rootViewController = NavigationController(rootViewController: Note())
    }

    @Test func anEmptySaveWritesNothingEvenIntoAnEmptyFile() throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let window = Window(application: Application())
        unidentifiedFirstScreen(in: window)
        window.makeKeyAndVisible()
        let report = try store.save(windows: [window], registry: RestorationRegistry())
        #expect(!report.didSave)
        #expect(report.snapshotID == 0)
        #expect(try store.snapshots().isEmpty)
        #expect(report.leftOut.map(\.path) == ["/<NavigationController>"])
        #expect(report.leftOut.map(\.reason) == ["it has no restorationIdentifier"])
        #expect(report.description.hasPrefix("saved nothing: there is no controller to save"))
        #expect(report.description.contains("left out  /<NavigationController>  NavigationController: it has no restorationIdentifier (with 1 below it)"))
    }

    @Test func anEmptySaveLeavesTheOlderSnapshotTheOneToRestore() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try MailSampleRegistry.saveBeforeAndSession(at: path)
        let store = try RestorationStore(path: path)
        let report = try store.save(windows: [], registry: MailSampleRegistry.make())
        #expect(!report.didSave)
        #expect(try store.snapshots().map(\.metadata.label) == ["session", "before"])
    }

    @Test func anEmptySnapshotAskedForRestoresNothingAndSaysWhy() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try MailSampleRegistry.saveBeforeAndSession(at: path)
        let store = try RestorationStore(path: path)
        let saved = try store.save(windows: [], registry: MailSampleRegistry.make(), allowingEmpty: true)
        #expect(saved.didSave)
        let fingerprint = TemporaryDirectory.fingerprint(path)
        let window = Window(application: Application())
        let report = try store.restore(into: window, registry: MailSampleRegistry.make())
        #expect(!report.didRestore)
        #expect(report.refusal == "snapshot \(saved.snapshotID) holds no controller (it was saved with nothing to save)")
        #expect(window.rootViewController == nil)
        // The app asked for the empty state: the older snapshot is not restored in its place.
        #expect(report.snapshotID == nil)
        #expect(TemporaryDirectory.fingerprint(path) == fingerprint)
    }

    /// A snapshot whose every controller is dropped restored nothing either.
    @Test func aSnapshotWhoseControllersAllDropIsNoRestore() throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let saving = Window(application: Application())
        saving.rootViewController = Note("inbox")
        saving.makeKeyAndVisible()
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        #expect(try store.save(windows: [saving], registry: registry).didSave)
        // The root's class is unknown at restore, so nothing can come back.
        let report = try store.restore(into: Window(application: Application()), registry: RestorationRegistry())
        #expect(report.snapshotID != nil)
        #expect(report.restored.isEmpty)
        #expect(!report.didRestore)
        #expect(report.description.hasPrefix("restored nothing: every controller of snapshot"))
    }

    /// The README's launch code, twice: the second launch gets back the screen the first one
    /// saved, and a first screen built without identifiers leaves the next launch building it
    /// again rather than showing a blank window.
    @Test(arguments: [true, false])
    func theLaunchCodeRestoresOrBuildsAtEveryLaunch(firstScreenHasIdentifiers: Bool) throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        let registry = MailSampleRegistry.make()
        registry.register(Note.self, as: "Note")
        func launch() throws -> (RestoreReport, Window) {
            let store = try RestorationStore(path: path, recovery: .moveAside)
            let window = Window(application: Application())
            let report = try store.restore(into: window, registry: registry)
            if !report.didRestore {
                let inbox = Note()
                inbox.restorationIdentifier = firstScreenHasIdentifiers ? "inbox" : nil
                let navigation = NavigationController(rootViewController: inbox)
                navigation.restorationIdentifier = firstScreenHasIdentifiers ? "inboxNavigation" : nil
                window.rootViewController = navigation
            }
            window.makeKeyAndVisible()
            _ = try store.save(windows: [window], registry: registry)
            try store.close()
            return (report, window)
        }
        for number in 1...3 {
            let (report, window) = try launch()
            #expect(report.didRestore == (firstScreenHasIdentifiers && number > 1), "launch \(number): \(report)")
            #expect(window.rootViewController is NavigationController, "launch \(number) shows a blank window")
        }
    }

    /// Autosave started before the first window shows has nothing to save, and writes nothing.
    @Test func autosaveBeforeTheFirstWindowWritesNothing() async throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let application = Application()
        let autosave = store.startAutosave(application, registry: MailSampleRegistry.make(), interval: .seconds(3600))
        await autosave.waitUntilIdle()
        let flushed = try autosave.flush()
        autosave.stop()
        #expect(autosave.writtenCount == 0)
        #expect(!flushed.didSave)
        #expect(try store.snapshots().isEmpty)
    }
}
