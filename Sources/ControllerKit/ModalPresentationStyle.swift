/// How a presented controller covers the screen; mirrors `UIModalPresentationStyle`, with its
/// raw values.
///
/// The style decides two things: which controller becomes the presenter (full-screen styles walk
/// up to the controller that fills the window, context styles to the nearest ancestor that
/// `definesPresentationContext`), and whether the presenter disappears (only ``fullScreen`` and
/// ``currentContext`` take the presenter off screen; the others leave it appeared and send it
/// nothing). ``automatic`` presents as ``pageSheet`` (UIKit's choice from iOS 13 on), and
/// ``custom`` as ``overFullScreen`` (a custom transition leaves the presenter on screen). A
/// presentation with ``none`` is refused, as UIKit refuses it.
public enum ModalPresentationStyle: Int, Sendable, Hashable, CaseIterable {
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7
    case none = -1
    case automatic = -2

    /// The case's name, as the database, tools and traces write it (`"fullScreen"`).
    public var name: String {
        switch self {
        case .fullScreen: "fullScreen"
        case .pageSheet: "pageSheet"
        case .formSheet: "formSheet"
        case .currentContext: "currentContext"
        case .custom: "custom"
        case .overFullScreen: "overFullScreen"
        case .overCurrentContext: "overCurrentContext"
        case .popover: "popover"
        case .none: "none"
        case .automatic: "automatic"
        }
    }

    /// The style named `name` (see ``name``).
    public init?(name: String) {
        guard let style = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = style
    }

    /// The style a presentation with this one behaves as.
    var resolved: ModalPresentationStyle {
        switch self {
        case .automatic: .pageSheet
        case .custom: .overFullScreen
        default: self
        }
    }

    /// Whether the presenter's view leaves the window while this presentation is up.
    public var coversPresenter: Bool {
        resolved == .fullScreen || resolved == .currentContext
    }

    /// Whether the presenter is found through `definesPresentationContext`.
    public var usesPresentationContext: Bool {
        resolved == .currentContext || resolved == .overCurrentContext
    }

    /// Whether a controller presented with this style fills the window, and so is the presenter
    /// that full-screen styles walk up to.
    var fillsWindow: Bool {
        resolved == .fullScreen || resolved == .overFullScreen
    }
}
