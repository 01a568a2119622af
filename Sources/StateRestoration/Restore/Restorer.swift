@_spi(Restoration) import ControllerKit

/// Rebuilds a snapshot's hierarchy into hidden windows (`docs/behaviour.md`, "Restoring").
///
/// 1. Objects, then controllers top-down: the restoration class, else the delegate, else the
///    registry's `init?(coder:)`.
/// 2. Relations through the containment API an app would use: stacks, tabs, columns, children,
///    window roots, then presentations. Nothing is visible, so only containment calls happen.
/// 3. `decodeRestorableState(with:)` parent before children, then
///    `applicationFinishedRestoringState()` on every survivor. No view loads.
///
/// Each controller has one coder, for its making and its decoding. Whatever fails drops only its
/// own subtree, which is detached again through the API that attached it.
@MainActor
struct Restorer {
    let registry: RestorationRegistry
    let snapshot: Snapshot
    let windows: [Window]

    private var report = RestoreReport()
    private let instances = RestoredInstances()
    /// The snapshot's controllers, parents first; everything below refers to them by index.
    private let records: [ControllerRecord]
    private var coders: [RestoringCoder?]
    private var made: [ViewController?]
    private var dropped: [Bool]
    /// Each record's parent (or presenter) index; `nil` for roots.
    private var parentIndex: [Int?]
    /// Each record's children and presented controller, in snapshot order.
    private var childIndices: [[Int]]
    private let classVersions: [String: Int]

    init(registry: RestorationRegistry, snapshot: Snapshot, windows: [Window]) {
        self.registry = registry
        self.snapshot = snapshot
        self.windows = windows
        records = snapshot.controllers
        report.snapshotID = snapshot.id
        let count = records.count
        coders = Array(repeating: nil, count: count)
        made = Array(repeating: nil, count: count)
        dropped = Array(repeating: false, count: count)
        parentIndex = Array(repeating: nil, count: count)
        childIndices = Array(repeating: [], count: count)
        var indexByID: [Int: Int] = [:]
        for (index, record) in records.enumerated() { indexByID[record.id] = index }
        for (index, record) in records.enumerated() {
            guard let parent = record.parentID.flatMap({ indexByID[$0] }) else { continue }
            parentIndex[index] = parent
            childIndices[parent].append(index)
        }
        var versions: [String: Int] = [:]
        for record in records { versions[record.className] = record.classVersion }
        for object in snapshot.objects { versions[object.className] = object.classVersion }
        classVersions = versions
    }

    mutating func run() -> RestoreReport {
        makeObjects()
        makeControllers()
        attachContainment()
        attachPresentations()
        decodeObjects()
        decodeControllers()
        for index in records.indices where !dropped[index] {
            made[index]?.applicationFinishedRestoringState()
            report.restored.append(records[index].pathString)
        }
        return report
    }

    // MARK: - Helpers

    private func coder(values: [String: CodedValue], path: [String]) -> RestoringCoder {
        RestoringCoder(values: values, path: path, classVersions: classVersions, instances: instances)
    }

    private mutating func drop(_ index: Int, _ reason: String) {
        guard !dropped[index] else { return }
        dropped[index] = true
        report.dropped.append(.init(path: records[index].pathString, className: records[index].className, reason: reason))
    }

    /// Whether the record's parent (or presenter) is gone, in which case it goes too.
    private mutating func dropIfOrphaned(_ index: Int) -> Bool {
        guard let parent = parentIndex[index] else { return false }
        if !dropped[parent], made[parent] != nil { return false }
        drop(index, "its parent \(records[parent].pathString) was dropped")
        return true
    }

    // MARK: - 1. Instances

    private mutating func makeObjects() {
        for object in snapshot.objects {
            if let entry = registry.objectEntry(named: object.className) {
                instances.objects[object.id] = entry.make()
            } else {
                report.warnings.append("object \(object.id): class \(object.className) is not registered; references to it will not decode")
            }
        }
    }

    private mutating func makeControllers() {
        var used = Set<ObjectIdentifier>()
        for index in records.indices {
            if dropIfOrphaned(index) { continue }
            let record = records[index]
            let coder = coder(values: record.values, path: record.path)
            var controller: ViewController?
            var isNew = false
            if let name = record.restorationClassName {
                guard let factory = registry.factory(named: name) else {
                    drop(index, "its restoration class \(name) is not registered")
                    continue
                }
                guard let supplied = factory.viewController(withRestorationIdentifierPath: record.path, coder: coder) else {
                    drop(index, "its restoration class \(name) returned nil")
                    continue
                }
                controller = supplied
            } else if let supplied = registry.delegate?.viewController(withRestorationIdentifierPath: record.path, coder: coder) {
                controller = supplied
            } else {
                guard let entry = registry.controllerEntry(named: record.className) else {
                    drop(index, "class \(record.className) is not registered")
                    continue
                }
                guard let instance = entry.make(coder) else {
                    drop(index, "init?(coder:) of \(record.className) returned nil")
                    continue
                }
                controller = instance
                isNew = true
            }
            guard let controller else { continue }
            if let error = coder.error {
                drop(index, "decoding failed: \(error)")
                continue
            }
            // Only an instance a factory or the delegate supplied can be one already used.
            guard isNew || used.insert(ObjectIdentifier(controller)).inserted, controller.isInNoHierarchy else {
                drop(index, "the controller supplied for it is already in a hierarchy")
                continue
            }
            if controller.restorationIdentifier == nil { controller.restorationIdentifier = record.identifier }
            made[index] = controller
            coders[index] = coder
            instances.controllers[record.id] = controller
        }
    }

