import ControllerKit
import Foundation
@testable import StateRestoration
import Testing

@MainActor
@Suite struct SmokeTests {
    final class Note: ViewController {
        var text = ""
        override func encodeRestorableState(with coder: Coder) { coder.encode(text, forKey: "text") }
        override func decodeRestorableState(with coder: Coder) { text = coder.decodeString(forKey: "text") ?? "" }
    }

    @Test func saveAndRestoreATabOfStacks() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("smoke-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("db.sqlite").path
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        let app = Application()
        let window = Window(application: app)
        let first = Note(); first.restorationIdentifier = "first"; first.text = "hello"
        let second = Note(); second.restorationIdentifier = "second"; second.text = "world"
        let stack = NavigationController(rootViewController: first)
        stack.restorationIdentifier = "stack"
        stack.pushViewController(second, animated: false)
        let tabs = TabBarController()
        tabs.restorationIdentifier = "tabs"
        let other = Note(); other.restorationIdentifier = "other"
        tabs.viewControllers = [other, stack]
        tabs.selectedIndex = 1
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        let store = try RestorationStore(path: path)
        let saveReport = try store.save(app, registry: registry, label: "smoke")
        print(saveReport)
        let restoredWindow = Window(application: app)
        let report = try store.restore(into: restoredWindow, registry: registry)
        print(report)
        restoredWindow.makeKeyAndVisible()
        print(restoredWindow.hierarchyDescription())
        let restoredStack = (restoredWindow.rootViewController as? TabBarController)?.selectedViewController as? NavigationController
        #expect((restoredStack?.topViewController as? Note)?.text == "world")
        print(try store.snapshots())
    }
}
