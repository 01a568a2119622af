@_spi(Restoration) import ControllerKit

extension LoadedSnapshot {
    /// Rebuilds this snapshot into hidden `windows`, without a database; the report's drops include the rows the reader refused.
    @MainActor
    public func restore(into windows: [Window], registry: RestorationRegistry, timing: RestoreTiming = .eager) -> RestoreReport {
        var restorer = Restorer(registry: registry, loaded: self, windows: windows, timing: timing)
        var report = restorer.run()
        let reported = Set(report.dropped.map(\.path))
        for problem in problems where problem.reason.dropsController && !reported.contains(problem.path) {
            report.dropped.append(.init(path: problem.path, className: "?", reason: problem.reason.description))
        }
        report.warnings += problems.filter { !$0.reason.dropsController }.map(\.description)
        return report
    }
}

/// Rebuilds a snapshot into hidden windows in the order of docs/behaviour.md §4.3–4.7: objects,
/// controllers, relations, decodes.
@MainActor
struct Restorer {
    private let registry: RestorationRegistry
    private let snapshot: Snapshot
    private let windows: [Window]
    private let timing: RestoreTiming
    private let application: Application
    private var report = RestoreReport()
    private let instances = RestoredInstances()
    /// The snapshot's controllers, parents first; everything below refers to them by index.
    private let records: [ControllerRecord]
    private let parentIndexes: [Int?]
    /// Each record's children and presented controller, in snapshot order.
    private var childIndexes: [[Int]]
    /// Identifiers from the window down, without index components, as restoration classes get them.
    private var identifierPaths: [[String]] = []
    private var coders: [RestoringCoder?]
    private var made: [ViewController?]
    /// Whether each controller existed before the restore (and is attached already when so).
    private var reused: [Bool]
    private var dropped: [Bool]
    private let classVersions: [String: Int]

    init(registry: RestorationRegistry, loaded: LoadedSnapshot, windows: [Window], timing: RestoreTiming) {
        self.registry = registry
        snapshot = loaded.snapshot
        self.windows = windows
        self.timing = timing
        application = windows.first?.application ?? .shared
        records = snapshot.controllers
        parentIndexes = loaded.parentIndexes
        report.snapshotID = snapshot.id
        coders = Array(repeating: nil, count: records.count)
        made = Array(repeating: nil, count: records.count)
        reused = Array(repeating: false, count: records.count)
        dropped = reused
        childIndexes = Array(repeating: [], count: records.count)
        for (index, record) in records.enumerated() {
            if let parent = parentIndexes[index] { childIndexes[parent].append(index) }
            // A root's path starts with its window's identifier, when that had one.
            let above = if let parent = parentIndexes[index] { identifierPaths[parent] } else { Array(record.path.dropLast()) }
            identifierPaths.append(above + [record.identifier])
        }
        classVersions = Dictionary(records.map { ($0.className, $0.classVersion) }
                                   + snapshot.objects.map { ($0.className, $0.classVersion) }, uniquingKeysWith: { $1 })
    }

    mutating func run() -> RestoreReport {
        makeObjects()
        for index in records.indices {
            do {
                try make(index)
            } catch {
                drop(index, error.reason)
            }
        }
        attachContainment()
        attachPresentations()
        decodeObjects()
        if timing == .eager {
            for index in records.indices where isAlive(index) { decode(index) }
        }
        application.delegate?.application(application, didDecodeRestorableStateWith:
                                          coder(values: snapshot.applicationCoderValues, path: ["application"]))
        for object in snapshot.objects {
            (instances.objects[object.id] as? any StateRestoring)?.applicationFinishedRestoringState()
        }
        for index in records.indices where isAlive(index) {
            if timing == .eager { made[index]?.restoreFinishing() } else { decodeWhenLoaded(index) }
            report.restored.append(records[index].pathString)
        }
        return report
    }

    private func isAlive(_ index: Int) -> Bool { made[index] != nil && !dropped[index] }

