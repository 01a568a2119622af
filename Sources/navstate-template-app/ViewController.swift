import UIKitCompatibility

class ViewController: UIViewController {
    var count = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        Trace.print("\(restorationIdentifier ?? "?").viewDidLoad")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        Trace.print("\(restorationIdentifier ?? "?").viewWillAppear count=\(count)")
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        Trace.print("\(restorationIdentifier ?? "?").encodeRestorableState")
        coder.encode(count, forKey: "count")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        count = coder.decodeInteger(forKey: "count")
        Trace.print("\(restorationIdentifier ?? "?").decodeRestorableState count=\(count)")
    }

    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        Trace.print("\(restorationIdentifier ?? "?").didReceiveMemoryWarning")
    }
}
