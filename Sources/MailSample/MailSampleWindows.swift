import ControllerKit

extension MailSample {
    /// The two screens a two-window session of the sample ends on, built into a shown
    /// window holding ``makeRoot()``: a window reading message 1042 in the inbox.
    public static func openMessage(in window: Window) {
        guard let tabs = window.rootViewController as? TabBarController,
              let inbox = tabs.viewControllers?.first as? NavigationController else { return }
        let opened = makeSessionControllers()
        inbox.pushViewController(opened.messages, animated: false)
        inbox.pushViewController(opened.message, animated: false)
    }

    /// The other window: the search tab, searching for `query`.
    public static func openSearch(_ query: String, in window: Window) {
        guard let tabs = window.rootViewController as? TabBarController else { return }
        tabs.selectedIndex = 1
        (tabs.selectedViewController as? SearchController)?.query = query
    }
}
