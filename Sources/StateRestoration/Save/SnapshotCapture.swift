@_spi(Restoration) import ControllerKit

/// Walks windows on the main actor and has every controller that takes part encode (docs/behaviour.md §3.2, §3.4);
/// they are numbered in walk order, parents first, so an unchanged hierarchy saves the same ids and bytes.
@MainActor
struct SnapshotCapture {
    let registry: RestorationRegistry

    /// The controllers walked, with their records before they encode.
    private typealias Walked = [(controller: ViewController, record: ControllerRecord)]

    /// Reads `windows`, unless the app's delegate declines to save (with `requiringOptIn`, unless
    /// it opts in; docs/behaviour.md §2.3): then the capture holds nothing and its report says why.
    func capture(_ windows: [Window], metadata: SnapshotMetadata, requiringOptIn: Bool = false) throws(StoreError) -> CapturedSnapshot {
        var report = SaveReport()
        let application = windows.first?.application ?? .shared
        var walked: Walked = []
        // Window roots are siblings too, under their windows' identifiers: a repeated path takes
        // its window's index.
        let rootPaths = windows.map { [$0.restorationIdentifier, $0.rootViewController?.restorationIdentifier] }
        for (index, window) in windows.enumerated() {
            guard let root = window.rootViewController else { continue }
            let windowPath = window.restorationIdentifier.map { [$0] } ?? []
            let identifier = root.restorationIdentifier ?? ""
            let isRepeated = rootPaths.filter { $0 == rootPaths[index] }.count > 1
            try visit(root, parent: nil, path: windowPath + [isRepeated ? "\(identifier)[\(index)]" : identifier],
                      relation: .windowRoot, window: index, into: &walked, report: &report)
        }
        let ids = Dictionary(uniqueKeysWithValues: walked.map { (ObjectIdentifier($0.controller), $0.record.id) })
        let context = ArchiveContext(registry: registry, controllerIDs: ids)
        // The app's own keys first, as UIKit asks its delegate before any controller encodes.
        var applicationValues: [String: CodedValue] = [:]
        if let delegate = application.delegate {
            let coder = ArchivingCoder(context: context, codingPath: ["application"])
            // With the app's keys, so that a restore reads the idiom saved on (docs/behaviour.md §1.7).
            coder.encode(Device.current.userInterfaceIdiom.rawValue, forKey: Application.stateRestorationUserInterfaceIdiomKey)
            let decision = application.delegateDecision(shouldSave: coder)
            if decision == false || (requiringOptIn && decision == nil) {
                report.refusal = decision == false ? "the application's delegate declined to save"
                    : "the application's delegate does not opt in to saving state (application(_:shouldSaveSecureApplicationState:))"
                return CapturedSnapshot(metadata: metadata, windowCount: windows.count, controllers: [], objects: [], report: report)
            }
            delegate.application(application, willEncodeRestorableStateWith: coder)
            applicationValues = coder.values
            report.warnings += coder.errors.map { "the app's keys: \($0)" }
        } else if requiringOptIn {
            report.refusal = "the application has no delegate to opt in to saving state"
            return CapturedSnapshot(metadata: metadata, windowCount: windows.count, controllers: [], objects: [], report: report)
        }
        for (identifier, object) in application.objectsRegisteredForStateRestoration.sorted(by: { $0.key < $1.key }) {
            context.register(object, identifier: identifier)
        }
        var controllers: [ControllerRecord] = []
        for (controller, var record) in walked {
            if let pending = controller.pendingRestoration {
                // Restored lazily and not reached yet: it holds nothing it could encode, and its
                // saved values are still what it has.
                record.values = pending.coder.values
            } else {
                let coder = ArchivingCoder(context: context, codingPath: record.path)
                // Its storyboard's name first, as UIKit's coder holds it, for the restore to re-make it.
                if let storyboard = controller.storyboard {
                    coder.encode(.string(storyboard.name), forKey: Application.stateRestorationViewControllerStoryboardKey)
                }
                controller.encodeRestorableState(with: coder)
                record.values = coder.values
                report.warnings += coder.errors.map { "\(record.pathString): \($0)" }
            }
            controllers.append(record)
        }
        var objects: [ObjectRecord] = []
        // Encoding an object can queue more.
        while objects.count < context.queue.count {
            var (record, encode) = context.queue[objects.count]
            let coder = ArchivingCoder(context: context, codingPath: ["object \(record.id)"])
            encode(coder)
            record.identifier = context.identifier(of: record.id)
            record.values = coder.values
            objects.append(record)
            report.warnings += coder.errors.map { "object \(record.id): \($0)" }
        }
        report.warnings += context.warnings
        return CapturedSnapshot(metadata: metadata, windowCount: windows.count, controllers: controllers, objects: objects,
                                applicationValues: applicationValues, report: report)
    }

