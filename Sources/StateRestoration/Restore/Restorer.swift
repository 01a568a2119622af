import ControllerKit

/// The instances a restore has made, shared with the coders that resolve references to them.
@MainActor
final class InstanceTable {
    var controllers: [Int: ViewController] = [:]
    var objects: [Int: any RestorableObject] = [:]
}

/// Rebuilds a snapshot's hierarchy into hidden windows (`RESTORATION.md` §3).
///
/// 1. Objects, then controllers top-down: the restoration class, else the delegate, else the
///    registry's `init?(coder:)`.
/// 2. Relations through the containment API an app would use: stacks, tabs, columns, children,
///    window roots, then presentations. Nothing is visible, so only containment calls happen.
/// 3. `decodeRestorableState(with:)` parent before children, then
///    `applicationFinishedRestoringState()` on every survivor. No view loads.
/// Whatever fails drops only its own subtree, which is detached again through the same API.
@MainActor
struct Restorer {
    let registry: RestorationRegistry
    let snapshot: Snapshot
    let windows: [Window]

    private var report = RestoreReport()
    /// Shared by every coder's resolver: a reference, so making a coder copies nothing.
    private let table = InstanceTable()
    // Read and written through the table itself: a computed wrapper would copy on every write.
    private var instances: [Int: ViewController] { table.controllers }
    private var objects: [Int: any RestorableObject] { table.objects }
    private var dropped = Set<Int>()
    private var recordsByID: [Int: ControllerRecord] = [:]
    private var childrenByParent: [Int: [ControllerRecord]] = [:]
    private let classVersions: [String: Int]

    init(registry: RestorationRegistry, snapshot: Snapshot, windows: [Window]) {
        self.registry = registry
        self.snapshot = snapshot
        self.windows = windows
        var versions: [String: Int] = [:]
        for record in snapshot.controllers { versions[record.className] = record.classVersion }
        for object in snapshot.objects { versions[object.className] = object.classVersion }
        classVersions = versions
        report.snapshotID = snapshot.id
        recordsByID.reserveCapacity(snapshot.controllers.count)
        table.controllers.reserveCapacity(snapshot.controllers.count)
        for record in snapshot.controllers {
            recordsByID[record.id] = record
            if let parent = record.parentID { childrenByParent[parent, default: []].append(record) }
        }
    }

    mutating func run() -> RestoreReport {
        makeObjects()
        makeControllers()
        attachContainment()
        attachPresentations()
        decodeObjects()
        decodeControllers()
        let survivors = snapshot.controllers.filter { !dropped.contains($0.id) }
        for record in survivors {
            instances[record.id]?.applicationFinishedRestoringState()
        }
        report.restored = survivors.map(\.pathString)
        return report
    }

    // MARK: - Helpers

    private func coder(for values: [String: CodedValue], path: [String]) -> RestoringCoder {
        let table = self.table
        return RestoringCoder(record: values, path: path, classVersions: classVersions) { id in
            table.controllers[id] ?? table.objects[id]
        }
    }

    private mutating func drop(_ record: ControllerRecord, _ reason: String) {
        guard dropped.insert(record.id).inserted else { return }
        report.dropped.append(.init(path: record.pathString, className: record.className, reason: reason))
    }

    /// Whether the record's parent (or presenter) is gone, in which case it goes too.
    private mutating func dropIfOrphaned(_ record: ControllerRecord) -> Bool {
        guard let parentID = record.parentID, dropped.contains(parentID) || instances[parentID] == nil else { return false }
        let parentPath = recordsByID[parentID]?.pathString ?? "node \(parentID)"
        drop(record, "its parent \(parentPath) was dropped")
        return true
    }

    // MARK: - 1. Instances

    private mutating func makeObjects() {
        for object in snapshot.objects {
            if let entry = registry.objectEntry(named: object.className) {
                table.objects[object.id] = entry.make()
            } else {
                report.warnings.append("object \(object.id): class \(object.className) is not registered; references to it will not decode")
            }
        }
    }

    private mutating func makeControllers() {
        var used = Set<ObjectIdentifier>()
        for record in snapshot.controllers {
            if dropIfOrphaned(record) { continue }
            let coder = coder(for: record.values, path: record.path)
            var made: ViewController?
            if let name = record.restorationClassName {
                if let factory = registry.factory(named: name) {
                    guard let supplied = factory.viewController(withRestorationIdentifierPath: record.path, coder: coder) else {
                        drop(record, "its restoration class \(name) returned nil")
                        continue
                    }
                    made = supplied
                } else {
                    report.warnings.append("\(record.pathString): restoration class \(name) is not registered; used the registry")
                }
            }
            if made == nil {
                made = registry.delegate?.viewController(withRestorationIdentifierPath: record.path, coder: coder)
            }
            if made == nil {
                guard let entry = registry.controllerEntry(named: record.className) else {
                    drop(record, "class \(record.className) is not registered")
                    continue
                }
                guard let instance = entry.make(coder) else {
                    drop(record, "init?(coder:) of \(record.className) returned nil")
                    continue
                }
                made = instance
            }
            guard let controller = made else { continue }
            if let error = coder.error {
                drop(record, "decoding failed: \(error)")
                continue
            }
            guard used.insert(ObjectIdentifier(controller)).inserted, controller.parent == nil,
                  controller.presentingViewController == nil, controller.hostWindow == nil else {
                drop(record, "the controller supplied for it is already in a hierarchy")
                continue
            }
            if controller.restorationIdentifier == nil { controller.restorationIdentifier = record.identifier }
            table.controllers[record.id] = controller
        }
    }

