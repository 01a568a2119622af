import ControllerKit
import Foundation

/// The sort a mailbox list uses; stored as a Codable value.
public struct MessageSortOrder: Codable, Hashable, Sendable {
    /// What the messages are sorted by ("date", "sender", …).
    public var field: String
    /// Oldest or A first when `true`.
    public var ascending: Bool
    /// A sort by `field`, in the direction `ascending` says.
    public init(field: String, ascending: Bool) {
        self.field = field
        self.ascending = ascending
    }
}

/// A draft being written; stored as a Codable value.
public struct Draft: Codable, Hashable, Sendable {
    /// The recipients' addresses.
    public var to: [String]
    /// The subject line.
    public var subject: String
    /// The text written so far.
    public var body: String
    /// A draft to `to` with `subject` and `body`.
    public init(to: [String], subject: String, body: String) {
        self.to = to
        self.subject = subject
        self.body = body
    }
}

/// A list of mailboxes or of messages: the inbox stack's first two levels.
public final class MailboxListController: ViewController {
    /// The mailbox shown.
    public var mailbox = "Inbox"
    /// How far the list is scrolled, in points.
    public var scrollOffset = 0.0
    /// The highlighted message.
    public var selectedMessageID = 0
    /// The unread badge.
    public var unreadCount = 0
    /// The filter typed in, empty for none.
    public var filter = ""
    /// Whether the list is in editing mode.
    public var isEditing = false
    /// The messages on screen, top first.
    public var visibleMessageIDs: [String] = []
    /// How the messages are sorted; saved as a Codable value.
    public var sort = MessageSortOrder(field: "date", ascending: false)

    public init() { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: Coder) { super.init(coder: coder) }

    public override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(mailbox, forKey: "mailbox")
        coder.encode(scrollOffset, forKey: "scrollOffset")
        coder.encode(selectedMessageID, forKey: "selectedMessageID")
        coder.encode(unreadCount, forKey: "unreadCount")
        coder.encode(filter, forKey: "filter")
        coder.encode(isEditing, forKey: "isEditing")
        coder.encode(visibleMessageIDs, forKey: "visibleMessageIDs")
        coder.encodeEncodable(sort, forKey: "sort")
        coder.encode(title, forKey: "title")
    }

    public override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        mailbox = coder.decodeString(forKey: "mailbox") ?? mailbox
        scrollOffset = coder.decodeDouble(forKey: "scrollOffset")
        selectedMessageID = coder.decodeInteger(forKey: "selectedMessageID")
        unreadCount = coder.decodeInteger(forKey: "unreadCount")
        filter = coder.decodeString(forKey: "filter") ?? ""
        isEditing = coder.decodeBool(forKey: "isEditing")
        visibleMessageIDs = coder.decodeObject(of: [String].self, forKey: "visibleMessageIDs") ?? []
        sort = coder.decodeDecodable(MessageSortOrder.self, forKey: "sort") ?? sort
        title = coder.decodeString(forKey: "title")
    }
}

/// One message, the top of the inbox stack.
public final class MessageController: ViewController {
    /// The message shown.
    public var messageID = 0
    /// Its subject.
    public var subject = ""
    /// Its sender's address.
    public var sender = ""
    /// How far the message is scrolled, in points.
    public var scrollOffset = 0.0
    /// Whether the user flagged it.
    public var isFlagged = false
    /// When it arrived.
    public var receivedAt = Date(timeIntervalSince1970: 0)
    /// Its labels.
    public var labels: [String] = []

    public init() { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: Coder) { super.init(coder: coder) }

