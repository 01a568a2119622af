import Foundation
import Testing
import TestSupport

/// Three small UIKit restoration examples, written as an iOS developer writes them and renamed
/// (`Sources/navstate-test-helper/Ports/`): each is saved by one process and restored by
/// another, and the restore's values, structure and callback order are checked.
@Suite struct PortedExamplesTests {
    /// Saves example `name` in one child process and restores it in another; the restore's output.
    private func roundTrip(_ name: String) throws -> [String] {
        let directory = TemporaryDirectory()
        let path = directory.path()
        let saved = try ChildProcess.runHelper(["port", name, "save", path])
        #expect(saved.status == 0 && saved.output == "saved\n" && saved.error.isEmpty, "\(saved.output)\(saved.error)")
        let restored = try ChildProcess.runHelper(["port", name, "restore", path])
        #expect(restored.status == 0, "\(restored.output)")
        return restored.output.components(separatedBy: "\n")
    }

    /// The restore's callbacks for `controller`, in order, before the window shows.
    private func restoreTrace(_ lines: [String], of controller: String) -> [String] {
        Array(lines.prefix { $0 != "trace show" }.filter { $0.hasPrefix("trace \(controller).") }
            .map { String($0.dropFirst("trace \(controller).".count)) })
    }

    /// A detail controller that restores through its restoration class, pushed from a list.
    @Test func aRestorationClassRebuildsTheDetailScreen() throws {
        let lines = try roundTrip("recipes")
        #expect(!lines.contains { $0.hasPrefix("dropped") })
        #expect(lines.contains("value list.selectedRow 1"))
        #expect(lines.contains("value detail Ramen 4 4 servings"))
        // UIKit's order: made, its view loaded, then decoded (parents first), then finished.
        #expect(restoreTrace(lines, of: "RecipeDetailViewController") == [
            "loadView", "viewDidLoad", "wM(RootNavigation)", "dM(RootNavigation)", "decodeRestorableState",
            "applicationFinishedRestoringState"])
        let decodes = lines.filter { $0.hasSuffix(".decodeRestorableState") }
        #expect(decodes == ["trace RootNavigation.decodeRestorableState", "trace RecipeListViewController.decodeRestorableState",
                            "trace RecipeDetailViewController.decodeRestorableState"])
        #expect(lines.contains("   └─ RecipeDetailViewController [stack 1, top] id=\"RecipeDetailViewController\" title=\"Ramen\" view loaded appeared"))
    }

    /// A tab bar that makes its tabs in viewDidLoad, and controls made in viewDidLoad that the
    /// decode writes into.
    @Test func aTabBarThatBuildsItsTabsInViewDidLoadGetsItsControlsBack() throws {
        let lines = try roundTrip("settings")
        #expect(!lines.contains { $0.hasPrefix("dropped") })
        #expect(lines.contains("value tabs 2 selected 1"))
        #expect(lines.contains("value audio 0.8 1"))
        #expect(lines.contains("value display 0.25"))
        #expect(restoreTrace(lines, of: "AudioSettingsViewController").suffix(4) == [
            "loadView", "viewDidLoad", "decodeRestorableState", "applicationFinishedRestoringState"])
        #expect(lines.contains("      └─ DisplaySettingsViewController [stack 0, top] id=\"DisplaySettingsViewController\" title=\"Display\" view loaded appeared"))
    }

    /// A model object registered by instance, a controller referring to it, and the app
    /// delegate's own keys.
    @Test func aRegisteredModelObjectAndTheAppDelegatesKeysComeBack() throws {
        let lines = try roundTrip("notebook")
        #expect(!lines.contains { $0.hasPrefix("dropped") })
        #expect(lines.contains("value page Call the bakery same-notebook true"))
        #expect(lines.contains("value notebook [\"Monday\", \"Tuesday\"] 1"))
        #expect(lines.contains("value lastOpened 700000000.5"))
        #expect(restoreTrace(lines, of: "PageViewController") == [
            "loadView", "viewDidLoad", "decodeRestorableState", "applicationFinishedRestoringState"])
    }
}
