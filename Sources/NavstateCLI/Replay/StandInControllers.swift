import ControllerKit
import StateRestoration

/// A controller that stands in for an app class the inspector does not have, carrying the saved
/// class name. Containers get stand-ins of the matching built-in kind, so their children attach.
@MainActor
protocol StandIn: ViewController {
    var savedClassName: String { get set }
}

extension StandIn {
    /// What every stand-in's `description` says: the class it replaces, never the view.
    var standInDescription: String { "\(savedClassName)(stand-in, id: \(restorationIdentifier ?? "?"))" }
}

final class StandInViewController: ViewController, StandIn {
    var savedClassName = ""
    override var description: String { standInDescription }
}

final class StandInNavigationController: NavigationController, StandIn {
    var savedClassName = ""
    override var description: String { standInDescription }
}

final class StandInTabBarController: TabBarController, StandIn {
    var savedClassName = ""
    override var description: String { standInDescription }
}

final class StandInSplitViewController: SplitViewController, StandIn {
    var savedClassName = ""
    override var description: String { standInDescription }
}

/// Supplies stand-ins through the restoration delegate for every class the registry lacks.
@MainActor
final class StandInSupplier: RestorationDelegate {
    private var recordsByPath: [[String]: ControllerRecord] = [:]
    private var childRelations: [Int: [ControllerRelation]] = [:]
    private let registry: RestorationRegistry

    init(snapshot: Snapshot, registry: RestorationRegistry) {
        self.registry = registry
        for record in snapshot.controllers {
            recordsByPath[record.path] = record
            if let parent = record.parentID { childRelations[parent, default: []].append(record.relation) }
        }
    }

    func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController? {
        guard let record = recordsByPath[identifierComponents], !registry.knowsController(named: record.className) else {
            return nil
        }
        let relations = childRelations[record.id] ?? []
        let standIn: any StandIn
        if relations.contains(where: { if case .navigationStack = $0 { return true } else { return false } }) {
            standIn = StandInNavigationController()
        } else if relations.contains(where: { if case .tab = $0 { return true } else { return false } }) {
            standIn = StandInTabBarController()
        } else if relations.contains(where: { if case .splitColumn = $0 { return true } else { return false } }) {
            standIn = StandInSplitViewController()
        } else {
            standIn = StandInViewController()
        }
        standIn.savedClassName = record.className
        return standIn
    }
}
