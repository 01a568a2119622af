import UIKitCompatibility

/// The "inbox" scene of Main.storyboard: the navigation controller's root.
class InboxViewController: UIViewController {
    func openDetail(item: Int) {
        performSegue(withIdentifier: "showDetail", sender: item)
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        super.prepare(for: segue, sender: sender)
        Trace.print("inbox.prepare(for: \(segue.identifier ?? "?")) sender=\(sender ?? "nil")")
        if segue.identifier == "showDetail", let detail = segue.destination as? DetailViewController {
            detail.item = sender as? Int ?? 0
        }
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        Trace.print("inbox.awakeFromNib storyboard=\(storyboard?.name ?? "none")")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        Trace.print("inbox.viewDidLoad")
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        Trace.print("inbox.encodeRestorableState")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        Trace.print("inbox.decodeRestorableState")
    }

    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        Trace.print("inbox.didReceiveMemoryWarning")
    }
}

/// The "detail" scene of Main.storyboard, instantiated by the inbox and, at restore, by UIKit.
class DetailViewController: UIViewController {
    var item = 0

    override func awakeFromNib() {
        super.awakeFromNib()
        Trace.print("detail.awakeFromNib storyboard=\(storyboard?.name ?? "none")")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        Trace.print("detail.viewDidLoad")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        Trace.print("detail.viewWillAppear item=\(item)")
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        Trace.print("detail.encodeRestorableState")
        coder.encode(item, forKey: "item")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        item = coder.decodeInteger(forKey: "item")
        let saved = coder.decodeObject(forKey: UIApplication.stateRestorationViewControllerStoryboardKey) as? UIStoryboard
        Trace.print("detail.decodeRestorableState item=\(item) coderStoryboard=\(saved?.name ?? "none") storyboard=\(storyboard?.name ?? "none")")
    }

    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        Trace.print("detail.didReceiveMemoryWarning")
    }
}
