import ControllerKit
import Foundation
import StateRestoration

/// The export formats: JSON of a documented shape, and a Graphviz graph.
enum SnapshotExport {
    /// The tree's JSON (``SnapshotTree/json(visit:)``) plus `"objects": [{"id", "class",
    /// "class_version", "values"}]`: the objects registered for restoration.
    static func json(_ snapshot: Snapshot, progress: inout Progress) -> [String: Any] {
        let formatter = ValueFormatter(snapshot: snapshot)
        var done = 0
        var object = SnapshotTree(snapshot).json {
            done += 1
            progress.update(done)
        }
        object["objects"] = snapshot.objects.map { object -> [String: Any] in
            ["id": object.id, "class": object.className, "class_version": object.classVersion,
             "values": object.values.mapValues(formatter.json)]
        }
        return object
    }

    /// Containment edges solid, presentation edges dashed, the visible path (appeared at save
    /// time) filled and bold. `dot -Tpng` draws it.
    static func dot(_ snapshot: Snapshot, progress: inout Progress) -> String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        }
        var lines = [
            "digraph \"navstate snapshot \(snapshot.id)\" {",
            "  graph [rankdir=TB, fontname=\"Helvetica\", label=\"\(escape(SnapshotTree.header(snapshot)))\", labelloc=t];",
            "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=11];",
            "  edge [fontname=\"Helvetica\", fontsize=9];",
        ]
        for (index, record) in snapshot.controllers.enumerated() {
            progress.update(index + 1)
            var label = "\(record.className)\\n\\\"\(escape(record.identifier))\\\""
            if let title = record.title { label += "\\n\(escape(title))" }
            label += record.isViewLoaded ? "\\nview loaded" : "\\nview unloaded"
            let visible = record.appearance == .appeared
            let style = visible ? ", style=\"rounded,filled,bold\", fillcolor=\"#cfe8ff\", penwidth=2" : ""
            lines.append("  n\(record.id) [label=\"\(label)\"\(style)];")
        }
        for record in snapshot.controllers {
            guard let parent = record.parentID else { continue }
            let visible = record.appearance == .appeared
            let bold = visible ? ", penwidth=2, color=\"#1f6feb\"" : ""
            switch record.relation {
            case .presented(let style):
                lines.append("  n\(parent) -> n\(record.id) [style=dashed, label=\"\(style.name)\"\(bold)];")
            default:
                lines.append("  n\(parent) -> n\(record.id) [label=\"\(escape(record.relation.description))\"\(bold)];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}
