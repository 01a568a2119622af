/// How a controller is attached to the one above it: what a save records and a dump prints.
public enum ControllerRelation: Sendable, Hashable, CustomStringConvertible {
    /// The `rootViewController` of a window.
    case windowRoot
    /// A member of a navigation stack, `index` counted from the bottom.
    case navigationStack(index: Int, isTop: Bool)
    /// A tab of a tab bar controller.
    case tab(index: Int, isSelected: Bool)
    /// A column of a split view controller.
    case splitColumn(SplitViewController.Column)
    /// A child of a custom container, at `index` in its `children`.
    case child(index: Int)
    /// Presented by the controller above, with `style`.
    case presented(style: ModalPresentationStyle)
    /// The top of a tree that is in no window.
    case detached

    public var description: String {
        switch self {
        case .windowRoot: return "root"
        case .navigationStack(let index, let isTop): return isTop ? "stack \(index), top" : "stack \(index)"
        case .tab(let index, let isSelected): return isSelected ? "tab \(index), selected" : "tab \(index)"
        case .splitColumn(let column): return "\(column.rawValue) column"
        case .child(let index): return "child \(index)"
        case .presented(let style): return "presented \(style.name)"
        case .detached: return "detached"
        }
    }
}

extension ViewController {
    /// How this controller is attached to its parent, presenter or window.
    public var relation: ControllerRelation {
        if let parent = parentLink {
            let index = ControllerKit.index(of: self, in: parent.childList, near: childIndexHint) ?? 0
            childIndexHint = index
            return parent.relation(ofChild: self, at: index)
        }
        if presentingLink != nil { return .presented(style: presentationStyleInEffect) }
        if windowLink != nil { return .windowRoot }
        return .detached
    }
}
