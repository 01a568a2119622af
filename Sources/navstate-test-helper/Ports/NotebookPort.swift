// A port of a textbook example: a model object registered for state restoration by instance,
// a controller that refers to it, and an app delegate that keeps its own keys; renamed, nothing
// else changed.
import ControllerKit

final class NotebookAppDelegate: Responder, ApplicationDelegate {
    var lastOpened: Date?

    func application(_ application: Application, shouldSaveSecureApplicationState coder: Coder) -> Bool { true }
    func application(_ application: Application, shouldRestoreSecureApplicationState coder: Coder) -> Bool { true }

    func application(_ application: Application, willEncodeRestorableStateWith coder: Coder) {
        coder.encode(lastOpened, forKey: "lastOpened")
    }

    func application(_ application: Application, didDecodeRestorableStateWith coder: Coder) {
        lastOpened = coder.decodeObject(of: NSDate.self, forKey: "lastOpened") as Date?
    }
}

final class Notebook: NSObject, RestorableObject {
    var pages: [String] = []
    var currentPage = 0

    func encodeRestorableState(with coder: Coder) {
        coder.encode(pages as NSArray as Any, forKey: "pages")
        coder.encode(currentPage, forKey: "currentPage")
    }

    func decodeRestorableState(with coder: Coder) {
        pages = coder.decodeObject(of: NSArray.self, forKey: "pages") as? [String] ?? []
        currentPage = coder.decodeInteger(forKey: "currentPage")
    }
}

final class PageViewController: ViewController {
    var notebook: Notebook?
    var textView: Label!

    override func viewDidLoad() {
        super.viewDidLoad()
        textView = Label()
    }

    override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(notebook, forKey: "notebook")
        coder.encode(textView.text, forKey: "draft")
    }

    override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        notebook = coder.decodeObject(of: Notebook.self, forKey: "notebook")
        textView.text = coder.decodeString(forKey: "draft")
    }
}
