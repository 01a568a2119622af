import Foundation
import Testing

/// An app in the shape of Xcode's iOS App template, written as UIKit code through
/// UIKitCompatibility (Sources/navstate-template-app), run by `@main` in a child process: it
/// launches, navigates, goes to the background, is killed and relaunches, and its UIKit callbacks
/// come in UIKit's order, compared as whole traces.
@Suite struct TemplateAppTests {
    @Test func theTemplateAppComesBackWhereItWasAfterAKillInTheBackground() throws {
        let app = try SampleAppRun("navstate-template-app")
        defer { app.remove() }

        // The first launch finds nothing to restore; the user opens a detail screen.
        let first = try app.launch(["TEMPLATE_OPEN_DETAIL": "1"])
        var trace = try first.lines(until: "didBecomeActive")
        // The system sends it to the background; the memory warning after it shows that the
        // background's work, the save included, is done. Then the system kills it.
        trace += try first.backgroundThenKill(printingUntil: "detail.didReceiveMemoryWarning")
        #expect(first.termination == .signaled(SIGKILL))
        #expect(trace == [
            "willFinishLaunching",
            "didFinishLaunching restored=false",
            "detail.viewDidLoad", "detail.viewWillAppear count=7",
            "didBecomeActive",
            "willResignActive", "didEnterBackground",
            "shouldSaveSecureApplicationState", "willEncodeRestorableState",
            "first.encodeRestorableState", "detail.encodeRestorableState",
            // The first screen, covered since launch, never loaded its view.
            "first.didReceiveMemoryWarning", "detail.didReceiveMemoryWarning",
        ], "\(trace)")

        // Relaunched, it comes back on the detail screen, decoded before it appears.
        let second = try app.launch()
        var relaunch = try second.lines(until: "didBecomeActive")
        relaunch += try second.terminate()
        #expect(second.termination == .exited(0))
        #expect(relaunch == [
            "willFinishLaunching",
            "shouldRestoreSecureApplicationState dataVersion=2",
            "first.viewDidLoad", "detail.viewDidLoad",
            "first.decodeRestorableState count=0", "detail.decodeRestorableState count=7",
            "didDecodeRestorableState",
            "didFinishLaunching restored=true",
            "detail.viewWillAppear count=7",
            "didBecomeActive",
            "willResignActive", "didEnterBackground",
            "shouldSaveSecureApplicationState", "willEncodeRestorableState",
            "first.encodeRestorableState", "detail.encodeRestorableState",
            "willTerminate",
        ], "\(relaunch)")
    }

    /// The notes app keeps NSCoding model objects in the coder and opts in with the older pair
    /// only: its state is saved in the background and restored at the next launch, the model's
    /// objects made again by their `init?(coder:)`.
    @Test func theNotesAppBringsBackItsNSCodingModelAfterAKill() throws {
        let app = try SampleAppRun("navstate-notes-app")
        defer { app.remove() }

        let first = try app.launch(["NOTES_WRITE": "1"])
        var trace = try first.lines(until: "settings.viewWillAppear")
        trace += try first.backgroundThenKill(printingUntil: "settings.didReceiveMemoryWarning")
        #expect(trace == [
            "willFinishLaunching", "didFinishLaunching restored=false", "settings.viewWillAppear",
            "didEnterBackground", "shouldSaveApplicationState", "settings.didReceiveMemoryWarning",
        ], "\(trace)")

        let second = try app.launch()
        var relaunch = try second.lines(until: "settings.viewWillAppear")
        try second.send("terminate")
        relaunch += second.readAll().split(separator: "\n").map(String.init)
        second.wait()
        #expect(second.termination == .exited(0))
        #expect(relaunch == [
            "willFinishLaunching", "shouldRestoreApplicationState schema=3",
            "notes.decodeRestorableState notes=[\"Buy milk (pinned)\", \"Call Ann\"]",
            "didFinishLaunching restored=true", "settings.viewWillAppear",
            "didEnterBackground", "shouldSaveApplicationState",
        ], "\(relaunch)")
    }

    /// The master-detail app: its delegate places the split view controller itself when
    /// restoration asks for it (kept where it put it), its detail screen comes back through its
    /// restoration class with the identifiers of its path, and it extends the restoration until
    /// it is active.
    @Test func theSplitAppComesBackThroughItsDelegateAndRestorationClass() throws {
        let app = try SampleAppRun("navstate-split-app")
        defer { app.remove() }

        let first = try app.launch(["SPLIT_SELECT": "42"])
        var trace = try first.lines(until: "didBecomeActive")
        trace += try first.backgroundThenKill(printingUntil: "list.didReceiveMemoryWarning")
        #expect(trace == ["willFinishLaunching", "didFinishLaunching restored=false", "detail.viewWillAppear item=42",
                          "didBecomeActive", "list.didReceiveMemoryWarning"], "\(trace)")

        let second = try app.launch()
        let relaunch = try second.lines(until: "didBecomeActive")
        try second.send("terminate")
        second.wait()
        #expect(second.termination == .exited(0))
        #expect(relaunch == [
            "willFinishLaunching", "shouldRestoreSecureApplicationState",
            "viewControllerWithRestorationIdentifierPath [\"split\"]",
            "DetailViewController.viewController(withRestorationIdentifierPath: [\"split\", \"detail\"])",
            "didFinishLaunching restored=true", "detail.viewWillAppear item=42", "didBecomeActive",
        ], "\(relaunch)")
    }
}