    // MARK: - 2. Relations

    private func children(of record: ControllerRecord) -> [ControllerRecord] {
        (childrenByParent[record.id] ?? []).filter { instances[$0.id] != nil }
    }

    private mutating func attachContainment() {
        for record in snapshot.controllers {
            guard let controller = instances[record.id], !dropped.contains(record.id) else { continue }
            if case .windowRoot(let index) = record.relation {
                guard windows.indices.contains(index) else {
                    drop(record, "no window \(index) was given to restore into")
                    table.controllers[record.id] = nil
                    continue
                }
                windows[index].rootViewController = controller
                if windows[index].rootViewController !== controller { drop(record, "the window refused it as its root") }
            }
            let contained = children(of: record).filter {
                if case .presented = $0.relation { return false }
                return true
            }
            guard !contained.isEmpty else { continue }
            attach(contained, to: controller, parentRecord: record)
            for child in contained where instances[child.id]?.parent !== controller {
                drop(child, "\(record.className) did not take it as a child")
            }
        }
    }

    private mutating func attach(_ contained: [ControllerRecord], to parent: ViewController, parentRecord: ControllerRecord) {
        func members(_ matching: (SavedRelation) -> Bool) -> [ControllerRecord] {
            contained.filter { matching($0.relation) }
        }
        func except(_ attached: [ControllerRecord]) -> [ControllerRecord] {
            let ids = Set(attached.map(\.id))
            return contained.filter { !ids.contains($0.id) }
        }
        let unexpected: [ControllerRecord]
        if let navigation = parent as? NavigationController {
            let stack = members { if case .stack = $0 { return true } else { return false } }
            navigation.setViewControllers(stack.compactMap { instances[$0.id] }, animated: false)
            unexpected = except(stack)
        } else if let tabs = parent as? TabBarController {
            let tabRecords = members { if case .tab = $0 { return true } else { return false } }
            let tabControllers = tabRecords.compactMap { instances[$0.id] }
            tabs.setViewControllers(tabControllers, animated: false)
            if let selected = tabRecords.firstIndex(where: { if case .tab(_, true) = $0.relation { return true } else { return false } }) {
                tabs.selectedIndex = selected
            }
            unexpected = except(tabRecords)
        } else if let split = parent as? SplitViewController {
            var columns: [ControllerRecord] = []
            for record in contained {
                guard case .column(let column) = record.relation, let controller = instances[record.id] else { continue }
                split.setViewController(controller, for: column)
                columns.append(record)
            }
            if parentRecord.isCollapsed { split.collapse() }
            unexpected = except(columns)
        } else {
            var childRecords: [ControllerRecord] = []
            for record in contained {
                guard case .child = record.relation, let child = instances[record.id] else { continue }
                parent.addChild(child)
                child.didMove(toParent: parent)
                childRecords.append(record)
            }
            unexpected = except(childRecords)
        }
        for record in unexpected {
            drop(record, "a \(record.relation) member cannot belong to a \(parentRecord.className)")
        }
    }

    private mutating func attachPresentations() {
        for record in snapshot.controllers {
            guard case .presented(let style) = record.relation, let presented = instances[record.id],
                  !dropped.contains(record.id) else { continue }
            guard let parentID = record.parentID, let presenter = instances[parentID], !dropped.contains(parentID) else {
                drop(record, "its presenter was dropped")
                continue
            }
            presented.modalPresentationStyle = style
            presenter.present(presented, animated: false)
            if presented.presentingViewController !== presenter {
                presented.presentingViewController?.dismiss(animated: false)
                drop(record, "\(presenter) could not present it again with style \(style.rawValue)")
            }
        }
    }

    // MARK: - 3. Decoding

    private mutating func decodeObjects() {
        for object in snapshot.objects {
            guard let instance = objects[object.id] else { continue }
            let coder = coder(for: object.values, path: ["object \(object.id)"])
            instance.decodeRestorableState(with: coder)
            report.warnings += coder.errors.map { "object \(object.id) (\(object.className)): \($0)" }
        }
    }

    private mutating func decodeControllers() {
        for record in snapshot.controllers {
            guard let controller = instances[record.id], !dropped.contains(record.id) else { continue }
            if dropIfOrphaned(record) {
                detach(controller, record: record)
                continue
            }
            let coder = coder(for: record.values, path: record.path)
            controller.decodeRestorableState(with: coder)
            if let error = coder.error {
                drop(record, "decoding failed: \(error)")
                detach(controller, record: record)
            }
        }
    }

    /// Takes a controller that was attached back out, through the API that attached it.
    private func detach(_ controller: ViewController, record: ControllerRecord) {
        switch record.relation {
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
