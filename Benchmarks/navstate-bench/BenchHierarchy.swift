import ControllerKit
import Foundation
import MailSample

/// The benchmark's hierarchy: a tab bar of navigation stacks of the sample app's list and message
/// controllers (about ten keyed values each: integers, strings, a double, a bool, an array of
/// strings, a Codable struct), with a presentation chain of three over it.
@MainActor
enum BenchHierarchy {
    /// Builds `count` controllers into a hidden window and shows it; at least six (the tab bar, a
    /// stack of one and the chain of three).
    static func build(count: Int, into window: Window) {
        let tabCount = max(1, min(5, count / 6))
        let chain = 3
        // The tab bar, its stacks and the chain; the rest fill the stacks, the first ones taking
        // one more each until the count is exact (1,000, not 999: the sizes).
        let stackMembers = max(tabCount, count - 1 - tabCount - chain)
        let perStack = stackMembers / tabCount
        let longerStacks = stackMembers % tabCount
        var made = 0
        var stacks: [ViewController] = []
        for tab in 0..<tabCount {
            var members: [ViewController] = []
            for position in 0..<(tab < longerStacks ? perStack + 1 : perStack) {
                made += 1
                if position % 2 == 0 {
                    let list = MailboxListController()
                    list.restorationIdentifier = "list\(made)"
                    list.title = "Folder \(made)"
                    list.mailbox = "Mailbox \(made)"
                    list.scrollOffset = Double(made) * 1.5
                    list.selectedMessageID = made
                    list.unreadCount = made % 13
                    list.filter = made % 3 == 0 ? "unread" : ""
                    list.isEditing = made % 5 == 0
                    list.visibleMessageIDs = (0..<4).map { "m\(made * 4 + $0)" }
                    members.append(list)
                } else {
                    let message = MessageController()
                    message.restorationIdentifier = "message\(made)"
                    message.title = "Subject \(made)"
                    message.messageID = made
                    message.subject = "Subject \(made)"
                    message.sender = "sender\(made)@example.com"
                    message.scrollOffset = Double(made) / 3
                    message.isFlagged = made % 2 == 0
                    message.receivedAt = Date(timeIntervalSince1970: 1_790_000_000 + Double(made))
                    message.labels = ["inbox", "label \(made % 7)"]
                    members.append(message)
                }
            }
            let stack = NavigationController()
            stack.restorationIdentifier = "stack\(tab)"
            stack.viewControllers = members
            stacks.append(stack)
        }
        let tabs = TabBarController()
        tabs.restorationIdentifier = "tabs"
        tabs.viewControllers = stacks
        window.rootViewController = tabs
        let viewer = AttachmentViewerController()
        viewer.restorationIdentifier = "viewer"
        viewer.attachmentName = "report.pdf"
        viewer.modalPresentationStyle = .fullScreen
        tabs.present(viewer, animated: false)
        let compose = ComposeController()
        compose.restorationIdentifier = "compose"
        compose.draft = Draft(to: ["ada@example.com"], subject: "Re: numbers", body: "Looks good.")
        compose.modalPresentationStyle = .pageSheet
        viewer.present(compose, animated: false)
        let search = SearchController()
        search.restorationIdentifier = "search"
        search.query = "invoice"
        search.modalPresentationStyle = .formSheet
        compose.present(search, animated: false)
        window.makeKeyAndVisible()
    }

    /// The controllers of a window in save order.
    static func controllers(_ window: Window) -> [ViewController] { window.allControllers() }
}
