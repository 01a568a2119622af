import ControllerKit
import Foundation
import MailSample

/// Hand-rolled persistence: a Codable tree mirroring the hierarchy, each controller's state as a
/// typed struct, `JSONEncoder`, and a file replaced whole. Its restore sets each controller's
/// properties, then loads every view, so that it ends where an eager restore does.
@MainActor
final class JSONApproach: Approach {
    let name = "json"
    private var url = URL(fileURLWithPath: "/dev/null")

    struct Node: Codable {
        var kind: String
        var identifier: String
        var title: String?
        var relation: String
        var position: Int
        var style: String?
        var selected: Bool
        var state: State?
        var children: [Node]
    }

    enum State: Codable {
        case list(mailbox: String, scrollOffset: Double, selectedMessageID: Int, unreadCount: Int, filter: String,
                  isEditing: Bool, visibleMessageIDs: [String], sort: MessageSortOrder)
        case message(messageID: Int, subject: String, sender: String, scrollOffset: Double, isFlagged: Bool,
                     receivedAt: Date, labels: [String])
        case viewer(attachmentName: String, page: Int, zoom: Double)
        case compose(draft: Draft, cursorPosition: Int, replyingToMessageID: Int)
        case search(query: String, scope: String, recentQueries: [String])
    }

    func prepare(in directory: URL) throws {
        url = directory.appendingPathComponent("state.json")
    }

    private func node(_ controller: ViewController) -> Node {
        var relation = "root", position = 0, selected = false
        var style: String?
        switch controller.relation {
        case .navigationStack(let index, _): relation = "stack"; position = index
        case .tab(let index, let isSelected): relation = "tab"; position = index; selected = isSelected
        case .presented(let presentation): relation = "presented"; style = presentation.name
        case .child(let index): relation = "child"; position = index
        default: break
        }
        var state: State?
        switch controller {
        case let list as MailboxListController:
            state = .list(mailbox: list.mailbox, scrollOffset: list.scrollOffset, selectedMessageID: list.selectedMessageID,
                          unreadCount: list.unreadCount, filter: list.filter, isEditing: list.isEditing,
                          visibleMessageIDs: list.visibleMessageIDs, sort: list.sort)
        case let message as MessageController:
            state = .message(messageID: message.messageID, subject: message.subject, sender: message.sender,
                             scrollOffset: message.scrollOffset, isFlagged: message.isFlagged,
                             receivedAt: message.receivedAt, labels: message.labels)
        case let viewer as AttachmentViewerController:
            state = .viewer(attachmentName: viewer.attachmentName, page: viewer.page, zoom: viewer.zoom)
        case let compose as ComposeController:
            state = .compose(draft: compose.draft, cursorPosition: compose.cursorPosition, replyingToMessageID: compose.replyingToMessageID)
        case let search as SearchController:
            state = .search(query: search.query, scope: search.scope, recentQueries: search.recentQueries)
        default:
            break
        }
        var children = controller.children.map(node)
        if let presented = controller.presentedViewController, presented.presentingViewController === controller {
            children.append(node(presented))
        }
        return Node(kind: BenchClasses.name(of: controller), identifier: controller.restorationIdentifier ?? "",
                    title: controller.title, relation: relation, position: position, style: style, selected: selected,
                    state: state, children: children)
    }

    func save(_ window: Window) throws {
        let data = try JSONEncoder().encode(window.rootViewController.map(node))
        try replaceFile(at: url, with: data)
    }

    func restore() throws -> Window {
        let tree = try JSONDecoder().decode(Node.self, from: Data(contentsOf: url))
        let window = Window(application: Application())
        var presentations: [(ViewController, ViewController)] = []
        var made: [ViewController] = []
        func build(_ node: Node) -> ViewController {
            let controller: ViewController
            switch node.state {
            case .list(let mailbox, let scrollOffset, let selected, let unread, let filter, let editing, let visible, let sort):
                let list = MailboxListController()
                list.mailbox = mailbox; list.scrollOffset = scrollOffset; list.selectedMessageID = selected
                list.unreadCount = unread; list.filter = filter; list.isEditing = editing
                list.visibleMessageIDs = visible; list.sort = sort
                controller = list
            case .message(let id, let subject, let sender, let scrollOffset, let flagged, let received, let labels):
                let message = MessageController()
                message.messageID = id; message.subject = subject; message.sender = sender
                message.scrollOffset = scrollOffset; message.isFlagged = flagged; message.receivedAt = received
                message.labels = labels
                controller = message
            case .viewer(let name, let page, let zoom):
                let viewer = AttachmentViewerController()
                viewer.attachmentName = name; viewer.page = page; viewer.zoom = zoom
                controller = viewer
            case .compose(let draft, let cursor, let replying):
                let compose = ComposeController()
                compose.draft = draft; compose.cursorPosition = cursor; compose.replyingToMessageID = replying
                controller = compose
            case .search(let query, let scope, let recent):
                let search = SearchController()
                search.query = query; search.scope = scope; search.recentQueries = recent
                controller = search
            case nil:
                controller = node.kind == "TabBarController" ? TabBarController()
                    : node.kind == "NavigationController" ? NavigationController() : ViewController()
            }
            controller.restorationIdentifier = node.identifier
            controller.title = node.title
            made.append(controller)
            let contained = node.children.filter { $0.relation != "presented" }.map(build)
            if let navigation = controller as? NavigationController {
                navigation.setViewControllers(contained, animated: false)
            } else if let tabs = controller as? TabBarController {
                tabs.setViewControllers(contained, animated: false)
                if let selected = node.children.filter({ $0.relation != "presented" }).firstIndex(where: \.selected) {
                    tabs.selectedIndex = selected
                }
            }
            for presentedNode in node.children where presentedNode.relation == "presented" {
                let presented = build(presentedNode)
                presented.modalPresentationStyle = ModalPresentationStyle(name: presentedNode.style ?? "") ?? .fullScreen
                presentations.append((controller, presented))
            }
            return controller
        }
        window.rootViewController = build(tree)
        // Presenters first: the pairs were collected innermost first, and a controller can only
        // present once it is in the window.
        for (presenter, presented) in presentations.reversed() { presenter.present(presented, animated: false) }
        for controller in made { controller.loadViewIfNeeded() }
        return window
    }
}
