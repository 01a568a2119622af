import Foundation
import Testing

/// An app in the shape of Xcode's iOS App template with a Main storyboard, written as UIKit code
/// through UIKitCompatibility (Sources/navstate-storyboard-app), run by `@main` in a child
/// process: its controllers come from the registered "Main" storyboard; it launches, opens a
/// detail screen through a registered segue, goes to the background, is killed and relaunches, and the
/// detail screen comes back re-made from the storyboard (UIKit's rule), compared as whole traces.
@Suite struct StoryboardAppTests {
    @Test func theStoryboardAppComesBackRemadeFromItsStoryboardAfterAKill() throws {
        let app = try SampleAppRun("navstate-storyboard-app", stateFileVariable: "STORYBOARD_STATE_FILE")
        defer { app.remove() }

        // The first launch finds nothing to restore; the inbox opens item 7 from its storyboard.
        let first = try app.launch(["STORYBOARD_OPEN_ITEM": "7"])
        var trace = try first.lines(until: "didBecomeActive")
        // To the background (the memory warning after it shows the save is done), then killed.
        trace += try first.backgroundThenKill(printingUntil: "detail.didReceiveMemoryWarning")
        #expect(first.termination == .signaled(SIGKILL))
        #expect(trace == [
            // The main storyboard's initial controller, made before the launch, as UIKit does.
            "inbox.awakeFromNib storyboard=Main",
            "willFinishLaunching",
            "didFinishLaunching restored=false",
            // performSegue(withIdentifier:sender:): the destination from the storyboard, then prepare.
            "detail.awakeFromNib storyboard=Main",
            "inbox.prepare(for: showDetail) sender=7",
            "detail.viewDidLoad", "detail.viewWillAppear item=7",
            "didBecomeActive",
            "willResignActive", "didEnterBackground",
            "shouldSaveSecureApplicationState",
            "inbox.encodeRestorableState", "detail.encodeRestorableState",
            "inbox.didReceiveMemoryWarning", "detail.didReceiveMemoryWarning",
        ], "\(trace)")

        // Relaunched: the storyboard's root is decoded into; the detail, whose class is registered
        // nowhere, is re-made from the storyboard under its restoration identifier, then decoded.
        let second = try app.launch()
        var relaunch = try second.lines(until: "didBecomeActive")
        relaunch += try second.terminate()
        #expect(second.termination == .exited(0))
        #expect(relaunch == [
            "inbox.awakeFromNib storyboard=Main",
            "willFinishLaunching",
            "shouldRestoreSecureApplicationState",
            "inbox.viewDidLoad",
            "detail.awakeFromNib storyboard=Main", "detail.viewDidLoad",
            "inbox.decodeRestorableState",
            "detail.decodeRestorableState item=7 coderStoryboard=Main storyboard=Main",
            "didDecodeRestorableState",
            "didFinishLaunching restored=true",
            "detail.viewWillAppear item=7",
            "didBecomeActive",
            "willResignActive", "didEnterBackground",
            "shouldSaveSecureApplicationState",
            "inbox.encodeRestorableState", "detail.encodeRestorableState",
            "willTerminate",
        ], "\(relaunch)")
    }
}
