/// The headless `UIWindowScene`: a scene that shows windows. Every scene the application
/// connects is one; a window joins it with ``Window/init(windowScene:)`` or by setting
/// ``Window/windowScene``.
@MainActor
open class WindowScene: Scene {
    /// Weak: the scene's delegate holds its window, as in UIKit.
    private var attachedWindows: [WeakWindow] = []

    /// The windows attached to this scene, in the order they joined.
    public var windows: [Window] { attachedWindows.compactMap(\.window) }

    func attach(_ window: Window) {
        attachedWindows.removeAll { $0.window == nil || $0.window === window }
        attachedWindows.append(WeakWindow(window: window))
    }

    func detach(_ window: Window) {
        attachedWindows.removeAll { $0.window == nil || $0.window === window }
    }
}

private struct WeakWindow {
    weak var window: Window?
}

extension Window {
    /// Makes a hidden window attached to `windowScene`, belonging to the scene's application,
    /// as `UIWindow(windowScene:)`.
    public convenience init(windowScene: WindowScene) {
        self.init(frame: Window.defaultFrame, application: windowScene.application)
        // An initializer's own assignment runs no property observer: attach here.
        self.windowScene = windowScene
        windowScene.attach(self)
    }
}