    private func isPresented(_ index: Int) -> Bool {
        if case .presented = records[index].relation { true } else { false }
    }

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
        guard let parent = parentIndexes[index], !isAlive(parent) else { return false }
        drop(index, "its parent \(records[parent].pathString) was dropped")
        return true
    }

    /// Makes each saved object from the first source docs/behaviour.md §6 names; a ``Coding`` one when first decoded.
    private mutating func makeObjects() {
        for object in snapshot.objects {
            func fail(_ reason: String, _ consequence: String = "its state was not restored") {
                instances.failures[object.id] = reason
                report.warnings.append("object \(object.id): \(reason); \(consequence)")
            }
            let entry = registry.objectsByName[object.className]
            if case .restorationClass(let factory)? = entry?.kind {
                let coder = coder(values: object.values, path: ["object \(object.id)"])
                let path = object.identifier.map(ObjectPath.components) ?? []
                guard let supplied = factory.object(withRestorationIdentifierPath: path, coder: coder) else {
                    fail("its restoration class \(object.className) returned nil")
                    continue
                }
                instances.objects[object.id] = supplied
                instances.objectCoders[object.id] = coder
            } else if let identifier = object.identifier {
                // The app's registrations are by identifier: the path's last component.
                let registeredAs = ObjectPath.components(identifier).last ?? identifier
                instances.objects[object.id] = application.objectsRegisteredForStateRestoration[registeredAs]
                if instances.objects[object.id] == nil {
                    fail("no object is registered for state restoration under \(registeredAs.debugDescription)")
                }
            } else {
                switch entry?.kind {
                case .restorable(let make)?:
                    instances.objects[object.id] = make()
                case .coding(let make)?:
                    instances.codingObjects[object.id] = (object, make)
                case .restorationClass?, nil:
                    fail("class \(object.className) is not registered", "references to it will not decode")
                }
            }
        }
    }

    private struct Refusal: Error { let reason: String }

    private mutating func make(_ index: Int) throws(Refusal) {
        if dropIfOrphaned(index) { return }
        let record = records[index]
        let coder = coder(values: record.values, path: record.path)
        let (controller, isSupplied) = try supply(index, coder)
        if let error = coder.error { throw Refusal(reason: "decoding failed: \(error)") }
        if isSupplied, made.contains(where: { $0 === controller }) {
            throw Refusal(reason: "the controller supplied for it was supplied for another path too")
        }
        // Found at its place, or placed by the app itself (say, a delegate that sets it as the
        // window's root): used where it is, as UIKit does.
        reused[index] = !controller.isInNoHierarchy
        if isSupplied, reused[index], !controllers(atPlaceOf: index).contains(where: { $0 === controller }) {
            report.warnings.append("\(record.pathString): the controller supplied for it is used where the app put it, "
                                       + "not moved to its saved place")
        }
        if controller.restorationIdentifier == nil { controller.restorationIdentifier = record.identifier }
        made[index] = controller
        coders[index] = coder
        instances.controllers[record.id] = WeakController(controller: controller)
        // UIKit's order: the view loads before the decode, and a container's viewDidLoad may
        // build the children the next records look for.
        if timing == .eager { controller.loadViewIfNeeded() }
    }

    /// The controller for record `index`, from the first that supplies it (docs/behaviour.md §4.3).
    /// Supplied means handed over by the app: by a restoration class, a delegate or `awakeAfter(using:)`.
    private func supply(_ index: Int, _ coder: RestoringCoder) throws(Refusal) -> (ViewController, isSupplied: Bool) {
        let record = records[index]
        let identifiers = identifierPaths[index]
        if let name = record.restorationClassName {
            guard let factory = registry.factoriesByName[name] else {
                throw Refusal(reason: "its restoration class \(name) is not registered")
            }
            guard let supplied = factory.viewController(withRestorationIdentifierPath: identifiers, coder: coder) else {
                throw Refusal(reason: "its restoration class \(name) returned nil")
            }
            return (supplied, true)
        }
        if let supplied = registry.delegate?.viewController(withRestorationIdentifierPath: identifiers, coder: coder)
            ?? application.delegate?.application(application, viewControllerWithRestorationIdentifierPath: identifiers, coder: coder) {
            return (supplied, true)
        }
        let existing = controllers(atPlaceOf: index).first { candidate in
            candidate.restorationIdentifier == record.identifier && !made.contains { $0 === candidate }
        }
        if let existing { return (existing, false) }
        if case .string(let name)? = record.values[Application.stateRestorationViewControllerStoryboardKey] {
            // The restoration identifier is the storyboard ID (docs/behaviour.md §5).
            guard let storyboard = Storyboard.registered(name: name) else {
                throw Refusal(reason: "its storyboard \(name.debugDescription) is not registered")
            }
            guard let instance = storyboard.instantiateIfRegistered(withIdentifier: record.identifier) else {
                throw Refusal(reason: "its storyboard \(name.debugDescription) has no scene \(record.identifier.debugDescription)")
            }
            return (instance, false)
        }
        guard let entry = registry.controllersByName[record.className] else {
            throw Refusal(reason: "class \(record.className) is not registered")
        }
        guard let instance = entry.make(coder) else { throw Refusal(reason: "init?(coder:) of \(record.className) returned nil") }
        // `awakeAfter(using:)` may hand back another controller, maybe in a hierarchy already.
        let awakened = instance.awakeAfter(using: coder) as? ViewController ?? instance
        return (awakened, awakened !== instance)
    }

    /// What is at record `index`'s saved place now: its parent's children or presented one, or its window's root.
    private func controllers(atPlaceOf index: Int) -> [ViewController] {
        let record = records[index]
        if let parent = parentIndexes[index] {
            guard let container = made[parent] else { return [] }
            return isPresented(index) ? container.presentedByThisController.map { [$0] } ?? [] : container.children
        }
        guard case .windowRoot = record.relation, windows.indices.contains(record.windowIndex) else { return [] }
        return windows[record.windowIndex].rootViewController.map { [$0] } ?? []
    }

    private mutating func attachContainment() {
        for index in records.indices where isAlive(index) {
            guard let controller = made[index] else { continue }
            if case .windowRoot = records[index].relation, !reused[index] {
                let window = records[index].windowIndex
                guard windows.indices.contains(window) else {
                    drop(index, "no window \(window) was given to restore into")
                    continue
                }
                windows[window].rootViewController = controller
                if windows[window].rootViewController !== controller { drop(index, "the window refused it as its root") }
            }
            // Not the children the app placed elsewhere itself: they stay where it put them.
            let contained = childIndexes[index].filter { child in
                !isPresented(child) && isAlive(child) && !(reused[child] && made[child]?.parent !== controller)
            }
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

    /// Attaches what fits the container among `contained`; returns those attached (or found so).
    private func attach(_ contained: [Int], to container: ViewController, parent: Int) -> [Int] {
        var attached: [Int] = []
        if let navigation = container as? NavigationController {
            attached = contained.filter { if case .navigationStack = records[$0].relation { true } else { false } }
            navigation.setViewControllers(attached.compactMap { made[$0] }, animated: false)
        } else if let tabs = container as? TabBarController {
            attached = contained.filter { if case .tab = records[$0].relation { true } else { false } }
            tabs.setViewControllers(attached.compactMap { made[$0] }, animated: false)
            if let selected = attached.firstIndex(where: { if case .tab(_, true) = records[$0].relation { true } else { false } }) {
                tabs.selectedIndex = selected
            }
        } else if let split = container as? SplitViewController {
            for child in contained {
                guard case .splitColumn(let column) = records[child].relation, let controller = made[child] else { continue }
                if split.viewController(for: column) !== controller { split.setViewController(controller, for: column) }
                attached.append(child)
            }
            if records[parent].isCollapsed, !split.isCollapsed { split.collapse() }
        } else {
            for child in contained {
                guard case .child = records[child].relation, let controller = made[child] else { continue }
                if controller.parent !== container {
                    container.addChild(controller)
                    controller.didMove(toParent: container)
                }
                attached.append(child)
            }
        }
        return attached
    }

    private mutating func attachPresentations() {
        for index in records.indices where isAlive(index) && !reused[index] {
            guard case .presented(let style) = records[index].relation, let presented = made[index] else { continue }
            guard let presenterIndex = parentIndexes[index], let presenter = made[presenterIndex], isAlive(presenterIndex) else {
                drop(index, "its presenter was dropped")
                continue
            }
            presented.modalPresentationStyle = style
            presenter.present(presented, animated: false)
            if presented.presentingViewController !== presenter {
                presented.presentingViewController?.dismiss(animated: false)
                drop(index, "\(presenter) could not present it again with style \(style.name)")
            }
        }
    }

    /// Decodes the ``StateRestoring`` objects, then makes the ``Coding`` ones no coder made yet (docs/behaviour.md §6).
    private mutating func decodeObjects() {
        for object in snapshot.objects where instances.codingObjects[object.id] == nil {
            guard let instance = instances.objects[object.id] as? any StateRestoring else { continue }
            let coder = instances.objectCoders[object.id] ?? coder(values: object.values, path: ["object \(object.id)"])
            instance.decodeRestorableState(with: coder)
            report.warnings += coder.errors.map { "object \(object.id) (\(object.className)): \($0)" }
        }
        for object in snapshot.objects where instances.codingObjects[object.id] != nil {
            _ = try? instances.object(ObjectReference(id: object.id), classVersions: classVersions)
        }
        report.warnings += instances.warnings
    }

    private mutating func decode(_ index: Int) {
        guard let controller = made[index], let coder = coders[index] else { return }
        if dropIfOrphaned(index) {
            detach(controller, as: records[index])
            return
        }
        let replacements = Self.decode(controller, with: coder) { error in
            drop(index, "decoding failed: \(error)")
            detach(controller, as: records[index])
        }
        for (replaced, child) in replacements {
            guard let replacedIndex = made.firstIndex(where: { $0 === replaced }) else { continue }
            drop(replacedIndex, "\(records[index].className) made its own \(type(of: child)) for this path in its decodeRestorableState(with:), which is used")
        }
    }

    /// Decodes `controller`, handing an error to `failed`. Each child a custom container makes in its decode replaces
    /// the restored one it stands for (same identifier, or none and same class); returns (replaced, replacement).
    private static func decode(_ controller: ViewController, with coder: RestoringCoder,
                               failed: (CoderError) -> Void) -> [(ViewController, ViewController)] {
        let before = controller.children
        controller.restoreDecoding(with: coder)
        if let error = coder.error { failed(error) }
        let attached = Set(before.map(ObjectIdentifier.init))
        var kept = before.filter { $0.parent === controller }
        var replaced: [(ViewController, ViewController)] = []
        for child in controller.children where !attached.contains(ObjectIdentifier(child)) {
            guard let twin = kept.first(where: { old in
                child.restorationIdentifier.map { $0 == old.restorationIdentifier } ?? (type(of: old) == type(of: child))
            }) else { continue }
            kept.removeAll { $0 === twin }
            twin.willMove(toParent: nil)
            twin.removeFromParent()
            replaced.append((twin, child))
        }
        return replaced
    }

    /// Decodes and finishes the controller right after its first `viewDidLoad()`, or now if loaded (docs/behaviour.md §4.5).
    private func decodeWhenLoaded(_ index: Int) {
        guard let controller = made[index], let coder = coders[index] else { return }
        let parent = isPresented(index) ? nil : parentIndexes[index].flatMap { made[$0] }
        // Joined only for a diagnostic: most decodes report nothing.
        let components = records[index].path
        // Weak captures: the controller holds its pending decode, and its parent holds it.
        let pending = PendingRestoration(coder: coder) { [weak parent, weak application = self.application] controller in
            if let parent, parent.pendingRestoration != nil { parent.loadViewIfNeeded() }
            let replacements = Self.decode(controller, with: coder) { error in
                application?.report(Diagnostic(kind: .restorationDecodeFailed, message: "\(SnapshotPath.string(components)): \(error)"))
            }
            for (replaced, child) in replacements {
                application?.report(Diagnostic(kind: .restorationChildReplaced, message: """
                    \(SnapshotPath.string(components)): \(type(of: controller)) made its own \(type(of: child)) in its decodeRestorableState(with:), \
                    which replaces the restored \(replaced.restorationIdentifier ?? "\(type(of: replaced))")
                    """))
            }
            controller.restoreFinishing()
        }
        if controller.isViewLoaded { pending.run(controller) } else { controller.pendingRestoration = pending }
    }

    /// Takes a controller back out through the API that attached it.
    private func detach(_ controller: ViewController, as record: ControllerRecord) {
        switch record.relation {
        case .windowRoot:
            if windows.indices.contains(record.windowIndex), windows[record.windowIndex].rootViewController === controller {
                windows[record.windowIndex].rootViewController = nil
            }
        case .navigationStack:
            if let navigation = controller.parent as? NavigationController {
                navigation.setViewControllers(navigation.viewControllers.filter { $0 !== controller }, animated: false)
            }
        case .tab:
            if let tabs = controller.parent as? TabBarController {
                tabs.setViewControllers((tabs.viewControllers ?? []).filter { $0 !== controller }, animated: false)
            }
        case .splitColumn(let column):
            if let split = controller.parent as? SplitViewController { split.setViewController(nil, for: column) }
        case .child:
            controller.willMove(toParent: nil)
            controller.removeFromParent()
        case .presented:
            // The presenter dismisses: on the presented controller, dismiss would take away what it presents.
            controller.presentingViewController?.dismiss(animated: false)
        case .detached:
            break
        }
    }
}
