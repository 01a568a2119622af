/// How a presented controller covers the screen; mirrors `UIModalPresentationStyle`.
///
/// The style decides two things: which controller becomes the presenter (full-screen styles walk
/// up to the controller that fills the window, context styles to the nearest ancestor that
/// `definesPresentationContext`), and whether the presenter disappears (only ``fullScreen`` and
/// ``currentContext`` take the presenter off screen; the others leave it appeared and send it
/// nothing).
public enum ModalPresentationStyle: String, Sendable, Hashable, CaseIterable {
    case fullScreen
    case pageSheet
    case formSheet
    case currentContext
    case overFullScreen
    case overCurrentContext
    case popover

    /// Whether the presenter's view leaves the window while this presentation is up.
    public var coversPresenter: Bool {
        self == .fullScreen || self == .currentContext
    }

    /// Whether the presenter is found through `definesPresentationContext`.
    public var usesPresentationContext: Bool {
        self == .currentContext || self == .overCurrentContext
    }

    /// Whether a controller presented with this style fills the window, and so is the presenter
    /// that full-screen styles walk up to.
    var fillsWindow: Bool {
        self == .fullScreen || self == .overFullScreen
    }
}
