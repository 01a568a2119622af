import UIKitCompatibility

/// A mailbox's list of messages, the root of each window's navigation stack.
class MailboxViewController: UIViewController {
    init(mailbox: String) {
        super.init(nibName: nil, bundle: nil)
        title = mailbox
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        Trace.print("\(title ?? "?").didReceiveMemoryWarning")
    }
}

/// One message; it describes itself in its user activity, which its scene shares.
class MessageViewController: UIViewController {
    var message: Message

    init(message: Message) {
        self.message = message
        super.init(nibName: nil, bundle: nil)
        userActivity = message.activity()
    }

    required init?(coder: NSCoder) { nil }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        Trace.print("\(message.name).viewWillAppear scrollOffset=\(message.scrollOffset)")
    }

    // UIKit asks before it keeps the scene's activity, since this controller shares it.
    override func updateUserActivityState(_ activity: NSUserActivity) {
        super.updateUserActivityState(activity)
        Trace.print("\(message.name).updateUserActivityState")
        activity.addUserInfoEntries(from: message.userInfo)
    }

    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        Trace.print("\(message.name).didReceiveMemoryWarning")
    }
}
