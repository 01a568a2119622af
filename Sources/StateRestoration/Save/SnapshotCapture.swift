import ControllerKit
import Foundation

/// What the main actor hands to the writer: plain values, so the disk work can happen anywhere.
public struct SnapshotDraft: Sendable {
    /// The snapshot's metadata.
    public var metadata: SnapshotMetadata
    /// How many windows were walked.
    public var windowCount: Int
    /// The controllers, parents before children.
    public var controllers: [ControllerRecord]
    /// The other objects they reference.
    public var objects: [ObjectRecord]
    /// The report, without the snapshot id the writer assigns.
    public var report: SaveReport
}

/// Walks an application's windows on the main actor and records every controller that takes
/// part (`RESTORATION.md` §1). Only this step touches controllers; it runs their
/// `encodeRestorableState(with:)` and nothing else.
@MainActor
struct SnapshotCapture {
    let registry: RestorationRegistry

    /// A controller found by the walk, before encoding.
    private struct Found {
        let controller: ViewController
        var record: ControllerRecord
    }

    func capture(_ windows: [Window], metadata: SnapshotMetadata) throws(StoreError) -> SnapshotDraft {
        var found: [Found] = []
        var ids: [ObjectIdentifier: Int] = [:]
        var pathsTaken: [String: ViewController] = [:]
        var report = SaveReport(snapshotID: 0, saved: [], leftOut: [], warnings: [], prunedSnapshotCount: 0)

        // Phase 1: numbering and structure, so references can point anywhere in the hierarchy.
        func visit(_ controller: ViewController, parent: Found?, relation: SavedRelation, window: Int,
                   component: (String) -> String) throws(StoreError) {
            let parentPath = parent?.record.path ?? []
            guard let identifier = controller.restorationIdentifier, !identifier.isEmpty else {
                report.leftOut.append(.init(path: SnapshotPath.string(parentPath + ["<\(type(of: controller))>"]),
                                            className: "\(type(of: controller))",
                                            reason: "it has no restorationIdentifier",
                                            descendantCount: controller.descendantAndPresentedCount))
                return
            }
            let path = parentPath + [component(identifier)]
            let pathText = SnapshotPath.string(path)
            if let other = pathsTaken[pathText] {
                throw StoreError.invalidHierarchy(reason: "\(other) and \(controller) both have the restoration path \(pathText)")
            }
            pathsTaken[pathText] = controller
            let id = found.count + 1
            ids[ObjectIdentifier(controller)] = id
            let entry = registry.entry(for: controller)
            if entry == nil {
                report.warnings.append("\(pathText): class \(type(of: controller)) is not registered; restore will drop it unless a class is registered under \"\(type(of: controller))\"")
            }
            var factoryName: String?
            if let factory = controller.restorationClass {
                factoryName = registry.factoryName(for: factory)
                if factoryName == nil {
                    report.warnings.append("\(pathText): restoration class \(factory) is not registered; restore will use the registry instead")
                }
            }
            let record = ControllerRecord(
                id: id, parentID: parent?.record.id, path: path, identifier: identifier, title: controller.title,
                windowIndex: window,
                relation: relation, className: entry?.name ?? "\(type(of: controller))", classVersion: entry?.version ?? 0,
                restorationClassName: factoryName, isViewLoaded: controller.isViewLoaded,
                appearance: controller.appearanceState,
                isCollapsed: (controller as? SplitViewController)?.isCollapsed ?? false, values: [:])
            let me = Found(controller: controller, record: record)
            found.append(me)

            let stack = (controller as? NavigationController)?.viewControllers ?? []
            var savedChildren = 0
            for child in controller.children {
                let childRelation: SavedRelation
                var childComponent: (String) -> String = { $0 }
                switch child.relation {
                case .navigationStack(let index, _):
                    childRelation = .stack(index: savedChildren)
                    let repeated = stack.filter { $0.restorationIdentifier == child.restorationIdentifier }.count > 1
                    if repeated { childComponent = { "\($0)[\(index)]" } }
                case .tab(_, let isSelected):
                    childRelation = .tab(index: savedChildren, isSelected: isSelected)
                case .splitColumn(let column):
                    childRelation = .column(column)
                default:
                    childRelation = .child(index: savedChildren)
                }
                let before = found.count
                try visit(child, parent: me, relation: childRelation, window: window, component: childComponent)
                if found.count > before { savedChildren += 1 }
            }
            if let presented = controller.presentedViewController, presented.presentingViewController === controller,
               let style = presented.activePresentationStyle {
                try visit(presented, parent: me, relation: .presented(style: style), window: window, component: { $0 })
            }
        }

        for (index, window) in windows.enumerated() {
            guard let root = window.rootViewController else { continue }
            try visit(root, parent: nil, relation: .windowRoot(window: index), window: index, component: { $0 })
        }

        // Phase 2: encoding. Objects referenced along the way queue up (no recursion, so cycles
        // and long chains of references are fine) and get ids after the controllers'.
        let context = ArchiveContext(registry: registry, controllerIDs: ids, firstObjectID: found.count + 1)
        var controllers: [ControllerRecord] = []
        controllers.reserveCapacity(found.count)
        for entry in found {
            let coder = ArchivingCoder(context: context, codingPath: entry.record.path)
            entry.controller.encodeRestorableState(with: coder)
            var record = entry.record
            record.values = coder.values
            report.warnings += coder.errors.map { "\(record.pathString): \($0)" }
            controllers.append(record)
            report.saved.append(.init(path: record.pathString, className: record.className))
        }
        var objects: [ObjectRecord] = []
        while let (id, object) = context.nextQueuedObject() {
            let coder = ArchivingCoder(context: context, codingPath: ["object \(id)"])
            object.encodeRestorableState(with: coder)
            let entry = registry.objectEntry(for: object)
            objects.append(ObjectRecord(id: id, className: entry?.name ?? "\(type(of: object))",
                                        classVersion: entry?.version ?? 0, values: coder.values))
        }
        report.warnings += context.warnings
        return SnapshotDraft(metadata: metadata, windowCount: windows.count, controllers: controllers,
                             objects: objects, report: report)
    }
}

