import ControllerKit
import Foundation
@testable import StateRestoration
import Testing
import TestSupport

/// The capture on the main actor records only what controllers tell and reuses one coder; the
/// paths, records and report lines made later must be what a capture that did it all at once
/// made.
@MainActor
@Suite struct CaptureTests {
    /// Keeps the coder it was given, as an app may (to its cost).
    final class Keeper: ViewController {
        var kept: Coder?
        init() { super.init(nibName: nil, bundle: nil) }
        required init?(coder: Coder) { super.init(coder: coder) }
        override func encodeRestorableState(with coder: Coder) {
            kept = coder
            coder.encode("mine", forKey: "owner")
        }
    }

    /// Refers to a controller that is not saved, and writes a value that fails to encode on
    /// the main actor: both are reported with its coding path.
    final class Pointing: ViewController {
        let target = ViewController()
        init() { super.init(nibName: nil, bundle: nil) }
        required init?(coder: Coder) { super.init(coder: coder) }
        override func encodeRestorableState(with coder: Coder) {
            coder.encode(target, forKey: "target")
            coder.encodeEncodable(Failing(), forKey: "failing")
        }
    }

    /// Not `Sendable`, so the capture encodes it on the main actor, and it fails.
    final class Failing: Encodable {
        func encode(to encoder: any Encoder) throws { throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "no")) }
    }

    final class Unregistered: ViewController {}

    /// Drops the controllers after it from its navigation stack while it encodes, which no app
    /// should do: the capture walked them already.
    final class Remover: ViewController {
        init() { super.init(nibName: nil, bundle: nil) }
        required init?(coder: Coder) { super.init(coder: coder) }
        override func encodeRestorableState(with coder: Coder) {
            coder.encode(true, forKey: "removed")
            guard let stack = navigationController, let mine = stack.viewControllers.firstIndex(where: { $0 === self }) else { return }
            stack.setViewControllers(Array(stack.viewControllers.prefix(mine + 1)), animated: false)
        }
    }

    private func registry() -> RestorationRegistry {
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        registry.register(Keeper.self, as: "Keeper")
        registry.register(Pointing.self, as: "Pointing")
        registry.register(Remover.self, as: "Remover")
        return registry
    }

    @Test func aCoderAControllerKeepsIsLeftToItAndTheNextControllerGetsAnother() throws {
        let keeper = Keeper()
        keeper.restorationIdentifier = "keeper"
        let window = Window(application: Application())
        window.rootViewController = Make.nav("nav", [Note("a"), keeper, Note("b"), Note("c")])
        let draft = try CapturedSnapshot.capture([window], registry: registry())
        #expect(draft.controllers.map(\.pathString) == ["/nav", "/nav/a", "/nav/keeper", "/nav/b", "/nav/c"])
        #expect(draft.controllers.map { $0.values.keys.sorted() } == [[], ["count", "text"], ["owner"], ["count", "text"], ["count", "text"]])
        #expect(draft.controllers[3].values["text"] == .string("text of b"))
        // Reused for "b", the kept coder would now name b's path.
        #expect(keeper.kept?.codingPath == ["nav", "keeper"])
        // What the keeper writes later reaches neither its saved values nor a later controller's.
        keeper.kept?.encode("late", forKey: "late")
        #expect(draft.controllers[2].values == ["owner": .string("mine")])
        let again = try CapturedSnapshot.capture([window], registry: registry())
        #expect(again.controllers.map(\.values) == draft.controllers.map(\.values))
    }

    /// The save holds what it walked until it is written: a controller the app lets go while
    /// another encodes is saved as walked, with its values.
    @Test func aControllerRemovedWhileAnotherEncodesIsSavedAsWalked() throws {
        let remover = Remover()
        remover.restorationIdentifier = "remover"
        let window = Window(application: Application())
        window.rootViewController = Make.nav("nav", [Note("a"), remover, Note("b")])
        let draft = try CapturedSnapshot.capture([window], registry: registry())
        #expect(draft.controllers.map(\.pathString) == ["/nav", "/nav/a", "/nav/remover", "/nav/b"])
        #expect(draft.controllers.map { $0.values.keys.sorted() } == [[], ["count", "text"], ["removed"], ["count", "text"]])
        #expect(draft.report.warnings == [])
    }

    @Test func errorsAndWarningsNameTheCodersPathWithItsStackSuffix() throws {
        let pointing = Pointing()
        pointing.restorationIdentifier = "item"
        let window = Window(application: Application())
        window.rootViewController = Make.nav("nav", [Note("item"), pointing, Note("other")])
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let report = try store.save(windows: [window], registry: registry())
        #expect(report.saved.map(\.path) == ["/nav", "/nav/item[0]", "/nav/item[1]", "/nav/other"])
        #expect(report.warnings.count == 2)
        #expect(report.warnings.first?.hasPrefix("/nav/item[1]: key \"failing\"") == true)
        #expect(report.warnings.last == "/nav/item[1]: a reference to \(pointing.target) was not kept: that controller is not saved")
    }

    @Test func aCapturedDraftsReportHasTheWalksLinesBeforeItIsWritten() throws {
        let unregistered = Unregistered()
        unregistered.restorationIdentifier = "stranger"
        let window = Window(application: Application())
        window.rootViewController = Make.nav("nav", [Note("a"), unregistered, ViewController(), Note("b")])
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let draft = try store.capture(windows: [window], registry: registry())
        let expectedWarnings = ["/nav/stranger: class Unregistered is not registered; restore will drop it unless a class is registered under \"Unregistered\""]
        let expectedLeftOut = [SaveReport.LeftOut(path: "/nav/<ViewController>", className: "ViewController",
                                                  reason: "it has no restorationIdentifier", descendantCount: 0)]
        #expect(draft.report.warnings == expectedWarnings)
        #expect(draft.report.leftOut == expectedLeftOut)
        #expect(draft.controllers.map(\.pathString) == ["/nav", "/nav/a", "/nav/stranger", "/nav/b"])
        let report = try store.write(draft)
        #expect(report.warnings == expectedWarnings)
        #expect(report.leftOut == expectedLeftOut)
        #expect(report.saved.map(\.path) == ["/nav", "/nav/a", "/nav/stranger", "/nav/b"])
        // The next save walks again (the structure is unchanged, but a fresh report repeats them).
        let next = try store.save(windows: [window], registry: registry())
        #expect(next.leftOut == expectedLeftOut)
    }

    /// Node ids follow the walk, parents first: the same hierarchy gets the same ids at every
    /// save, so values referring to controllers keep their bytes.
    @Test func nodeIDsFollowTheWalk() throws {
        let a = Note("a"), b = Note("b"), c = Note("c")
        let navigation = Make.nav("nav", [a, b])
        let window = Window(application: Application())
        window.rootViewController = navigation
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        _ = try store.save(windows: [window], registry: registry())
        let first = try store.loadSnapshot().snapshot.controllers.map { ($0.pathString, $0.id) }
        #expect(first.map(\.1) == [1, 2, 3])
        navigation.pushViewController(c, animated: false)
        navigation.viewControllers = [a, c, b]
        _ = try store.save(windows: [window], registry: registry())
        let second = try store.loadSnapshot().snapshot.controllers.map { ($0.pathString, $0.id) }
        #expect(second.map(\.0) == ["/nav", "/nav/a", "/nav/c", "/nav/b"])
        #expect(second.map(\.1) == [1, 2, 3, 4])
    }
}
