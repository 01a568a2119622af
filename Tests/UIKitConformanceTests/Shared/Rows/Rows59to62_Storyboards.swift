import Testing
import UIKitCompatibility

/// The first scene of the conformance storyboard: a list that opens a message by a segue.
final class MessageListViewController: UIViewController {
    var preparedSegue: String?

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        super.prepare(for: segue, sender: sender)
        preparedSegue = segue.identifier
        (segue.destination as? MessageViewController)?.messageID = 9
    }
}

/// The message scene: its state survives a relaunch, and restore re-makes it from the storyboard.
final class MessageViewController: UIViewController {
    var messageID = 0

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(messageID, forKey: "messageID")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        messageID = coder.decodeInteger(forKey: "messageID")
    }
}

@MainActor
@Suite("Rows 10, 59–62: storyboards, as registered scenes")
struct StoryboardRows {
    /// This module's own storyboard name: the Swift 5 and Swift 6 copies of this suite run in
    /// one process, and storyboards are registered process-wide.
    let name = "Main." + String(reflecting: StoryboardRows.self)

    init() {
        Storyboard.register(name: name, initial: "messages", scenes: [
            "messages": { MessageListViewController() },
            "message": { MessageViewController() },
        ], segues: ["messages": ["open": .show("message")]])
    }

    @Test("Rows 59–61: UIStoryboard(name:bundle:), instantiate…, storyboard")
    func instantiation() throws {
        let storyboard = UIStoryboard(name: name, bundle: nil)
        let list = try #require(storyboard.instantiateInitialViewController() as? MessageListViewController)
        let message = storyboard.instantiateViewController(withIdentifier: "message") as! MessageViewController
        #expect(list.storyboard?.name == name)
        #expect(message.storyboard?.name == name)
        // Xcode's "Use Storyboard ID": the storyboard ID is the restoration identifier.
        #expect(message.restorationIdentifier == "message")
    }

    @Test("Row 62: performSegue(withIdentifier:sender:) prepares and shows the destination")
    func segue() throws {
        let list = try #require(UIStoryboard(name: name, bundle: nil).instantiateInitialViewController() as? MessageListViewController)
        let navigation = UINavigationController(rootViewController: list)
        let window = UIWindow(application: UIApplication())
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        list.performSegue(withIdentifier: "open", sender: nil)
        #expect(list.preparedSegue == "open")
        #expect((navigation.topViewController as? MessageViewController)?.messageID == 9)
    }

    @Test("Row 10: a storyboard controller is re-made from its storyboard at restore, its class unregistered")
    func restoreFromTheStoryboard() throws {
        let storage = try TemporaryStore()
        let application = UIApplication()
        let window = UIWindow(application: application)
        let storyboard = UIStoryboard(name: name, bundle: nil)
        let list = try #require(storyboard.instantiateInitialViewController())
        let message = storyboard.instantiateViewController(withIdentifier: "message") as! MessageViewController
        message.messageID = 41
        let navigation = UINavigationController(rootViewController: list)
        navigation.restorationIdentifier = "navigation"
        navigation.pushViewController(message, animated: false)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        // No class of the storyboard is registered: UIKit re-makes them from the storyboard.
        _ = try storage.store.save(application, registry: RestorationRegistry())

        let restoredWindow = UIWindow(application: UIApplication())
        let report = try storage.store.restore(into: restoredWindow, registry: RestorationRegistry())
        #expect(report.dropped.isEmpty, "\(report)")
        let restored = try #require(restoredWindow.rootViewController as? UINavigationController)
        #expect(restored.viewControllers.first is MessageListViewController)
        let restoredMessage = try #require(restored.topViewController as? MessageViewController)
        #expect(restoredMessage.messageID == 41)
        #expect(restoredMessage.storyboard?.name == name)
    }
}
