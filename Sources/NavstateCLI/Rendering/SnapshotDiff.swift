import ControllerKit
import StateRestoration

/// What changed between two snapshots, by restoration path: controllers added and removed, and
/// for the others their relation, class, title, view and appearance, and keyed values.
struct SnapshotDiff {
    /// One attribute of a controller that changed: `relation`, `class`, `title`, `view` or
    /// `appearance`, with its old and new text.
    struct AttributeChange { var path: String; var attribute: String; var from: String; var to: String }
    struct ValueChange { var path: String; var key: String; var from: CodedValue?; var to: CodedValue? }

    var added: [ControllerRecord] = []
    var removed: [ControllerRecord] = []
    var attributes: [AttributeChange] = []
    var changed: [ValueChange] = []

    var isEmpty: Bool { added.isEmpty && removed.isEmpty && attributes.isEmpty && changed.isEmpty }

    init(from old: Snapshot, to new: Snapshot) {
        let oldByPath = Dictionary(old.controllers.map { ($0.pathString, $0) }, uniquingKeysWith: { first, _ in first })
        let newByPath = Dictionary(new.controllers.map { ($0.pathString, $0) }, uniquingKeysWith: { first, _ in first })
        removed = old.controllers.filter { newByPath[$0.pathString] == nil }
        added = new.controllers.filter { oldByPath[$0.pathString] == nil }
        for record in new.controllers {
            guard let before = oldByPath[record.pathString] else { continue }
            let pairs = [
                ("relation", before.relation.description, record.relation.description),
                ("class", before.className, record.className),
                ("title", before.title.map(ValueFormatter.quoted) ?? "none", record.title.map(ValueFormatter.quoted) ?? "none"),
                ("view", before.isViewLoaded ? "loaded" : "unloaded", record.isViewLoaded ? "loaded" : "unloaded"),
                ("appearance", before.appearance.rawValue, record.appearance.rawValue),
            ]
            for (attribute, from, to) in pairs where from != to {
                attributes.append(AttributeChange(path: record.pathString, attribute: attribute, from: from, to: to))
            }
            // Each record's table made once: records read back keep their values as sorted pairs.
            let (old, new) = (before.values, record.values)
            for key in Set(old.keys).union(new.keys).sorted() where old[key] != new[key] {
                changed.append(ValueChange(path: record.pathString, key: key, from: old[key], to: new[key]))
            }
        }
    }

    /// A readable line diff.
    func lines(old: Snapshot, new: Snapshot, style: Style) -> [String] {
        let oldFormatter = ValueFormatter(snapshot: old)
        let newFormatter = ValueFormatter(snapshot: new)
        var lines = ["--- " + SnapshotTree.header(old), "+++ " + SnapshotTree.header(new)]
        for record in removed {
            lines.append(style.red("- \(record.pathString)  \(record.className) [\(record.relation)]"))
        }
        for record in added {
            lines.append(style.green("+ \(record.pathString)  \(record.className) [\(record.relation)]"))
        }
        for change in attributes {
            lines.append(style.yellow("~ \(change.path)  \(change.attribute): \(change.from) → \(change.to)"))
        }
        var currentPath: String?
        for change in changed {
            if change.path != currentPath {
                lines.append(style.yellow("~ \(change.path)  values:"))
                currentPath = change.path
            }
            switch (change.from, change.to) {
            case (let from?, let to?):
                lines.append("    \(change.key): \(oldFormatter.text(from)) → \(newFormatter.text(to))")
            case (nil, let to?):
                lines.append(style.green("  + \(change.key): \(newFormatter.text(to))"))
            case (let from?, nil):
                lines.append(style.red("  - \(change.key): \(oldFormatter.text(from))"))
            case (nil, nil):
                break
            }
        }
        if isEmpty { lines.append("no differences") }
        return lines
    }

    func json(old: Snapshot, new: Snapshot) -> [String: Any] {
        let oldFormatter = ValueFormatter(snapshot: old)
        let newFormatter = ValueFormatter(snapshot: new)
        return [
            "from": SnapshotTree.metadataJSON(old), "to": SnapshotTree.metadataJSON(new),
            "added": added.map { ["path": $0.pathString, "class": $0.className] },
            "removed": removed.map { ["path": $0.pathString, "class": $0.className] },
            "attributes": attributes.map { ["path": $0.path, "attribute": $0.attribute, "from": $0.from, "to": $0.to] },
            "changed": changed.map { change -> [String: Any] in
                ["path": change.path, "key": change.key,
                 "from": change.from.map(oldFormatter.json) as Any, "to": change.to.map(newFormatter.json) as Any]
            },
        ]
    }
}