    public override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(messageID, forKey: "messageID")
        coder.encode(subject, forKey: "subject")
        coder.encode(sender, forKey: "sender")
        coder.encode(scrollOffset, forKey: "scrollOffset")
        coder.encode(isFlagged, forKey: "isFlagged")
        coder.encode(receivedAt, forKey: "receivedAt")
        coder.encode(labels, forKey: "labels")
        coder.encode(title, forKey: "title")
    }

    public override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        messageID = coder.decodeInteger(forKey: "messageID")
        subject = coder.decodeString(forKey: "subject") ?? ""
        sender = coder.decodeString(forKey: "sender") ?? ""
        scrollOffset = coder.decodeDouble(forKey: "scrollOffset")
        isFlagged = coder.decodeBool(forKey: "isFlagged")
        receivedAt = coder.decodeObject(of: Date.self, forKey: "receivedAt") ?? receivedAt
        labels = coder.decodeObject(of: [String].self, forKey: "labels") ?? []
        title = coder.decodeString(forKey: "title")
    }
}

/// A full-screen viewer of an attachment, presented from the window root.
public final class AttachmentViewerController: ViewController {
    /// The file shown.
    public var attachmentName = ""
    /// The page shown, from 0.
    public var page = 0
    /// The zoom factor, 1 for actual size.
    public var zoom = 1.0

    public init() {
        super.init(nibName: nil, bundle: nil)
        title = "Attachment"
    }

    public required init?(coder: Coder) {
        super.init(coder: coder)
        title = "Attachment"
    }

    public override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(attachmentName, forKey: "attachmentName")
        coder.encode(page, forKey: "page")
        coder.encode(zoom, forKey: "zoom")
    }

    public override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        attachmentName = coder.decodeString(forKey: "attachmentName") ?? ""
        page = coder.decodeInteger(forKey: "page")
        zoom = coder.decodeDouble(forKey: "zoom")
    }
}

/// The compose sheet, presented over the viewer.
public final class ComposeController: ViewController {
    /// The reply written so far; saved as a Codable value.
    public var draft = Draft(to: [], subject: "", body: "")
    /// Where the cursor is in the body, in characters.
    public var cursorPosition = 0
    /// The message being answered.
    public var replyingToMessageID = 0

    public init() {
        super.init(nibName: nil, bundle: nil)
        title = "New Message"
    }

    public required init?(coder: Coder) {
        super.init(coder: coder)
        title = "New Message"
    }

    public override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encodeEncodable(draft, forKey: "draft")
        coder.encode(cursorPosition, forKey: "cursorPosition")
        coder.encode(replyingToMessageID, forKey: "replyingToMessageID")
    }

    public override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        draft = coder.decodeDecodable(Draft.self, forKey: "draft") ?? draft
        cursorPosition = coder.decodeInteger(forKey: "cursorPosition")
        replyingToMessageID = coder.decodeInteger(forKey: "replyingToMessageID")
    }
}

/// The search tab.
public final class SearchController: ViewController {
    /// The search typed in.
    public var query = ""
    /// Where to search ("all", "inbox", …).
    public var scope = "all"
    /// Earlier searches, newest first.
    public var recentQueries: [String] = []

    public init() {
        super.init(nibName: nil, bundle: nil)
        title = "Search"
    }

    public required init?(coder: Coder) {
        super.init(coder: coder)
        title = "Search"
    }

    public override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(query, forKey: "query")
        coder.encode(scope, forKey: "scope")
        coder.encode(recentQueries, forKey: "recentQueries")
    }

    public override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        query = coder.decodeString(forKey: "query") ?? ""
        scope = coder.decodeString(forKey: "scope") ?? "all"
        recentQueries = coder.decodeObject(of: [String].self, forKey: "recentQueries") ?? []
    }
}

/// The settings tab.
public final class SettingsController: ViewController {
    /// The switches, by setting name.
    public var toggles: [String: Bool] = [:]
    /// The signature appended to new messages.
    public var signature = ""

    public init() {
        super.init(nibName: nil, bundle: nil)
        title = "Settings"
    }

    public required init?(coder: Coder) {
        super.init(coder: coder)
        title = "Settings"
    }

    public override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(toggles, forKey: "toggles")
        coder.encode(signature, forKey: "signature")
    }

    public override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        toggles = coder.decodeObject(of: [String: Bool].self, forKey: "toggles") ?? [:]
        signature = coder.decodeString(forKey: "signature") ?? ""
    }
}
