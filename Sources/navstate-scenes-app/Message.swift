import UIKitCompatibility

/// What a window shows: one message of one mailbox, scrolled to an offset. It travels in the
/// window's user activity, the only state this app keeps.
struct Message {
    static let activityType = "com.example.mail.message"

    var mailbox: String
    var id: Int
    var scrollOffset: Double

    /// The window's name in the trace.
    var name: String { "\(mailbox)/\(id)" }

    /// Reads "MAILBOX/ID/OFFSET", as the tests write it in the environment.
    init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 3, let id = Int(parts[1]), let offset = Double(parts[2]) else { return nil }
        self.init(mailbox: String(parts[0]), id: id, scrollOffset: offset)
    }

    init(mailbox: String, id: Int, scrollOffset: Double) {
        self.mailbox = mailbox
        self.id = id
        self.scrollOffset = scrollOffset
    }

    /// The message an activity names, or `nil` when it names none.
    init?(activity: NSUserActivity) {
        guard activity.activityType == Self.activityType,
              let mailbox = activity.userInfo?["mailbox"] as? String,
              let id = activity.userInfo?["messageID"] as? Int else { return nil }
        self.init(mailbox: mailbox, id: id, scrollOffset: activity.userInfo?["scrollOffset"] as? Double ?? 0)
    }

    /// Every kind of property-list value, so that the tests see each come back exactly.
    var userInfo: [AnyHashable: Any] {
        [
            "mailbox": mailbox,
            "messageID": id,
            "scrollOffset": scrollOffset,
            "unread": false,
            "openedAt": Date(timeIntervalSinceReferenceDate: 786_297_600.25 + Double(id)),
            "labels": ["work", mailbox],
            "digest": Data([0, 1, UInt8(id % 256)]),
            "draft": ["to": "ada@example.com", "lines": 3] as [String: Any],
        ]
    }

    /// An activity that shows this message, as "Open in New Window" hands the system.
    func activity() -> NSUserActivity {
        let activity = NSUserActivity(activityType: Self.activityType)
        activity.title = name
        activity.addUserInfoEntries(from: userInfo)
        return activity
    }
}
