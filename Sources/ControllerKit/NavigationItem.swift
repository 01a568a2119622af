/// What a controller shows in a navigation bar, as `UINavigationItem` does, kept as data: there
/// is no bar to draw it on, and code that sets it ports unchanged.
///
/// ```swift
/// navigationItem.title = "Inbox"
/// navigationItem.rightBarButtonItem = BarButtonItem(systemItem: .compose)
/// ```
@MainActor
public final class NavigationItem {
    /// The title; a controller's ``ViewController/title`` when not set.
    public var title: String?
    /// A line of text above the title.
    public var prompt: String?
    /// The title of the back button that leads back to this controller.
    public var backButtonTitle: String?
    /// Whether the back button is hidden when this controller is on top.
    public var hidesBackButton = false
    /// The items on the leading side.
    public var leftBarButtonItems: [BarButtonItem]?
    /// The items on the trailing side.
    public var rightBarButtonItems: [BarButtonItem]?

    /// Makes an item with `title`.
    public init(title: String? = nil) {
        self.title = title
    }

    /// The first leading item; setting it replaces them all.
    public var leftBarButtonItem: BarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// The first trailing item; setting it replaces them all.
    public var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
}

/// A button of a navigation bar or toolbar, as `UIBarButtonItem` describes one, kept as data.
@MainActor
public final class BarButtonItem {
    /// How a titled item is drawn.
    public enum Style: Int, Sendable {
        case plain = 0, bordered = 1, done = 2
    }

    /// The system items of `UIBarButtonItem.SystemItem`, with its raw values.
    public enum SystemItem: Int, Sendable {
        case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize,
             bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo
    }

    /// The title; `nil` for a system item.
    public var title: String?
    /// The style of a titled item.
    public var style: Style
    /// The system item, if this is one.
    public let systemItem: SystemItem?
    /// Whether it can be tapped.
    public var isEnabled = true
    /// A number the app gives it.
    public var tag = 0

    /// Makes a titled item.
    public init(title: String?, style: Style = .plain) {
        self.title = title
        self.style = style
        systemItem = nil
    }

    /// Makes a system item.
    public init(systemItem: SystemItem) {
        self.systemItem = systemItem
        style = .plain
    }
}

/// What a controller shows in a tab bar, as `UITabBarItem` does, kept as data.
@MainActor
public final class TabBarItem {
    /// The title; a controller's ``ViewController/title`` when not set.
    public var title: String?
    /// A number the app gives it.
    public var tag: Int
    /// The badge text.
    public var badgeValue: String?
    /// Whether it can be selected.
    public var isEnabled = true

    /// Makes an item with `title` and `tag`.
    public init(title: String?, tag: Int = 0) {
        self.title = title
        self.tag = tag
    }
}

/// Supplies a presented controller's custom transitions in UIKit; headless transitions are not
/// animated, so nothing asks it anything. Declared so that code conforming to it compiles.
@MainActor
public protocol ViewControllerTransitioningDelegate: AnyObject {}
