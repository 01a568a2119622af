@_spi(Restoration) import ControllerKit

/// The instances a restore has made, shared with the coders that resolve references to them.
/// Controllers sit by record index (arrays, not hashing, on the hot path); references name node
/// ids, resolved through `indexByID`.
@MainActor
final class InstanceTable {
    // Unchecked: main-actor isolated, and every write is a plain assignment that calls nothing
    // while it lasts, so no access can overlap a write. The restorer reads `controllers` several
    // times per controller, each read checked at run time otherwise.
    @exclusivity(unchecked) var indexByID = NodeIndex()
    @exclusivity(unchecked) var controllers: [ViewController?] = []
    @exclusivity(unchecked) var objects: [Int: any RestorableObject] = [:]

    /// The controller made for node `id`, if any.
    func controller(id: Int) -> ViewController? {
        indexByID[id].flatMap { controllers[$0] }
    }
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
    /// The records' payloads when they still decode (a store's restore); else the records hold
    /// their values.
    let payloads: PendingPayloads?

    private var report = RestoreReport()
    /// Shared by every coder's resolver: a reference, so making a coder copies nothing.
    private let table = InstanceTable()
    /// The snapshot's controllers; everything below refers to them by index. Stored, not
    /// forwarded to `snapshot`: each read through a computed property retained the array.
    private let records: [ControllerRecord]
    /// The coders that must reach their controller's `decodeRestorableState(with:)`: those the
    /// controller kept, or wrote to, in `init?(coder:)`. Any other controller's decode reads an
    /// equal coder (the same values and path): one container per controller, as `RESTORATION.md`
    /// §2 has it, without one coder object per controller.
    private var coders: [RestoringCoder?]
    /// A coder the last controller let go of, for the next one (see ``recycle(_:)``).
    private var spareCoder: RestoringCoder?
    private var dropped: [Bool]
    /// Each record's parent (or presenter) index; `nil` for roots and unknown parents.
    private var parentIndex: [Int?]
    /// Each record's parent id, as its record has it: checked for every record in two passes,
    /// it was read from each record's storage (perf: a thirtieth of the restorer's main-actor
    /// time at 10,000 controllers, most of it waiting for memory).
    private var parentIDs: [Int?]
    /// Each record's children and presented controller, in snapshot order.
    private var childIndices: [[Int]]
    private let classVersions: [String: Int]

    init(registry: RestorationRegistry, snapshot: Snapshot, windows: [Window], payloads: PendingPayloads? = nil) {
        self.registry = registry
        self.snapshot = snapshot
        self.windows = windows
        self.payloads = payloads
        records = snapshot.controllers
        classVersions = Self.classVersions(snapshot)
        report.snapshotID = snapshot.id
        let count = snapshot.controllers.count
        dropped = Array(repeating: false, count: count)
        parentIndex = Array(repeating: nil, count: count)
        parentIDs = Array(repeating: nil, count: count)
        childIndices = Array(repeating: [], count: count)
        coders = Array(repeating: nil, count: count)
        table.controllers = Array(repeating: nil, count: count)
        // By array when the ids are dense, as saves number them: hashing each id, then each
        // parent's, was most of setting up (callgrind).
        var ids: [Int] = []
        ids.reserveCapacity(count)
        for index in snapshot.controllers.indices {
            ids.append(snapshot.controllers[index].id)
            parentIDs[index] = snapshot.controllers[index].parentID
        }
        table.indexByID = NodeIndex(ids: ids)
        for index in snapshot.controllers.indices {
            guard let parent = parentIDs[index], let found = table.indexByID[parent] else { continue }
            parentIndex[index] = found
            childIndices[found].append(index)
        }
    }

    /// Each class's version, as its records and objects give it (the last one's, should two
    /// differ).
    private static func classVersions(_ snapshot: Snapshot) -> [String: Int] {
        var versions = ClassVersions()
        for record in snapshot.controllers { versions.note(record.className, record.classVersion) }
        for object in snapshot.objects { versions.note(object.className, object.classVersion) }
        return versions.finish()
    }

    mutating func run() -> RestoreReport {
        makeObjects()
        makeControllers()
        attachContainment()
        attachPresentations()
        decodeObjects()
        decodeControllers()
        var restored: [String] = []
        restored.reserveCapacity(records.count)
        for index in records.indices where !dropped[index] {
            table.controllers[index]?.applicationFinishedRestoringState()
            restored.append(records[index].pathString)
        }
        report.restored = restored
        return report
    }

    // MARK: - Helpers

    private func coder(for values: KeyedValues, path: [String]) -> RestoringCoder {
        let table = self.table
        return RestoringCoder(record: values, path: path, classVersions: classVersions) { id in
            table.controller(id: id) ?? table.objects[id]
        }
    }