    /// Records `controller` at `path` and what hangs below it, parents first.
    private func visit(_ controller: ViewController, parent: Int?, path: [String], relation: ControllerRelation, window: Int,
                       into walked: inout Walked, report: inout SaveReport) throws(StoreError) {
        let className = "\(type(of: controller))"
        guard let identifier = controller.restorationIdentifier, !identifier.isEmpty else {
            report.leftOut.append(.init(path: SnapshotPath.string(Array(path.dropLast()) + ["<\(className)>"]),
                                        className: className, reason: "it has no restorationIdentifier",
                                        descendantCount: controller.allControllersInTree().count - 1))
            return
        }
        let entry = registry.entry(for: controller)
        // A storyboard's controller is re-made from its storyboard: its class needs no registration.
        if entry == nil, controller.storyboard == nil {
            report.warnings.append("\(SnapshotPath.string(path)): class \(className) is not registered; "
                                   + "restore will drop it unless a class is registered under \"\(className)\"")
        }
        let factoryName = controller.restorationClass.flatMap(registry.factoryName(for:))
        if let factory = controller.restorationClass, factoryName == nil {
            report.warnings.append("\(SnapshotPath.string(path)): restoration class \(factory) is not registered")
        }
        let index = walked.count
        walked.append((controller, ControllerRecord(
            id: index + 1, parentID: parent.map { walked[$0].record.id }, path: path,
            identifier: identifier, title: controller.title, windowIndex: window, relation: relation,
            className: entry?.name ?? className, classVersion: entry?.version ?? 0,
            restorationClassName: factoryName, isViewLoaded: controller.isViewLoaded, appearance: controller.appearanceState,
            isCollapsed: (controller as? SplitViewController)?.isCollapsed ?? false, values: [:])))

        // Children, then what it presents, one more sibling. Their indexes count the siblings that
        // take part, as a restore rebuilds them; a stack's top is the last of those.
        var siblings = controller.children.map { (controller: $0, relation: $0.relation) }
        if let presented = controller.presentedByThisController, let style = presented.activePresentationStyle {
            siblings.append((presented, .presented(style: style)))
        }
        let top = controller.children.last { $0.restorationIdentifier?.isEmpty == false }
        let identifiers = siblings.map { $0.controller.restorationIdentifier ?? "" }
        let repeats = Dictionary(identifiers.map { ($0, 1) }, uniquingKeysWith: +)
        var counted = 0
        var taken: [String: Int] = [:]
        for (position, (sibling, identifier)) in zip(siblings, identifiers).enumerated() {
            let component = repeats[identifier, default: 0] > 1 ? "\(identifier)[\(position)]" : identifier
            let relation: ControllerRelation = switch sibling.relation {
            case .navigationStack: .navigationStack(index: counted, isTop: sibling.controller === top)
            case .tab(_, let isSelected): .tab(index: counted, isSelected: isSelected)
            case .child: .child(index: counted)
            case let other: other
            }
            let before = walked.count
            try visit(sibling.controller, parent: index, path: path + [component], relation: relation, window: window,
                      into: &walked, report: &report)
            guard walked.count > before else { continue }
            counted += 1
            // Only a duplicate that no index tells apart (docs/schema.md, "Paths").
            guard let other = taken.updateValue(before, forKey: component) else { continue }
            let records = [walked[other].record, walked[before].record]
            let names = records.map { "\($0.className)(id: \($0.identifier.debugDescription))" }
            throw StoreError.invalidHierarchy(
                reason: "\(names[0]) and \(names[1]) both have the restoration path \(records[1].pathString)")
        }
    }
}
