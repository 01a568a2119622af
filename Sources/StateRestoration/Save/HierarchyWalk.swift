@_spi(Restoration) import ControllerKit

/// Phase 1 of a full capture (`RESTORATION.md` §1): numbers every controller that takes part,
/// parents first, and reads what only the controllers can tell, so that references can point
/// anywhere. A struct walked by mutating methods: as a nested function, the walk's state was
/// captured in boxes whose every access the runtime checked for exclusivity.
@MainActor
struct HierarchyWalk {
    private let registry: RestorationRegistry
    private var classes: ClassNames
    /// Gives each controller its id, the one it had at the last save when it is the same.
    private var state: IncrementalState
    /// The nodes found, in save order, with a weak reference to each node's controller.
    // Weak, formed here: a strong array of the controllers was released at the end of the
    // capture, and each release, and the weak reference formed later, reached the controller's
    // reference counts again, a cache miss each at 10,000 controllers (perf: a fifth of a
    // capture). Here they are at hand, the walk having just retained the controller.
    private var walked = WalkedControllers()

    /// How many nodes the last walk found: a hierarchy changes little between saves, and
    /// growing the node array by doubling moved every node about once more (callgrind: a
    /// twentieth of a capture of 10,000).
    private static var lastNodeCount = 0

    init(registry: RestorationRegistry, state: IncrementalState) {
        self.registry = registry
        self.classes = ClassNames(registry: registry)
        self.state = state
    }

    /// Walks every window's root and what hangs below it.
    mutating func walk(_ windows: [Window]) {
        let expected = max(state.order.count, Self.lastNodeCount)
        walked.nodes.reserveCapacity(expected)
        walked.identities.reserveCapacity(expected)
        walked.controllers.reserveCapacity(expected)
        for (index, window) in windows.enumerated() {
            guard let root = window.rootViewController else { continue }
            visit(root, parentIndex: nil, relation: .windowRoot(window: index), window: index, childIndex: 0)
        }
        Self.lastNodeCount = walked.nodes.count
        var order: [Int] = []
        order.reserveCapacity(walked.nodes.count)
        for index in walked.nodes.indices { order.append(walked.nodes[index].id) }
        state.order = order
        state.windowCount = windows.count
    }

    /// What the walk found: the state with its ids and save order, and the nodes with their
    /// controllers.
    consuming func finish() -> (state: IncrementalState, walked: WalkedControllers) {
        (state, walked)
    }

    private mutating func visit(_ controller: ViewController, parentIndex: Int?, relation: SavedRelation, window: Int, childIndex: Int) {
        guard let identifier = controller.restorationIdentifier, !identifier.isEmpty else {
            walked.leftOut.append(.init(parentIndex: parentIndex, className: "\(type(of: controller))",
                                        descendantCount: controller.descendantAndPresentedCount))
            return
        }
        let myIndex = walked.nodes.count
        let className = classes.name(of: controller)
        if className == nil {
            walked.notes.append((myIndex, .unregisteredClass("\(type(of: controller))")))
        }
        var factoryName: String?
        if let factory = controller.restorationClass {
            factoryName = registry.factoryName(for: factory)
            if factoryName == nil { walked.notes.append((myIndex, .unregisteredRestorationClass("\(factory)"))) }
        }
        let split = controller as? SplitViewController
        // Not `parentIndex.map`: a closure formed on the main actor checks the executor when
        // it runs (a twentieth of the walk).
        var parentID: Int?
        if let parentIndex { parentID = walked.nodes[parentIndex].id }
        let fields = ControllerRecord.Fields(
            id: state.nodeID(for: controller), parentID: parentID, path: [],
            identifier: identifier, title: controller.title, windowIndex: window, relation: relation,
            className: className?.name ?? "\(type(of: controller))", classVersion: className?.version ?? 0,
            restorationClassName: factoryName, isViewLoaded: controller.isViewLoaded,
            appearance: controller.appearanceState, isCollapsed: split?.isCollapsed ?? false, values: KeyedValues())
        walked.nodes.append(WalkedControllers.Node(fields: fields, parentIndex: parentIndex, childIndex: childIndex))
        walked.identities.append(ObjectIdentifier(controller))
        walked.controllers.append(WeakControllerReference(controller))

        // Relations from the container's own bookkeeping, by position: asking each child for
        // its relation would search its parent's children, quadratic for a long stack.
        let children = controller.children
        if !children.isEmpty {
            let isStack = controller is NavigationController
            let selectedTab = isStack ? nil : (controller as? TabBarController)?.selectedIndex
            var savedChildren = 0
            for index in children.indices {
                let child = children[index]
                let childRelation: SavedRelation
                if isStack {
                    childRelation = .stack(index: savedChildren)
                } else if let selectedTab {
                    childRelation = .tab(index: savedChildren, isSelected: index == selectedTab)
                } else if let split {
                    childRelation = .column(split.viewController(for: .primary) === child ? .primary : .secondary)
                } else {
                    childRelation = .child(index: savedChildren)
                }
                let before = walked.nodes.count
                visit(child, parentIndex: myIndex, relation: childRelation, window: window, childIndex: index)
                if walked.nodes.count > before { savedChildren += 1 }
            }
        }
        if let presented = controller.presentedByThisController, let style = presented.activePresentationStyle {
            visit(presented, parentIndex: myIndex, relation: .presented(style: style), window: window, childIndex: 0)
        }
    }
}

/// The registered names of the classes a walk meets, remembered for the last few: a hierarchy's
/// controllers come in a few classes, and looking each one up in the registry hashed its type.
@MainActor
private struct ClassNames {
    let registry: RestorationRegistry
    private var recent: [(type: ObjectIdentifier, name: (name: String, version: Int)?)] = []

    init(registry: RestorationRegistry) {
        self.registry = registry
    }

    /// The registered name and version of `controller`'s class; `nil` when it is not registered.
    mutating func name(of controller: ViewController) -> (name: String, version: Int)? {
        let type = ObjectIdentifier(Swift.type(of: controller))
        for slot in recent where slot.type == type { return slot.name }
        let name = registry.entry(for: controller).map { ($0.name, $0.version) }
        if recent.count == 4 { recent.removeFirst() }
        recent.append((type, name))
        return name
    }
}

extension ViewController {
    /// How many controllers sit below this one: children, their children, what is presented.
    var descendantAndPresentedCount: Int {
        var count = 0
        var pending = children
        if let presented = presentedViewController, presented.presentingViewController === self { pending.append(presented) }
        while let next = pending.popLast() {
            count += 1
            pending += next.children
            if let presented = next.presentedViewController, presented.presentingViewController === next { pending.append(presented) }
        }
        return count
    }
}