    // MARK: - 2. Relations

    /// The record's contained children that were made, in snapshot order.
    private func containedChildren(of index: Int) -> [Int] {
        childIndices[index].filter { child in
            if case .presented = records[child].relation { return false }
            return made[child] != nil && !dropped[child]
        }
    }

    private mutating func attachContainment() {
        for index in records.indices {
            guard let controller = made[index], !dropped[index] else { continue }
            if case .windowRoot(let window) = records[index].relation {
                guard windows.indices.contains(window) else {
                    drop(index, "no window \(window) was given to restore into")
                    continue
                }
                windows[window].rootViewController = controller
                if windows[window].rootViewController !== controller { drop(index, "the window refused it as its root") }
            }
            let contained = containedChildren(of: index)
            guard !contained.isEmpty else { continue }
            let attached = attach(contained, to: controller, parent: index)
            let taken = Set(attached)
            for child in contained where !taken.contains(child) {
                drop(child, "a \(records[child].relation) member cannot belong to a \(records[index].className)")
            }
            for child in attached where made[child]?.parent !== controller {
                drop(child, "\(records[index].className) did not take it as a child")
            }
        }
    }

    /// Attaches what fits the container among `contained`; returns those it attached.
    private func attach(_ contained: [Int], to container: ViewController, parent: Int) -> [Int] {
        var attached: [Int] = []
        if let navigation = container as? NavigationController {
            attached = contained.filter { if case .stack = records[$0].relation { true } else { false } }
            navigation.setViewControllers(attached.compactMap { made[$0] }, animated: false)
        } else if let tabs = container as? TabBarController {
            attached = contained.filter { if case .tab = records[$0].relation { true } else { false } }
            tabs.setViewControllers(attached.compactMap { made[$0] }, animated: false)
            if let selected = attached.firstIndex(where: { if case .tab(_, true) = records[$0].relation { true } else { false } }) {
                tabs.selectedIndex = selected
            }
        } else if let split = container as? SplitViewController {
            for child in contained {
                guard case .column(let column) = records[child].relation, let controller = made[child] else { continue }
                split.setViewController(controller, for: column)
                attached.append(child)
            }
            if records[parent].isCollapsed { split.collapse() }
        } else {
            for child in contained {
                guard case .child = records[child].relation, let controller = made[child] else { continue }
                container.addChild(controller)
                controller.didMove(toParent: container)
                attached.append(child)
            }
        }
        return attached
    }

    private mutating func attachPresentations() {
        for index in records.indices {
            guard case .presented(let style) = records[index].relation, let presented = made[index], !dropped[index] else { continue }
            guard let presenterIndex = parentIndex[index], let presenter = made[presenterIndex], !dropped[presenterIndex] else {
                drop(index, "its presenter was dropped")
                continue
            }
            presented.modalPresentationStyle = style
            presenter.present(presented, animated: false)
            if presented.presentingViewController !== presenter {
                presented.presentingViewController?.dismiss(animated: false)
                drop(index, "\(presenter) could not present it again with style \(style.rawValue)")
            }
        }
    }

    // MARK: - 3. Decoding

    private mutating func decodeObjects() {
        for object in snapshot.objects {
            guard let instance = instances.objects[object.id] else { continue }
            let coder = coder(values: object.values, path: ["object \(object.id)"])
            instance.decodeRestorableState(with: coder)
            report.warnings += coder.errors.map { "object \(object.id) (\(object.className)): \($0)" }
        }
    }

    private mutating func decodeControllers() {
        for index in records.indices {
            guard let controller = made[index], !dropped[index] else { continue }
            if dropIfOrphaned(index) {
                detach(controller, relation: records[index].relation)
                continue
            }
            guard let coder = coders[index] else { continue }
            controller.decodeRestorableState(with: coder)
            if let error = coder.error {
                drop(index, "decoding failed: \(error)")
                detach(controller, relation: records[index].relation)
            }
        }
    }

    /// Takes a controller that was attached back out, through the API that attached it.
    private func detach(_ controller: ViewController, relation: SavedRelation) {
        switch relation {
        case .windowRoot(let index):
            if windows.indices.contains(index), windows[index].rootViewController === controller {
                windows[index].rootViewController = nil
            }
        case .stack:
            if let navigation = controller.parent as? NavigationController {
                navigation.setViewControllers(navigation.viewControllers.filter { $0 !== controller }, animated: false)
            }
        case .tab:
            if let tabs = controller.parent as? TabBarController {
                tabs.setViewControllers((tabs.viewControllers ?? []).filter { $0 !== controller }, animated: false)
            }
        case .column(let column):
            if let split = controller.parent as? SplitViewController { split.setViewController(nil, for: column) }
        case .child:
            controller.willMove(toParent: nil)
            controller.removeFromParent()
        case .presented:
            // The presenter dismisses: on the presented controller, dismiss would take away what
            // it presents instead.
            controller.presentingViewController?.dismiss(animated: false)
        }
    }
}
