import ControllerKit
import Foundation
import StateRestoration

/// The sample app: a mail client's controllers, their registry, and the session the demo, the
/// fixtures, the tests and the benchmark all use.
@MainActor
public enum MailSample {
    /// The registry that knows every sample controller under a stable name.
    public static func makeRegistry() -> RestorationRegistry {
        let registry = RestorationRegistry()
        registry.register(MailboxListController.self, as: "MailboxList")
        registry.register(MessageController.self, as: "Message")
        registry.register(AttachmentViewerController.self, as: "AttachmentViewer")
        registry.register(ComposeController.self, as: "Compose")
        registry.register(SearchController.self, as: "Search")
        registry.register(SettingsController.self, as: "Settings")
        return registry
    }

    /// The launch hierarchy: a tab bar of an inbox stack (mailboxes), search, and settings.
    public static func makeRoot() -> TabBarController {
        let mailboxes = MailboxListController()
        mailboxes.restorationIdentifier = "mailboxes"
        mailboxes.title = "Mailboxes"
        mailboxes.mailbox = "All"
        let inbox = NavigationController(rootViewController: mailboxes)
        inbox.restorationIdentifier = "inbox"
        let search = SearchController()
        search.restorationIdentifier = "search"
        search.title = "Search"
        let settings = SettingsController()
        settings.restorationIdentifier = "settings"
        settings.title = "Settings"
        let tabs = TabBarController()
        tabs.restorationIdentifier = "tabs"
        tabs.viewControllers = [inbox, search, settings]
        return tabs
    }

    /// The controllers a session opens: the message list, the message, the attachment viewer
    /// and the reply being composed.
    public struct SessionControllers {
        /// The inbox's message list, pushed over the mailboxes.
        public let messages: MailboxListController
        /// The open message, pushed over the list.
        public let message: MessageController
        /// The attachment viewer, presented full screen from the message.
        public let viewer: AttachmentViewerController
        /// The reply, presented as a sheet over the viewer.
        public let compose: ComposeController
    }

    /// Makes the controllers a session opens, with the state a user leaves in them.
    public static func makeSessionControllers() -> SessionControllers {
        let list = MailboxListController()
        list.restorationIdentifier = "messages"
        list.title = "Inbox"
        list.mailbox = "Inbox"
        list.scrollOffset = 240
        list.selectedMessageID = 1042
        list.unreadCount = 7
        list.visibleMessageIDs = ["1040", "1041", "1042", "1043"]
        let message = MessageController()
        message.restorationIdentifier = "message"
        message.messageID = 1042
        message.subject = "Quarterly numbers"
        message.title = message.subject
        message.sender = "ada@example.com"
        message.scrollOffset = 80.5
        message.isFlagged = true
        message.receivedAt = Date(timeIntervalSince1970: 1_790_000_000)
        message.labels = ["work", "finance"]
        let viewer = AttachmentViewerController()
        viewer.restorationIdentifier = "viewer"
        viewer.attachmentName = "q3-report.pdf"
        viewer.page = 4
        viewer.zoom = 1.5
        viewer.modalPresentationStyle = .fullScreen
        let compose = ComposeController()
        compose.restorationIdentifier = "compose"
        compose.draft = Draft(to: ["ada@example.com"], subject: "Re: Quarterly numbers", body: "Thanks, looks good.")
        compose.cursorPosition = 19
        compose.replyingToMessageID = 1042
        compose.modalPresentationStyle = .pageSheet
        return SessionControllers(messages: list, message: message, viewer: viewer, compose: compose)
    }

    /// What a user does in a session, on a shown window holding ``makeRoot()``: opens the inbox
    /// and a message (the stack is three deep), visits search and settings, comes back, opens an
    /// attachment full screen, starts a reply in a sheet over it; then the system sends a memory
    /// warning, which unloads every view not on screen.
    public static func runSession(in window: Window, application: Application) {
        guard let tabs = window.rootViewController as? TabBarController,
              let inbox = tabs.viewControllers?.first as? NavigationController else { return }
        let opened = makeSessionControllers()
        inbox.pushViewController(opened.messages, animated: true)
        inbox.pushViewController(opened.message, animated: true)
        tabs.selectedIndex = 1
        (tabs.selectedViewController as? SearchController)?.query = "invoice"
        tabs.selectedIndex = 2
        tabs.selectedIndex = 0
        opened.message.present(opened.viewer, animated: true)
        opened.viewer.present(opened.compose, animated: true)
        application.didReceiveMemoryWarning()
    }

    /// The state a session ends in, built directly into a hidden window without navigating:
    /// what a fresh launch that reached the same place would hold.
    public static func buildSessionEndState(in window: Window) {
        let tabs = makeRoot()
        let opened = makeSessionControllers()
        if let inbox = tabs.viewControllers?.first as? NavigationController {
            inbox.pushViewController(opened.messages, animated: false)
            inbox.pushViewController(opened.message, animated: false)
        }
        (tabs.viewControllers?[1] as? SearchController)?.query = "invoice"
        window.rootViewController = tabs
        opened.message.present(opened.viewer, animated: false)
        opened.viewer.present(opened.compose, animated: false)
    }
}
