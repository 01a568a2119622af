import ControllerKit
import MailSample

/// How one controller hangs below its parent, as the formats without a registry store it.
struct BenchLink {
    var child: Int
    var relation: String
    var position: Int
    var style: String?
    var selected: Bool
}

/// Making and attaching controllers by class name, for the formats without a registry.
@MainActor
enum BenchFactory {
    static func make(_ className: String, coder: Coder) -> ViewController {
        let made: ViewController?
        switch className {
        case "MailboxListController": made = MailboxListController(coder: coder)
        case "MessageController": made = MessageController(coder: coder)
        case "AttachmentViewerController": made = AttachmentViewerController(coder: coder)
        case "ComposeController": made = ComposeController(coder: coder)
        case "SearchController": made = SearchController(coder: coder)
        case "NavigationController": made = NavigationController(coder: coder)
        case "TabBarController": made = TabBarController(coder: coder)
        default: made = ViewController(coder: coder)
        }
        return made ?? ViewController()
    }

    /// Rebuilds relations top-down through the containment API, presentations last.
    static func attach(_ root: ViewController?, links: [Int: [BenchLink]], controllers: [Int: ViewController], window: Window) {
        window.rootViewController = root
        var presentations: [(ViewController, ViewController, String?)] = []
        for (parentID, kids) in links.sorted(by: { $0.key < $1.key }) {
            guard let parent = controllers[parentID] else { continue }
            let contained = kids.filter { $0.relation != "presented" }.sorted { $0.position < $1.position }
            let members = contained.compactMap { controllers[$0.child] }
            if let navigation = parent as? NavigationController {
                navigation.setViewControllers(members, animated: false)
            } else if let tabs = parent as? TabBarController {
                tabs.setViewControllers(members, animated: false)
                if let selected = contained.firstIndex(where: \.selected) { tabs.selectedIndex = selected }
            } else {
                for member in members {
                    parent.addChild(member)
                    member.didMove(toParent: parent)
                }
            }
            for kid in kids where kid.relation == "presented" {
                if let presented = controllers[kid.child] { presentations.append((parent, presented, kid.style)) }
            }
        }
        for (presenter, presented, style) in presentations {
            presented.modalPresentationStyle = style.flatMap(ModalPresentationStyle.init(name:)) ?? .fullScreen
            presenter.present(presented, animated: false)
        }
    }

    /// What an eager restore does once the controllers are attached, as UIKit orders it: each
    /// controller, parents first, loads its view and then decodes; then each hears that the
    /// restore finished.
    static func loadAndDecode(_ decodes: [(ViewController, Coder)]) {
        for (controller, coder) in decodes {
            controller.loadViewIfNeeded()
            controller.decodeRestorableState(with: coder)
        }
        for (controller, _) in decodes { controller.applicationFinishedRestoringState() }
    }
}