    /// Record `index`'s coder: its values taken from `payloads` when first read, if they are
    /// there.
    private mutating func coder(forRecord index: Int) -> RestoringCoder {
        guard let payloads, payloads.hasPayload(index) else {
            return coder(for: records[index].keyedValues, path: records[index].path)
        }
        if let spare = spareCoder {
            spareCoder = nil
            spare.prepareForReuse(valuesFrom: payloads, index: index, codingPath: records[index].path)
            return spare
        }
        let table = self.table
        return RestoringCoder(valuesFrom: payloads, index: index, path: records[index].path, classVersions: classVersions) { id in
            table.controller(id: id) ?? table.objects[id]
        }
    }

    /// Keeps `coder` for the next controller when nothing but the caller holds it and it holds
    /// nothing a controller gave it; whether it did. A controller that keeps its coder keeps
    /// it to itself: it is never handed to another.
    private mutating func recycle(_ coder: inout RestoringCoder) -> Bool {
        guard isKnownUniquelyReferenced(&coder), coder.holdsOnlyGivenValues else { return false }
        spareCoder = coder
        return true
    }

    /// Why record `index`'s payload does not decode, when it is pending and does not.
    private func payloadFailure(_ index: Int) -> String? {
        guard let payloads, payloads.hasPayload(index) else { return nil }
        return payloads.failure(at: index)?.description
    }

    private mutating func drop(_ index: Int, _ reason: String) {
        guard !dropped[index] else { return }
        dropped[index] = true
        report.dropped.append(.init(path: records[index].pathString, className: records[index].className, reason: reason))
    }

