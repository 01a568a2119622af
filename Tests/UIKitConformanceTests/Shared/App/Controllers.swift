// App code as a UIKit app writes it: this file builds against UIKit on iOS and against
// UIKitCompatibility on Linux, unchanged. The classes take the names UIKit's lose with their
// prefix (`ViewController`, `NavigationController`, …), as 22 of the 42 surveyed apps do.
#if canImport(UIKit)
import UIKit
#else
import UIKitCompatibility
#endif

/// Xcode's template name, over the UIKit class of that name (rows 1, 3–5, 58, 64–68).
class ViewController: UIViewController {
    var note = ""
    var count = 0
    var isFavorite = false
    var ratio = 0.0
    var small: Int32 = 0
    var large: Int64 = 0
    var opacity: Float = 0
    /// The callbacks this controller received, in order.
    var events: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        events.append("viewDidLoad")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        events.append("viewWillAppear")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        events.append("viewDidAppear")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        events.append("viewWillDisappear")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        events.append("viewDidDisappear")
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(note, forKey: "note")
        coder.encode(count, forKey: "count")
        coder.encode(isFavorite, forKey: "isFavorite")
        coder.encode(ratio, forKey: "ratio")
        coder.encode(small, forKey: "small")
        coder.encode(large, forKey: "large")
        coder.encode(opacity, forKey: "opacity")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        events.append("decodeRestorableState")
        note = coder.decodeObject(forKey: "note") as? String ?? ""
        count = coder.decodeInteger(forKey: "count")
        isFavorite = coder.decodeBool(forKey: "isFavorite")
        ratio = coder.decodeDouble(forKey: "ratio")
        small = coder.decodeInt32(forKey: "small")
        large = coder.decodeInt64(forKey: "large")
        opacity = coder.decodeFloat(forKey: "opacity")
    }

    override func applicationFinishedRestoringState() {
        super.applicationFinishedRestoringState()
        events.append("applicationFinishedRestoringState")
    }
}

/// A restoration class (rows 2, 6, 7): the controller re-creates itself from its path.
final class DetailViewController: UIViewController, UIViewControllerRestoration {
    var itemID = 0
    /// The identifier paths the factory was asked for.
    static var requestedPaths: [[String]] = []
    /// Whether a factory's coder held a storyboard (never, without storyboards: row 10).
    static var foundStoryboard = false

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        requestedPaths.append(identifierComponents)
        foundStoryboard = foundStoryboard || coder.containsValue(forKey: UIApplication.stateRestorationViewControllerStoryboardKey)
        let detail = DetailViewController()
        detail.restorationIdentifier = identifierComponents.last
        detail.restorationClass = DetailViewController.self
        return detail
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(itemID, forKey: "itemID")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        itemID = coder.decodeInteger(forKey: "itemID")
    }
}

/// A restoration class written with `class func`, which subclasses may override (row 7).
class PhotoViewController: UIViewController, UIViewControllerRestoration {
    class func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        let photo = PhotoViewController(nibName: nil, bundle: nil)
        photo.restorationIdentifier = identifierComponents.last
        photo.restorationClass = PhotoViewController.self
        return photo
    }
}

/// Its own initialisers, as apps with injected state write them (rows 8, 9).
final class ComposeViewController: UIViewController {
    var draft: String
    /// Whether the restoration initialiser made it.
    var madeFromCoder = false

    init(draft: String) {
        self.draft = draft
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        draft = ""
        madeFromCoder = true
        super.init(coder: coder)
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(draft, forKey: "draft")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        draft = coder.decodeObject(of: NSString.self, forKey: "draft") as String? ?? ""
    }
}

/// The containers' template names, over UIKit's (rows 42–48).
class NavigationController: UINavigationController {}

/// Saves its selection itself, as apps did before containers saved theirs (row 46).
class TabBarController: UITabBarController {
    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(selectedIndex, forKey: "selectedIndex")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        selectedIndex = coder.decodeInteger(forKey: "selectedIndex")
    }
}

class SplitViewController: UISplitViewController {}
