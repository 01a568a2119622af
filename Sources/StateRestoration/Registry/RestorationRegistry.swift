import ControllerKit

/// Supplies controllers at restore time in place of the registry, as UIKit's app delegate
/// `application(_:viewControllerWithRestorationIdentifierPath:coder:)` does.
@MainActor
public protocol RestorationDelegate: AnyObject {
    /// The controller for the saved `identifierComponents` path, or `nil` to let the registry make it.
    func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController?
}

/// Where restore gets classes from: controllers and objects registered under stable names, which
/// saves record; only registered classes are ever made.
///
/// ```swift
/// registry.register(InboxController.self, as: "Inbox", version: 2, aliases: ["MailboxList"])
/// ```
@MainActor
public final class RestorationRegistry {
    /// A struct, not a tuple: a save copies one for every controller, which a tuple made measurably slower.
    struct ControllerEntry {
        let name: String
        let version: Int
        let make: (Coder) -> ViewController?
    }
    typealias ObjectEntry = (name: String, version: Int, kind: ObjectKind)

    enum ObjectKind {
        /// A ``StateRestoring`` class: made with the closure, then decoded.
        case restorable(() -> any StateRestoring)
        /// A ``Coding`` class: made with `init?(coder:)`, which decodes.
        case coding((Coder) -> (any Coding)?)
        /// An ``ObjectRestoration`` factory, which supplies the object, then decoded.
        case restorationClass(any ObjectRestoration.Type)
    }

    /// By registered name and alias, for restore.
    private(set) var controllersByName: [String: ControllerEntry] = [:]
    private(set) var factoriesByName: [String: any ViewControllerRestoration.Type] = [:]
    private(set) var objectsByName: [String: ObjectEntry] = [:]
    /// By exact class, for saves.
    private var controllersByType: [ObjectIdentifier: ControllerEntry] = [:]
    private var factoryNamesByType: [ObjectIdentifier: String] = [:]
    private var objectsByType: [ObjectIdentifier: ObjectEntry] = [:]
    private var objectsByFactoryType: [ObjectIdentifier: ObjectEntry] = [:]

    /// Asked for each controller after its restoration class and before the registry.
    public weak var delegate: (any RestorationDelegate)?

    /// Makes a registry holding `ViewController` and the three containers under their own names.
    public init() {
        register(ViewController.self, as: "ViewController")
        register(NavigationController.self, as: "NavigationController")
        register(TabBarController.self, as: "TabBarController")
        register(SplitViewController.self, as: "SplitViewController")
    }

    /// Registers a controller class under `name` at `version` and under `aliases` (names it was saved under before), replacing
    /// an earlier entry of the name; restore makes it with `init?(coder:)`.
    public func register<Controller: ViewController>(_ type: Controller.Type, as name: String,
                                                     version: Int = 0, aliases: [String] = []) {
        let entry = ControllerEntry(name: name, version: version) { coder in Controller(coder: coder) }
        for key in [name] + aliases { controllersByName[key] = entry }
        controllersByType[ObjectIdentifier(type)] = entry
    }

    /// Registers a `restorationClass` factory under `name`, so saves can record it.
    public func register(restorationClass: any ViewControllerRestoration.Type, as name: String) {
        factoriesByName[name] = restorationClass
        factoryNamesByType[ObjectIdentifier(restorationClass)] = name
    }

    /// Registers a ``StateRestoring`` model class, named as ``register(_:as:version:aliases:)`` names
    /// controllers; restore makes it with `make`, then decodes it. All object names share one namespace.
    public func registerObject<Object: StateRestoring>(_ type: Object.Type, as name: String, version: Int = 0,
                                                       aliases: [String] = [], make: @escaping () -> Object) {
        add((name: name, version: version, kind: .restorable(make)), for: ObjectIdentifier(type), aliases: aliases)
    }

    /// Registers a ``Coding`` model class (`NSCoding`'s), named as ``register(_:as:version:aliases:)``
    /// names controllers; restore makes it with `init?(coder:)`. Only the exact class: register subclasses.
    public func registerObject<Object: Coding>(_ type: Object.Type, as name: String, version: Int = 0, aliases: [String] = []) {
        add((name: name, version: version, kind: .coding(Self.maker(for: type))), for: ObjectIdentifier(type), aliases: aliases)
    }

    /// Registers an ``ObjectRestoration`` factory under `name`: objects whose
    /// `objectRestorationClass` it is are saved, whatever their own class, and made by it.
    public func register(objectRestorationClass: any ObjectRestoration.Type, as name: String, aliases: [String] = []) {
        let entry: ObjectEntry = (name: name, version: 0, kind: .restorationClass(objectRestorationClass))
        for key in [name] + aliases { objectsByName[key] = entry }
        objectsByFactoryType[ObjectIdentifier(objectRestorationClass)] = entry
    }

    private func add(_ entry: ObjectEntry, for type: ObjectIdentifier, aliases: [String]) {
        for key in [entry.name] + aliases { objectsByName[key] = entry }
        objectsByType[type] = entry
    }

    /// `init?(coder:)` of `type` as a closure isolated to no actor, as the coder is not.
    private nonisolated static func maker<Object: Coding>(for type: Object.Type) -> (Coder) -> (any Coding)? {
        { coder in Object(coder: coder) }
    }

    func entry(for controller: ViewController) -> ControllerEntry? { controllersByType[ObjectIdentifier(type(of: controller))] }
    func factoryName(for factory: any ViewControllerRestoration.Type) -> String? { factoryNamesByType[ObjectIdentifier(factory)] }

    /// The entry a save records `object` under: its `objectRestorationClass`'s (with its own class's version), else its class's.
    func objectEntry(for object: any StateRestoring) -> ObjectEntry? {
        let own = objectsByType[ObjectIdentifier(type(of: object))]
        if let factory = object.objectRestorationClass, let entry = objectsByFactoryType[ObjectIdentifier(factory)] {
            return (name: entry.name, version: own?.version ?? 0, kind: entry.kind)
        }
        return own
    }

    /// The entry of `object`'s exact class when it is registered as a ``Coding`` class.
    func codingEntry(for object: AnyObject) -> ObjectEntry? {
        guard let entry = objectsByType[ObjectIdentifier(type(of: object))], case .coding = entry.kind else { return nil }
        return entry
    }

    /// Whether `name` is a registered controller name or alias.
    public func knowsController(named name: String) -> Bool { controllersByName[name] != nil }
}
