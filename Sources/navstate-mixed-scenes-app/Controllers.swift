import UIKitCompatibility

/// The list of notes, the root of the window's navigation stack.
class NotesListViewController: UIViewController {
    func open(note: Int) {
        let editor = NoteViewController()
        editor.restorationIdentifier = "note"
        editor.noteID = note
        navigationController?.pushViewController(editor, animated: false)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        Trace.print("notes.viewDidLoad")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        Trace.print("notes.decodeRestorableState")
    }
}

/// One note being edited. Which note it is comes back with the controller (its restorable
/// state); the draft typed into it, with the scene's activity.
class NoteViewController: UIViewController {
    var noteID = 0
    var draft = ""

    override func viewDidLoad() {
        super.viewDidLoad()
        Trace.print("note.viewDidLoad")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        Trace.print("note.viewWillAppear noteID=\(noteID) draft=\(draft.debugDescription)")
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        Trace.print("note.encodeRestorableState")
        coder.encode(noteID, forKey: "noteID")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        noteID = coder.decodeInteger(forKey: "noteID")
        Trace.print("note.decodeRestorableState noteID=\(noteID)")
    }

    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        Trace.print("note.didReceiveMemoryWarning")
    }
}
