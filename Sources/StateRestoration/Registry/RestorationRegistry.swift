import ControllerKit

/// Supplies controllers at restore time in place of the registry, as UIKit's app delegate
/// `application(_:viewControllerWithRestorationIdentifierPath:coder:)` does.
@MainActor
public protocol RestorationDelegate: AnyObject {
    /// The controller for the saved `identifierComponents` path, or `nil` to let the registry
    /// create it.
    func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController?
}

/// Where restore gets classes from: controllers and objects registered under stable names.
///
/// Saves record the registered name, never a module-qualified runtime class name, so renaming
/// or moving a class does not orphan saved state: register the old name as an alias. Only
/// registered classes are ever instantiated. The built-in containers and `ViewController` itself
/// are registered from the start.
@MainActor
public final class RestorationRegistry {
    struct ControllerEntry {
        let name: String
        let version: Int
        let make: (Coder) -> ViewController?
    }

    struct ObjectEntry {
        let name: String
        let version: Int
        let make: () -> any RestorableObject
    }

    private var controllersByName: [String: ControllerEntry] = [:]
    private var controllerNamesByType: [ObjectIdentifier: ControllerEntry] = [:]
    private var factoriesByName: [String: any ViewControllerRestoration.Type] = [:]
    private var factoryNamesByType: [ObjectIdentifier: String] = [:]
    private var objectsByName: [String: ObjectEntry] = [:]
    private var objectNamesByType: [ObjectIdentifier: ObjectEntry] = [:]

    /// Asked for each controller after its restoration class and before the registry.
    public weak var delegate: (any RestorationDelegate)?

    /// Makes a registry holding `ViewController`, `NavigationController`, `TabBarController` and
    /// `SplitViewController` under their own names.
    public init() {
        register(ViewController.self, as: "ViewController")
        register(NavigationController.self, as: "NavigationController")
        register(TabBarController.self, as: "TabBarController")
        register(SplitViewController.self, as: "SplitViewController")
    }

    /// Registers a controller class under `name` (what saves record) at class `version`, also
    /// answering to `aliases` (the names it was saved under before a rename). Restore creates it
    /// with `init?(coder:)`. Registering a name again replaces the earlier entry.
    public func register<Controller: ViewController>(_ type: Controller.Type, as name: String,
                                                     version: Int = 0, aliases: [String] = []) {
        let entry = ControllerEntry(name: name, version: version) { coder in Controller(coder: coder) }
        for key in [name] + aliases { controllersByName[key] = entry }
        controllerNamesByType[ObjectIdentifier(type)] = entry
    }

    /// Registers a `restorationClass` factory under `name`, so saves can record it.
    public func register(restorationClass: any ViewControllerRestoration.Type, as name: String) {
        factoriesByName[name] = restorationClass
        factoryNamesByType[ObjectIdentifier(restorationClass)] = name
    }

    /// Registers a restorable model class that controllers reference, under `name` at `version`;
    /// restore makes instances with `make` and then calls `decodeRestorableState(with:)`.
    public func registerObject<Object: RestorableObject>(_ type: Object.Type, as name: String, version: Int = 0,
                                                         aliases: [String] = [], make: @escaping () -> Object) {
        let entry = ObjectEntry(name: name, version: version, make: make)
        for key in [name] + aliases { objectsByName[key] = entry }
        objectNamesByType[ObjectIdentifier(type)] = entry
    }

    // MARK: - Lookups

    /// The registered name and version of `controller`'s exact class, if registered.
    func entry(for controller: ViewController) -> ControllerEntry? {
        controllerNamesByType[ObjectIdentifier(type(of: controller))]
    }

    /// The entry registered under `name` or an alias.
    func controllerEntry(named name: String) -> ControllerEntry? {
        controllersByName[name]
    }

    /// The name `factory` was registered under.
    func factoryName(for factory: any ViewControllerRestoration.Type) -> String? {
        factoryNamesByType[ObjectIdentifier(factory)]
    }

    /// The factory registered under `name`.
    func factory(named name: String) -> (any ViewControllerRestoration.Type)? {
        factoriesByName[name]
    }

    /// The registered entry of `object`'s exact class.
    func objectEntry(for object: any RestorableObject) -> ObjectEntry? {
        objectNamesByType[ObjectIdentifier(type(of: object))]
    }

    /// The object entry registered under `name` or an alias.
    func objectEntry(named name: String) -> ObjectEntry? {
        objectsByName[name]
    }

    /// Whether `name` is a registered controller name or alias.
    public func knowsController(named name: String) -> Bool {
        controllersByName[name] != nil
    }
}
