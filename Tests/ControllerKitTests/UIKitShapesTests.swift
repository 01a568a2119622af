import ControllerKit
import Testing
import TestSupport

/// The shapes UIKit code uses, as UIKit code writes them (renamed).
@MainActor
@Suite struct UIKitShapesTests {
    final class ProfileViewController: ViewController {
        let userID: Int
        init(userID: Int) {
            self.userID = userID
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: Coder) { nil }
        override func awakeFromNib() { super.awakeFromNib() }
        override func viewDidLoad() {
            super.viewDidLoad()
            navigationItem.title = "Profile"
            navigationItem.rightBarButtonItem = BarButtonItem(systemItem: .edit)
            tabBarItem = TabBarItem(title: "Me", tag: 3)
            hidesBottomBarWhenPushed = true
        }
    }

    @Test func aControllerWrittenForUIKitCompilesAndBehaves() {
        let profile = ProfileViewController(userID: 7)
        #expect(profile.nibName == nil && profile.nibBundle == nil)
        #expect(!profile.isViewLoaded)
        profile.loadViewIfNeeded()
        #expect(profile.navigationItem.title == "Profile")
        #expect(profile.navigationItem.rightBarButtonItems?.first?.systemItem == .edit)
        #expect(profile.tabBarItem.tag == 3 && profile.hidesBottomBarWhenPushed)
        #expect(ViewController().nibName == nil)
    }

    @Test func showPushesInsideANavigationControllerAndPresentsElsewhere() {
        let world = Harness()
        let list = named("list")
        let navigation = NavigationController(rootViewController: list)
        let tabs = TabBarController()
        tabs.viewControllers = [navigation, named("other")]
        world.show(tabs)
        let detail = named("detail")
        list.show(detail, sender: nil)
        #expect(navigation.viewControllers.last === detail)
        #expect(detail.next === navigation)
        // Outside a navigation controller: presented.
        let modal = named("modal")
        tabs.show(modal, sender: nil)
        #expect(tabs.presentedViewController === modal)
        #expect(modal.next === tabs)
        world.check()
    }

    @Test func presentationStylesHaveUIKitsRawValuesAndBehaviour() {
        #expect(ModalPresentationStyle.fullScreen.rawValue == 0 && ModalPresentationStyle.popover.rawValue == 7)
        #expect(ModalPresentationStyle.automatic.rawValue == -2 && ModalPresentationStyle.none.rawValue == -1)
        #expect(ModalPresentationStyle(name: "overCurrentContext") == .overCurrentContext)
        // automatic presents as a page sheet: the presenter stays on screen and gets nothing.
        let world = Harness()
        let root = named("root")
        world.show(root)
        let sheet = named("sheet")
        sheet.modalPresentationStyle = .automatic
        root.present(sheet, animated: true)
        #expect(world.take() == traceLines("sheet.load, sheet.wA, sheet.layout, sheet.dA"))
        #expect(root.appearanceState == .appeared)
        // none is refused, as UIKit refuses it.
        let refused = named("refused")
        refused.modalPresentationStyle = .none
        sheet.present(refused, animated: true)
        #expect(refused.presentingViewController == nil)
        #expect(world.takeDiagnostics() == [.unsupportedOperation])
        world.check()
    }
}
