import UIKitCompatibility

class ListViewController: UIViewController {
    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        Trace.print("list.didReceiveMemoryWarning")
    }
}

class DetailViewController: UIViewController, UIViewControllerRestoration {
    var itemID = 0

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        restorationIdentifier = "detail"
        restorationClass = DetailViewController.self
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        Trace.print("DetailViewController.viewController(withRestorationIdentifierPath: \(identifierComponents))")
        return DetailViewController()
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        Trace.print("detail.viewWillAppear item=\(itemID)")
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
