import UIKitCompatibility

class NotesViewController: UIViewController {
    var notes: [Note] = []

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(notes, forKey: "notes")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        notes = coder.decodeObject(forKey: "notes") as? [Note] ?? []
        Trace.print("notes.decodeRestorableState notes=\(notes.map { $0.text + ($0.pinned ? " (pinned)" : "") })")
    }
}

class SettingsViewController: UIViewController {
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        Trace.print("settings.viewWillAppear")
    }

    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        Trace.print("settings.didReceiveMemoryWarning")
    }
}
