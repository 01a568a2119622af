import ControllerKit
import Foundation
import MailSample

/// What UIKit does: each controller's `encodeRestorableState` into a keyed archive of an
/// `NSCoding` object graph, and a file replaced whole.
final class ArchivedNode: NSObject, NSCoding {
    var kind = ""
    var identifier = ""
    var relation = ""
    var position = 0
    var style: String?
    var selected = false
    var values = NSDictionary()
    var children: [ArchivedNode] = []

    override init() { super.init() }

    func encode(with coder: NSCoder) {
        coder.encode(kind as NSString, forKey: "kind")
        coder.encode(identifier as NSString, forKey: "identifier")
        coder.encode(relation as NSString, forKey: "relation")
        coder.encode(position, forKey: "position")
        coder.encode(style.map { $0 as NSString }, forKey: "style")
        coder.encode(selected, forKey: "selected")
        coder.encode(values, forKey: "values")
        coder.encode(children as NSArray, forKey: "children")
    }

    required init?(coder: NSCoder) {
        kind = coder.decodeObject(forKey: "kind") as? String ?? ""
        identifier = coder.decodeObject(forKey: "identifier") as? String ?? ""
        relation = coder.decodeObject(forKey: "relation") as? String ?? ""
        position = coder.decodeInteger(forKey: "position")
        style = coder.decodeObject(forKey: "style") as? String
        selected = coder.decodeBool(forKey: "selected")
        values = coder.decodeObject(forKey: "values") as? NSDictionary ?? NSDictionary()
        children = coder.decodeObject(forKey: "children") as? [ArchivedNode] ?? []
    }
}

@MainActor
final class KeyedArchiverApproach: Approach {
    let name = "nskeyedarchiver"
    private var url = URL(fileURLWithPath: "/dev/null")

    func prepare(in directory: URL) throws {
        url = directory.appendingPathComponent("state.archive")
    }

    /// A keyed value as a property-list object.
    private static func foundation(_ value: CodedValue) -> Any {
        switch value {
        case .bool(let flag): return NSNumber(value: flag)
        case .integer(let number): return NSNumber(value: number)
        case .double(let number): return NSNumber(value: number)
        case .float(let number): return NSNumber(value: number)
        case .string(let text): return text as NSString
        case .data(let data), .codable(let data): return data as NSData
        case .date(let date): return date as NSDate
        case .array(let values): return values.map(foundation) as NSArray
        case .dictionary(let values): return values.mapValues(foundation) as NSDictionary
        case .object(let reference): return NSNumber(value: reference.id)
        }
    }

    private static func coded(_ object: Any) -> CodedValue {
        switch object {
        case let text as String: return .string(text)
        case let date as Date: return .date(date)
        case let data as Data: return .codable(data)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "d", "f": return .double(number.doubleValue)
            case "c", "B": return .bool(number.boolValue)
            default: return .integer(number.int64Value)
            }
        case let array as [Any]: return .array(array.map(coded))
        case let dictionary as [String: Any]: return .dictionary(dictionary.mapValues(coded))
        default: return .string("\(object)")
        }
    }

    private func node(_ controller: ViewController) -> ArchivedNode {
        let node = ArchivedNode()
        node.kind = BenchClasses.name(of: controller)
        node.identifier = controller.restorationIdentifier ?? ""
        switch controller.relation {
        case .navigationStack(let index, _): node.relation = "stack"; node.position = index
        case .tab(let index, let isSelected): node.relation = "tab"; node.position = index; node.selected = isSelected
        case .presented(let presentation): node.relation = "presented"; node.style = presentation.name
        default: node.relation = "root"
        }
        let coder = Coder()
        controller.encodeRestorableState(with: coder)
        node.values = coder.values.mapValues(Self.foundation) as NSDictionary
        node.children = controller.children.map(self.node)
        if let presented = controller.presentedViewController, presented.presentingViewController === controller {
            node.children.append(self.node(presented))
        }
        return node
    }

    func save(_ window: Window) throws {
        let root = window.rootViewController.map(node)
        let data = try NSKeyedArchiver.archivedData(withRootObject: root as Any, requiringSecureCoding: false)
        try replaceFile(at: url, with: data)
    }

    func restore() throws -> Window {
        let data = try Data(contentsOf: url)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        guard let root = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? ArchivedNode else {
            throw CocoaError(.coderReadCorrupt)
        }
        var ids = 0
        var controllers: [Int: ViewController] = [:]
        var links: [Int: [BenchLink]] = [:]
        var decodes: [(ViewController, Coder)] = []
        func visit(_ node: ArchivedNode, parent: Int?) {
            ids += 1
            let id = ids
            var values: [String: CodedValue] = [:]
            for case (let key as String, let value) in node.values { values[key] = Self.coded(value) }
            let coder = Coder(values: values)
            let controller = BenchFactory.make(node.kind, coder: coder)
            controller.restorationIdentifier = node.identifier
            controllers[id] = controller
            decodes.append((controller, coder))
            if let parent {
                links[parent, default: []].append(BenchLink(child: id, relation: node.relation, position: node.position,
                                                            style: node.style, selected: node.selected))
            }
            for child in node.children { visit(child, parent: id) }
        }
        visit(root, parent: nil)
        let window = Window(application: Application())
        BenchFactory.attach(controllers[1], links: links, controllers: controllers, window: window)
        BenchFactory.loadAndDecode(decodes)
        return window
    }
}
