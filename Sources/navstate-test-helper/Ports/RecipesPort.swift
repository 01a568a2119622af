// A port of a small UIKit app that restores through a restoration class, written as an iOS
// developer writes it and then renamed (UIKit → ControllerKit, the `UI` prefix dropped, NSCoder →
// Coder). Nothing else was changed to make it run here.
import ControllerKit

final class RecipesAppDelegate: Responder, ApplicationDelegate {
    var window: Window?

    func application(_ application: Application, shouldSaveSecureApplicationState coder: Coder) -> Bool { true }
    func application(_ application: Application, shouldRestoreSecureApplicationState coder: Coder) -> Bool { true }
}

final class RecipeListViewController: ViewController {
    let recipes = ["Shakshuka", "Ramen", "Pavlova"]
    var selectedRow: Int?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Recipes"
    }

    func didSelectRow(_ row: Int) {
        selectedRow = row
        let detail = RecipeDetailViewController(recipeName: recipes[row])
        navigationController?.pushViewController(detail, animated: true)
    }

    override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        if let selectedRow { coder.encode(selectedRow, forKey: "selectedRow") }
    }

    override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        if coder.containsValue(forKey: "selectedRow") { selectedRow = coder.decodeInteger(forKey: "selectedRow") }
    }
}

final class RecipeDetailViewController: ViewController, ViewControllerRestoration {
    let recipeName: String
    var servings = 2
    var servingsLabel: Label!

    init(recipeName: String) {
        self.recipeName = recipeName
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = "RecipeDetailViewController"
        restorationClass = RecipeDetailViewController.self
    }

    required init?(coder: Coder) {
        fatalError("init(coder:) has not been implemented")
    }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController? {
        guard let name = coder.decodeObject(forKey: "recipeName") as? String else { return nil }
        return RecipeDetailViewController(recipeName: name)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = recipeName
        servingsLabel = Label()
        servingsLabel.text = "\(servings) servings"
    }

    override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(recipeName, forKey: "recipeName")
        coder.encode(servings, forKey: "servings")
    }

    override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        servings = coder.decodeInteger(forKey: "servings")
        servingsLabel.text = "\(servings) servings"
    }
}

/// A text label, standing in for `UILabel`: the ports read and write its text.
final class Label {
    var text: String?
}
