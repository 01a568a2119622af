import ControllerKit
import Foundation

/// A controller with a little state, named by its identifier.
final class Note: ViewController {
    var text = ""
    var count = 0

    init() { super.init(nibName: nil, bundle: nil) }
    required init?(coder: Coder) { super.init(coder: coder) }

    convenience init(_ identifier: String, text: String = "") {
        self.init()
        restorationIdentifier = identifier
        self.text = text.isEmpty ? "text of \(identifier)" : text
        count = identifier.count
    }

    override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(text, forKey: "text")
        coder.encode(count, forKey: "count")
    }

    override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        text = coder.decodeString(forKey: "text") ?? ""
        count = coder.decodeInteger(forKey: "count")
    }
}

/// Builds the common containers with identifiers.
@MainActor
enum Make {
    static func nav(_ identifier: String, _ stack: [ViewController]) -> NavigationController {
        let navigation = NavigationController()
        navigation.restorationIdentifier = identifier
        navigation.viewControllers = stack
        return navigation
    }

    static func tabs(_ identifier: String, _ members: [ViewController], selected: Int = 0) -> TabBarController {
        let tabs = TabBarController()
        tabs.restorationIdentifier = identifier
        tabs.viewControllers = members
        tabs.selectedIndex = selected
        return tabs
    }

    static func split(_ identifier: String, _ primary: ViewController, _ secondary: ViewController, collapsed: Bool) -> SplitViewController {
        let split = SplitViewController()
        split.restorationIdentifier = identifier
        split.viewControllers = [primary, secondary]
        if collapsed { split.collapse() }
        return split
    }

    static func container(_ identifier: String, _ children: [ViewController]) -> Note {
        let container = Note(identifier)
        for child in children {
            container.addChild(child)
            child.didMove(toParent: container)
        }
        return container
    }

    static func presented(_ controller: ViewController, _ style: ModalPresentationStyle) -> ViewController {
        controller.modalPresentationStyle = style
        return controller
    }
}

/// A model object controllers refer to: references restore as one instance.
final class Account: RestorableObject {
    var name = ""
    func encodeRestorableState(with coder: Coder) { coder.encode(name, forKey: "name") }
    func decodeRestorableState(with coder: Coder) { name = coder.decodeString(forKey: "name") ?? "" }
}

/// A controller whose only value is a reference to an ``Account``.
final class Holder: ViewController {
    var account: Account?
    required init?(coder: Coder) { super.init(coder: coder) }
    init() { super.init(nibName: nil, bundle: nil) }
    override func encodeRestorableState(with coder: Coder) { coder.encode(account, forKey: "account") }
    override func decodeRestorableState(with coder: Coder) { account = coder.decodeObject(of: Account.self, forKey: "account") }
}

/// A ``Holder`` that reads its coder back while encoding, as some apps check what they wrote:
/// the save then takes the coder's table, not its writes.
final class ReadingHolder: ViewController {
    var account: Account?
    required init?(coder: Coder) { super.init(coder: coder) }
    init() { super.init(nibName: nil, bundle: nil) }
    override func encodeRestorableState(with coder: Coder) {
        coder.encode(account, forKey: "account")
        _ = coder.containsValue(forKey: "account")
    }
    override func decodeRestorableState(with coder: Coder) { account = coder.decodeObject(of: Account.self, forKey: "account") }
}

/// A controller that refers to another controller, as a detail screen refers to its list.
final class Peer: ViewController {
    weak var peer: ViewController?

    init() { super.init(nibName: nil, bundle: nil) }
    required init?(coder: Coder) { super.init(coder: coder) }

    convenience init(_ identifier: String, peer: ViewController) {
        self.init()
        restorationIdentifier = identifier
        self.peer = peer
    }

    override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(peer, forKey: "peer")
    }

    override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        peer = coder.decodeObject(of: ViewController.self, forKey: "peer")
    }
}