/// The numbering shared by every coder of one save.
@MainActor
final class ArchiveContext {
    let registry: RestorationRegistry
    private let controllerIDs: [ObjectIdentifier: Int]
    private var objectIDs: [ObjectIdentifier: Int] = [:]
    private var queue: [(Int, any RestorableObject)] = []
    private var queueStart = 0
    private var nextObjectID: Int
    private(set) var warnings: [String] = []

    init(registry: RestorationRegistry, controllerIDs: [ObjectIdentifier: Int], firstObjectID: Int) {
        self.registry = registry
        self.controllerIDs = controllerIDs
        self.nextObjectID = firstObjectID
    }

    func reference(for object: any RestorableObject, at path: [String]) -> ObjectReference? {
        let identity = ObjectIdentifier(object)
        if object is ViewController {
            if let id = controllerIDs[identity] { return ObjectReference(id: id) }
            warnings.append("\(SnapshotPath.string(path)): a reference to \(object) was not kept: that controller is not saved")
            return nil
        }
        if let id = objectIDs[identity] { return ObjectReference(id: id) }
        guard registry.objectEntry(for: object) != nil else {
            warnings.append("\(SnapshotPath.string(path)): a reference to a \(type(of: object)) was not kept: its class is not registered")
            return nil
        }
        let id = nextObjectID
        nextObjectID += 1
        objectIDs[identity] = id
        queue.append((id, object))
        return ObjectReference(id: id)
    }

    func nextQueuedObject() -> (Int, any RestorableObject)? {
        guard queueStart < queue.count else { return nil }
        defer { queueStart += 1 }
        return queue[queueStart]
    }
}

/// The coder a controller writes into during a save: references become ids of the archive.
@MainActor
final class ArchivingCoder: Coder {
    private let context: ArchiveContext

    init(context: ArchiveContext, codingPath: [String]) {
        self.context = context
        super.init(codingPath: codingPath)
    }

    override func reference(for object: any RestorableObject) -> ObjectReference? {
        context.reference(for: object, at: codingPath)
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

extension SnapshotDraft {
    /// Reads `windows` into a draft without any database: what a save would write. Tools use it
    /// to check what would survive (strict mode) and to compare hierarchies by their keyed values.
    @MainActor
    public static func capture(_ windows: [Window], registry: RestorationRegistry,
                               metadata: SnapshotMetadata = SnapshotMetadata(appVersion: "", appBuild: "")) throws(StoreError) -> SnapshotDraft {
        try SnapshotCapture(registry: registry).capture(windows, metadata: metadata)
    }
}