    /// Whether the record's parent (or presenter) is gone, in which case it goes too.
    private mutating func dropIfOrphaned(_ index: Int) -> Bool {
        guard let parentID = parentIDs[index] else { return false }
        if let parent = parentIndex[index], !dropped[parent], table.controllers[parent] != nil { return false }
        let parentPath = parentIndex[index].map { records[$0].pathString } ?? "node \(parentID)"
        drop(index, "its parent \(parentPath) was dropped")
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
        // Only controllers a factory or the delegate supplied: few, if any.
        var used = Set<ObjectIdentifier>()
        for index in records.indices {
            if dropIfOrphaned(index) { continue }
            let record = records[index]
            var coder = coder(forRecord: index)
            var made: ViewController?
            if let name = record.restorationClassName {
                if let factory = registry.factory(named: name) {
                    guard let supplied = factory.viewController(withRestorationIdentifierPath: record.path, coder: coder) else {
                        drop(index, "its restoration class \(name) returned nil")
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
            // An initializer makes a new instance: only one supplied by a factory or the delegate
            // can be one already used.
            var isNew = false
            if made == nil {
                guard let entry = registry.controllerEntry(named: record.className) else {
                    drop(index, "class \(record.className) is not registered")
                    continue
                }
                guard let instance = entry.make(coder) else {
                    drop(index, coder.error.flatMap { _ in payloadFailure(index) } ?? "init?(coder:) of \(record.className) returned nil")
                    continue
                }
                made = instance
                isNew = true
            }
            guard let controller = made else { continue }
            if let error = coder.error {
                drop(index, payloadFailure(index) ?? "decoding failed: \(error)")
                continue
            }
            guard isNew || used.insert(ObjectIdentifier(controller)).inserted, controller.isInNoHierarchy else {
                drop(index, "the controller supplied for it is already in a hierarchy")
                continue
            }
            if controller.restorationIdentifier == nil { controller.restorationIdentifier = record.identifier }
            table.controllers[index] = controller
            // Its decode gets this coder if the controller kept it or left something in it, and
            // an equal one otherwise (the same values, path and class versions).
            if !recycle(&coder) { coders[index] = coder }
        }
    }

    // MARK: - 2. Relations

    // Loops rather than closures here and in `attach`: a closure that reads main-actor state is
    // isolated to it, and `filter` or `compactMap` calling it checked the executor at run time
    // for every element (callgrind: a twentieth of the restorer).
    /// The record's children that were made, contained ones only.
    private func containedChildren(of index: Int) -> [Int] {
        var contained: [Int] = []
        contained.reserveCapacity(childIndices[index].count)
        for child in childIndices[index] {
            if case .presented = records[child].relation { continue }
            if table.controllers[child] != nil { contained.append(child) }
        }
        return contained
    }

    private mutating func attachContainment() {
        for index in records.indices {
            guard let controller = table.controllers[index], !dropped[index] else { continue }
            if case .windowRoot(let window) = records[index].relation {
                guard windows.indices.contains(window) else {
                    drop(index, "no window \(window) was given to restore into")
                    table.controllers[index] = nil
                    continue
                }
                windows[window].rootViewController = controller
                if windows[window].rootViewController !== controller { drop(index, "the window refused it as its root") }
            }
            let contained = containedChildren(of: index)
            guard !contained.isEmpty else { continue }
            attach(contained, to: controller, parent: index)
            for child in contained where table.controllers[child]?.parent !== controller {
                drop(child, "\(records[index].className) did not take it as a child")
            }
        }
    }

    private mutating func attach(_ contained: [Int], to parentController: ViewController, parent: Int) {
        /// The contained children `attached` leaves out; none, without a set, when it took all.
        func except(_ attached: [Int]) -> [Int] {
            guard attached.count < contained.count else { return [] }
            let taken = Set(attached)
            return contained.filter { !taken.contains($0) }
        }
        let unexpected: [Int]
        if let navigation = parentController as? NavigationController {
            var stack: [Int] = [], members: [ViewController] = []
            stack.reserveCapacity(contained.count)
            members.reserveCapacity(contained.count)
            for child in contained {
                guard case .stack = records[child].relation, let member = table.controllers[child] else { continue }
                stack.append(child)
                members.append(member)
            }
            navigation.setViewControllers(members, animated: false)
            unexpected = except(stack)
        } else if let tabs = parentController as? TabBarController {
            var tabIndices: [Int] = [], members: [ViewController] = []
            var selected: Int?
            for child in contained {
                guard case .tab(_, let isSelected) = records[child].relation, let member = table.controllers[child] else { continue }
                if isSelected, selected == nil { selected = tabIndices.count }
                tabIndices.append(child)
                members.append(member)
            }
            tabs.setViewControllers(members, animated: false)
            if let selected { tabs.selectedIndex = selected }
            unexpected = except(tabIndices)
        } else if let split = parentController as? SplitViewController {
            var columns: [Int] = []
            for child in contained {
                guard case .column(let column) = records[child].relation, let controller = table.controllers[child] else { continue }
                split.setViewController(controller, for: column)
                columns.append(child)
            }
            if records[parent].isCollapsed { split.collapse() }
            unexpected = except(columns)
        } else {
            var attached: [Int] = []
            for child in contained {
                guard case .child = records[child].relation, let controller = table.controllers[child] else { continue }
                parentController.addChild(controller)
                controller.didMove(toParent: parentController)
                attached.append(child)
            }
            unexpected = except(attached)
        }
        for child in unexpected {
            drop(child, "a \(records[child].relation) member cannot belong to a \(records[parent].className)")
        }
    }

    private mutating func attachPresentations() {
        for index in records.indices {
            guard case .presented(let style) = records[index].relation, let presented = table.controllers[index],
                  !dropped[index] else { continue }
            guard let presenterIndex = parentIndex[index], let presenter = table.controllers[presenterIndex],
                  !dropped[presenterIndex] else {
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
            guard let instance = table.objects[object.id] else { continue }
            let coder = coder(for: KeyedValues(object.values), path: ["object \(object.id)"])
            instance.decodeRestorableState(with: coder)
            report.warnings += coder.errors.map { "object \(object.id) (\(object.className)): \($0)" }
        }
    }

    private mutating func decodeControllers() {
        for index in records.indices {
            guard let controller = table.controllers[index], !dropped[index] else { continue }
            if dropIfOrphaned(index) {
                detach(controller, relation: records[index].relation)
                continue
            }
            if let failure = payloadFailure(index) {
                drop(index, failure)
                detach(controller, relation: records[index].relation)
                continue
            }
            var coder = coders[index] ?? coder(forRecord: index)
            coders[index] = nil
            controller.decodeRestorableState(with: coder)
            if let error = coder.error {
                drop(index, "decoding failed: \(error)")
                detach(controller, relation: records[index].relation)
            }
            _ = recycle(&coder)
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

/// Class versions noted record by record: a record's class is most often one of the few just
/// seen, so those are compared before any name is hashed. A struct, not a nested function: a
/// function's captured list was boxed and checked for exclusive access at every call.
struct ClassVersions {
    private var recent: [(name: String, version: Int)] = []
    private var versions: [String: Int] = [:]

    mutating func note(_ name: String, _ version: Int) {
        for at in recent.indices where sameName(recent[at].name, name) {
            recent[at].version = version
            return
        }
        if recent.count < 8 {
            recent.append((name, version))
        } else {
            versions[name] = version
        }
    }

    consuming func finish() -> [String: Int] {
        for (name, version) in recent { versions[name] = version }
        return versions
    }
}
