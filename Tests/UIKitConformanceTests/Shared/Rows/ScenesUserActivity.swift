import Testing
import UIKitCompatibility

/// A message screen as scene-based UIKit apps write it: it describes what it shows in a user
/// activity, adds its state lazily when asked, and puts it back from a restored activity.
private final class ReadingViewController: UIViewController {
    static let activityType = "com.example.mail.reading"
    static let messageKey = "messageID"
    static let scrollKey = "scrollOffset"

    var messageID = 0
    var scrollOffset = 0.0

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if userActivity == nil {
            let activity = NSUserActivity(activityType: Self.activityType)
            activity.title = "Reading"
            activity.isEligibleForHandoff = true
            userActivity = activity
        }
        userActivity?.needsSave = true
    }

    override func updateUserActivityState(_ activity: NSUserActivity) {
        super.updateUserActivityState(activity)
        activity.addUserInfoEntries(from: [Self.messageKey: messageID, Self.scrollKey: scrollOffset])
    }

    override func restoreUserActivityState(_ activity: NSUserActivity) {
        super.restoreUserActivityState(activity)
        guard activity.activityType == Self.activityType, let userInfo = activity.userInfo else { return }
        messageID = userInfo[Self.messageKey] as? Int ?? 0
        scrollOffset = userInfo[Self.scrollKey] as? Double ?? 0
    }
}

/// A toolbar sharing its screen's activity, as UIKit lets several responders do.
private final class ToolbarViewController: UIViewController {
    var mailbox = "Inbox"

    override func updateUserActivityState(_ activity: NSUserActivity) {
        activity.addUserInfoEntries(from: ["mailbox": mailbox])
        super.updateUserActivityState(activity)
    }
}

/// Built nonisolated, as model and helper code builds activities in UIKit apps (NSUserActivity is
/// not main-actor); compiled in Swift 5 and Swift 6 language modes.
private func composeActivity(draft: String, recipients: [String]) -> NSUserActivity {
    let activity = NSUserActivity(activityType: "com.example.mail.compose")
    activity.title = "Compose"
    activity.userInfo = ["draft": draft, "recipients": recipients]
    activity.addUserInfoEntries(from: ["savedAt": Date(timeIntervalSinceReferenceDate: 786_297_600)])
    activity.requiredUserInfoKeys = ["draft"]
    return activity
}

/// Survey section (d): NSUserActivity and the responders' user-activity methods.
@MainActor
@Suite("Scenes: NSUserActivity and UIResponder.userActivity")
struct ScenesUserActivityRows {
    @Test("NSUserActivity(activityType:), title, userInfo = [...], addUserInfoEntries(from:)")
    func makeAndFill() {
        let activity = composeActivity(draft: "Hello", recipients: ["a@example.com"])
        #expect(activity.activityType == "com.example.mail.compose")
        #expect(activity.title == "Compose")
        #expect(activity.userInfo?["draft"] as? String == "Hello")
        #expect(activity.userInfo?["recipients"] as? [String] == ["a@example.com"])
        #expect(activity.userInfo?["savedAt"] as? Date == Date(timeIntervalSinceReferenceDate: 786_297_600))
        #expect(activity.needsSave)
        #expect(activity.isEligibleForHandoff)
        activity.addUserInfoEntries(from: ["draft": "Hello again"])
        #expect(activity.userInfo?["draft"] as? String == "Hello again")
        #expect(activity.userInfo?.count == 3)
    }

    @Test("becomeCurrent() and resignCurrent()")
    func currentActivity() {
        let reading = NSUserActivity(activityType: ReadingViewController.activityType)
        let compose = composeActivity(draft: "", recipients: [])
        reading.becomeCurrent()
        #expect(reading.isCurrent)
        compose.becomeCurrent()
        #expect(!reading.isCurrent && compose.isCurrent)
        compose.resignCurrent()
        #expect(!compose.isCurrent)
        compose.invalidate()
    }

    @Test("Responders sharing an activity update it before it is saved; a fresh controller restores from it")
    func updateAndRestore() throws {
        let window = UIWindow(frame: UIScreen.main.bounds, application: UIApplication())
        let reading = ReadingViewController()
        reading.messageID = 42
        reading.scrollOffset = 120.5
        window.rootViewController = reading
        window.makeKeyAndVisible()
        let activity = try #require(reading.userActivity)
        let toolbar = ToolbarViewController()
        toolbar.mailbox = "Archive"
        toolbar.userActivity = reading.userActivity
        #expect(activity.needsSave)

        // What the scene does before it stores stateRestorationActivity.
        activity.prepareForSaving()
        #expect(!activity.needsSave)
        #expect(activity.userInfo?["messageID"] as? Int == 42)
        #expect(activity.userInfo?["scrollOffset"] as? Double == 120.5)
        #expect(activity.userInfo?["mailbox"] as? String == "Archive")

        // Stored as JSON, read back in a later launch.
        let json = try JSONEncoder().encode(try activity.archive())
        let restoredActivity = NSUserActivity(archive: try JSONDecoder().decode(NSUserActivity.Archive.self, from: json))
        let restored = ReadingViewController()
        restored.restoreUserActivityState(restoredActivity)
        #expect(restored.messageID == 42 && restored.scrollOffset == 120.5)
        #expect(restoredActivity.title == "Reading")
        window.isHidden = true
    }

    @Test("A userInfo value that is not a property-list type is reported, not a crash")
    func nonPropertyListValue() {
        let activity = NSUserActivity(activityType: "com.example.mail.reading")
        activity.userInfo = ["controller": UIViewController()]
        #expect(throws: PropertyListError.self) { try activity.archive() }
    }
}
