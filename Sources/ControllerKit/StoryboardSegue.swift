/// The headless `UIStoryboardSegue`: a transition from one controller to another, made by
/// `performSegue(withIdentifier:sender:)` from a segue registered with the source's storyboard
/// (``Storyboard/register(name:initial:scenes:segues:)``), handed to the source's
/// `prepare(for:sender:)`, then performed.
///
/// ```swift
/// Storyboard.register(name: "Main", initial: "inbox", scenes: [
///     "inbox": { ViewController() },
///     "detail": { ViewController() },
/// ], segues: [
///     "inbox": ["showDetail": .show("detail")],
/// ])
/// // In the inbox: performSegue(withIdentifier: "showDetail", sender: self), and
/// // override func prepare(for segue: StoryboardSegue, sender: Any?) configures segue.destination.
/// ```
///
/// A subclass may override ``perform()``, as in UIKit; the base class performs what it was made
/// with (``init(identifier:source:destination:performHandler:)``), or nothing.
@MainActor
open class StoryboardSegue {
    /// How a registered segue shows its destination, as the segue kinds of Interface Builder.
    public enum Kind: Sendable, Hashable {
        /// "Show": `source.show(destination, sender:)`, a push inside a navigation controller.
        case show
        /// "Show Detail": `source.showDetailViewController(destination, sender:)`.
        case showDetail
        /// "Present Modally": `source.present(destination, animated: true)`, in the destination's
        /// own `modalPresentationStyle`.
        case presentModally
    }

    /// A segue as registered with a storyboard: its destination scene's storyboard ID and kind.
    public struct Template: Sendable, Hashable {
        /// The storyboard ID of the scene the segue instantiates.
        public var destination: String
        /// How the destination is shown.
        public var kind: Kind

        /// A segue to the scene `destination`, shown as `kind`.
        public init(destination: String, kind: Kind) {
            self.destination = destination
            self.kind = kind
        }

        /// A "Show" segue to the scene `destination`.
        public static func show(_ destination: String) -> Template { Template(destination: destination, kind: .show) }
        /// A "Show Detail" segue to the scene `destination`.
        public static func showDetail(_ destination: String) -> Template { Template(destination: destination, kind: .showDetail) }
        /// A "Present Modally" segue to the scene `destination`.
        public static func presentModally(_ destination: String) -> Template { Template(destination: destination, kind: .presentModally) }
    }

    /// The segue's identifier.
    public let identifier: String?
    /// The controller the segue starts from.
    public let source: ViewController
    /// The controller it shows.
    public let destination: ViewController
    private let performHandler: (@MainActor () -> Void)?

    /// A segue that performs nothing until a subclass overrides ``perform()``, as UIKit's.
    public init(identifier: String?, source: ViewController, destination: ViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        performHandler = nil
    }

    /// A segue whose ``perform()`` runs `performHandler`, as UIKit's
    /// `init(identifier:source:destination:performHandler:)`.
    public init(identifier: String?, source: ViewController, destination: ViewController,
                performHandler: @escaping @MainActor () -> Void) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        self.performHandler = performHandler
    }

    /// Shows the destination; the base class runs the handler it was made with, if any.
    open func perform() {
        performHandler?()
    }
}

extension ViewController {
    /// Performs the segue `identifier` registered for this controller's scene in its storyboard,
    /// as UIKit's `performSegue(withIdentifier:sender:)`: instantiates the destination from the
    /// storyboard, hands the segue to ``prepare(for:sender:)``, then performs it.
    /// `shouldPerformSegue(withIdentifier:sender:)` is not asked, as in UIKit. A controller not
    /// made from a storyboard, or a segue not registered for its scene, changes nothing and
    /// reports a ``Diagnostic/Kind/storyboardNotFound`` diagnostic to its window's application
    /// (UIKit raises).
    public func performSegue(withIdentifier identifier: String, sender: Any?) {
        guard let storyboard, let scene = storyboardSceneIdentifier else {
            report(.storyboardNotFound, "\(self) has no segue with identifier \(identifier.debugDescription): it was not instantiated from a storyboard")
            return
        }
        guard let template = storyboard.segueTemplate(identifier, from: scene) else {
            report(.storyboardNotFound, "\(self) has no segue with identifier \(identifier.debugDescription) in storyboard \(storyboard.name.debugDescription), scene \(scene.debugDescription)")
            return
        }
        let destination = storyboard.instantiateViewController(withIdentifier: template.destination)
        let segue = StoryboardSegue(identifier: identifier, source: self, destination: destination) { [unowned self] in
            switch template.kind {
            case .show: show(destination, sender: sender)
            case .showDetail: showDetailViewController(destination, sender: sender)
            case .presentModally: present(destination, animated: true)
            }
        }
        prepare(for: segue, sender: sender)
        segue.perform()
    }
}
