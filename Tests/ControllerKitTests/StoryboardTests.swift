@testable import ControllerKit
import Foundation
import Testing

/// Registered storyboards: instantiation, `storyboard`, the restoration identifier's default,
/// `awakeFromNib()`, and what stands for UIKit's exceptions. Each test registers names of its own:
/// registrations are global; and reads the diagnostics of an application of its own, not
/// `Application.shared`, which other tests read at the same time.
@MainActor @Suite struct StoryboardTests {
    final class Inbox: ViewController {
        var awoke = 0
        init() { super.init(nibName: nil, bundle: nil) }
        required init?(coder: Coder) { super.init(coder: coder) }
        override func awakeFromNib() {
            super.awakeFromNib()
            awoke += 1
        }
    }

    private func uniqueName(_ base: String) -> String { "\(base)-\(UUID().uuidString)" }

    /// Runs `body` with the storyboard's diagnostics going to a new application; returns them.
    private func diagnostics(_ body: () throws -> Void) rethrows -> [Diagnostic] {
        let application = Application()
        try Storyboard.$diagnosticsApplication.withValue(application) { try body() }
        return application.diagnostics
    }

    @Test func instantiatedControllersKnowTheirStoryboardAndStoryboardID() throws {
        let reported = try diagnostics { try instantiate() }
        #expect(reported.isEmpty)
    }

    private func instantiate() throws {
        let name = uniqueName("Main")
        Storyboard.register(name: name, initial: "inbox", scenes: [
            "inbox": { Inbox() },
            "detail": { ViewController() },
        ])
        defer { Storyboard.unregister(name: name) }
        let storyboard = Storyboard(name: name, bundle: nil)
        let inbox = try #require(storyboard.instantiateInitialViewController() as? Inbox)
        let detail = storyboard.instantiateViewController(withIdentifier: "detail")
        #expect(inbox.storyboard === storyboard && detail.storyboard === storyboard)
        #expect(inbox.restorationIdentifier == "inbox")
        #expect(detail.restorationIdentifier == "detail")
        #expect(inbox.awoke == 1)
        #expect(!inbox.isViewLoaded)
        // Each instantiation makes a new controller, as UIKit's does.
        #expect(storyboard.instantiateViewController(withIdentifier: "inbox") !== inbox)
        #expect(ViewController().storyboard == nil)
    }

    @Test func aSceneKeepsTheRestorationIdentifierItSets() {
        let name = uniqueName("Own")
        Storyboard.register(name: name, scenes: ["scene": {
            let controller = ViewController()
            controller.restorationIdentifier = "mine"
            return controller
        }])
        defer { Storyboard.unregister(name: name) }
        #expect(Storyboard(name: name, bundle: nil).instantiateViewController(withIdentifier: "scene").restorationIdentifier == "mine")
    }

    @Test func aStoryboardWithoutAnInitialSceneHasNoInitialController() {
        let name = uniqueName("NoInitial")
        Storyboard.register(name: name, scenes: ["scene": { ViewController() }])
        defer { Storyboard.unregister(name: name) }
        let reported = diagnostics {
            #expect(Storyboard(name: name, bundle: nil).instantiateInitialViewController() == nil)
        }
        #expect(reported.isEmpty)     // as UIKit: nil, no exception
    }

    @Test func anUnknownStoryboardNameIsReportedNotACrash() {
        let name = uniqueName("Missing")
        let reported = diagnostics {
            let storyboard = Storyboard(name: name, bundle: nil)
            #expect(storyboard.name == name)
            let stand = storyboard.instantiateViewController(withIdentifier: "detail")
            #expect(type(of: stand) == ViewController.self)
            #expect(stand.storyboard == nil && stand.restorationIdentifier == nil)
            #expect(storyboard.instantiateInitialViewController() == nil)
            #expect(!Storyboard.isRegistered(name: name))
            #expect(Storyboard.registered(name: name) == nil)
        }
        #expect(reported.map(\.kind) == [.storyboardNotFound, .storyboardNotFound, .storyboardNotFound])
        #expect(reported.first?.message == "no storyboard named \(name.debugDescription) is registered (Storyboard.register(name:initial:scenes:))")
    }

    @Test func anUnknownSceneIsReportedNotACrash() {
        let name = uniqueName("Scenes")
        Storyboard.register(name: name, initial: "gone", scenes: ["inbox": { Inbox() }])
        defer { Storyboard.unregister(name: name) }
        let reported = diagnostics {
            let storyboard = Storyboard(name: name, bundle: nil)
            let stand = storyboard.instantiateViewController(withIdentifier: "detail")
            #expect(type(of: stand) == ViewController.self)
            #expect(storyboard.instantiateInitialViewController() == nil)
        }
        #expect(reported.map(\.message) == [
            "storyboard \(name.debugDescription) has no scene \"detail\"; an empty ViewController stands for it",
            "storyboard \(name.debugDescription) has no scene \"gone\", its initial one",
        ])
    }

    @Test func theCoderHandsBackTheStoryboardUnderItsKey() {
        let name = uniqueName("Coded")
        Storyboard.register(name: name, scenes: [:])
        let key = Application.stateRestorationViewControllerStoryboardKey
        let coder = Coder()
        coder.encode(Storyboard(name: name, bundle: nil), forKey: key)
        #expect(coder.decodeString(forKey: key) == name)
        #expect((coder.decodeObject(forKey: key) as? Storyboard)?.name == name)
        Storyboard.unregister(name: name)
        #expect(coder.decodeObject(forKey: key) == nil)     // not registered any more
        #expect(coder.errors.isEmpty)
    }
}
