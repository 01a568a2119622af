import ControllerKit

/// How a saved controller hangs under the one above it.
public enum SavedRelation: Sendable, Hashable, CustomStringConvertible {
    /// The root of window `window`.
    case windowRoot(window: Int)
    /// Position `index` of a navigation stack, bottom first.
    case stack(index: Int)
    /// Tab `index`, and whether it was selected.
    case tab(index: Int, isSelected: Bool)
    /// A split view column.
    case column(SplitViewController.Column)
    /// Position `index` among a custom container's children.
    case child(index: Int)
    /// Presented by the controller above with `style`.
    case presented(style: ModalPresentationStyle)

    public var description: String {
        switch self {
        case .windowRoot(let window): return "root of window \(window)"
        case .stack(let index): return "stack \(index)"
        case .tab(let index, let isSelected): return isSelected ? "tab \(index), selected" : "tab \(index)"
        case .column(let column): return "\(column.rawValue) column"
        case .child(let index): return "child \(index)"
        case .presented(let style): return "presented \(style.name)"
        }
    }
}
