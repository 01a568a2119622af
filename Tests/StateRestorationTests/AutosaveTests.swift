import ControllerKit
import Foundation
@testable import StateRestoration
import Testing
import TestSupport

/// Autosave's rules, without waiting on clocks: an interval of zero lets every change through at
/// once, an hour holds everything after the first save back.
@MainActor
@Suite struct AutosaveTests {
    private func shownStack(_ application: Application) -> NavigationController {
        let window = Window(application: application)
        let stack = Make.nav("nav", [Note("a")])
        window.rootViewController = stack
        window.makeKeyAndVisible()
        return stack
    }

    private func registry() -> RestorationRegistry {
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        return registry
    }

    private func newestPaths(_ store: RestorationStore) throws -> [String] {
        try store.loadSnapshot().snapshot.controllers.map(\.pathString)
    }

    @Test func startingSavesAndAPushIsSavedWithoutBeingAnnounced() async throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let application = Application()
        let stack = shownStack(application)
        let autosave = store.startAutosave(application, registry: registry(), interval: .zero)
        await autosave.waitUntilIdle()
        #expect(try newestPaths(store) == ["/nav", "/nav/a"])
        stack.pushViewController(Note("b"), animated: false)
        await autosave.waitUntilIdle()
        #expect(try newestPaths(store) == ["/nav", "/nav/a", "/nav/b"])
        #expect(autosave.writtenCount == 2)
        autosave.stop()
    }

    @Test func nothingIsWrittenWhenNothingChanged() async throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let application = Application()
        _ = shownStack(application)
        let autosave = store.startAutosave(application, registry: registry(), interval: .zero)
        await autosave.waitUntilIdle()
        let unchanged = try autosave.flush()
        #expect(unchanged.didSave == false)
        #expect(unchanged.refusal == "nothing changed since the last save")
        #expect(try store.snapshots().count == 1)
        autosave.stop()
    }

    /// A scene app's state is each session's: autosave writes nothing, says why, and stops, so
    /// the application lets it go and its ticker does not keep waking.
    @Test func anAppWithScenesIsNotAutosaved() async throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let application = Application()
        application.sceneDelegateFactory = { _ in IdleSceneDelegate() }
        _ = shownStack(application)
        let autosave = store.startAutosave(application, registry: registry(), interval: .zero)
        await autosave.waitUntilIdle()
        let report = try autosave.flush()
        #expect(report.didSave == false)
        #expect(report.refusal?.hasPrefix("the app uses scenes") == true)
        #expect(try store.snapshots().isEmpty)
        #expect(autosave.writtenCount == 0)
        weak let unheld = store.startAutosave(application, registry: registry(), interval: .zero)
        #expect(unheld == nil)
    }

    /// An app that becomes a scene app stops autosave at its next save.
    @Test func autosaveStopsWhenTheAppTakesScenes() async throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let application = Application()
        let stack = shownStack(application)
        weak let unheld = store.startAutosave(application, registry: registry(), interval: .zero)
        await unheld?.waitUntilIdle()
        #expect(unheld != nil)
        application.sceneDelegateFactory = { _ in IdleSceneDelegate() }
        stack.pushViewController(Note("b"), animated: false)
        #expect(unheld == nil)
        #expect(try store.snapshots().count == 1)
    }

    /// Within the interval a change waits (never more than one save per interval); `flush()`
    /// saves it at once, values included, with no announcement from the app.
    @Test func changesWithinTheIntervalWaitAndFlushSavesThem() async throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let application = Application()
        let stack = shownStack(application)
        let autosave = store.startAutosave(application, registry: registry(), interval: .seconds(3_600))
        await autosave.waitUntilIdle()
        stack.pushViewController(Note("b"), animated: false)
        (stack.viewControllers.first as? Note)?.text = "edited"
        await autosave.waitUntilIdle()
        #expect(try store.snapshots().count == 1)
        let flushed = try autosave.flush()
        #expect(flushed.didSave)
        let newest = try store.loadSnapshot().snapshot.controllers
        #expect(newest.map(\.pathString) == ["/nav", "/nav/a", "/nav/b"])
        #expect(newest.first { $0.pathString == "/nav/a" }?.values["text"] == .string("edited"))
        autosave.stop()
    }

    @Test func stoppedAutosaveSavesNothingAndIsLetGo() async throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let application = Application()
        let stack = shownStack(application)
        weak var weakAutosave: Autosave?
        func start() -> Autosave { store.startAutosave(application, registry: registry(), interval: .zero) }
        weakAutosave = start()
        // Nobody holds it, yet it runs: the application keeps it until stop().
        await weakAutosave?.waitUntilIdle()
        stack.pushViewController(Note("b"), animated: false)
        await weakAutosave?.waitUntilIdle()
        #expect(try store.snapshots().count == 2)
        weakAutosave?.stop()
        stack.pushViewController(Note("c"), animated: false)
        #expect(try store.snapshots().count == 2)
        #expect(weakAutosave == nil)
    }

    /// A write never lands after a newer one: the older capture is skipped.
    @Test func anOlderDraftIsNeverWrittenAfterANewerOne() throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let application = Application()
        _ = shownStack(application)
        let captured = try store.capture(windows: application.windows, registry: registry())
        let writer = OrderedWriter()
        let newer = try writer.write(captured, sequence: 2, to: store).get()
        let older = try writer.write(captured, sequence: 1, to: store).get()
        #expect(newer.didSave)
        #expect(older.refusal == "a newer state was saved first")
        #expect(try store.snapshots().count == 1)
    }
}

/// A scene delegate that does nothing: what makes an application a scene app.
private final class IdleSceneDelegate: SceneDelegate {}
