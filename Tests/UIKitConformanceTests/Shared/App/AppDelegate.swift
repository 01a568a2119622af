// App code as a UIKit app writes it: this file builds against UIKit on iOS and against
// UIKitCompatibility on Linux, unchanged.
#if canImport(UIKit)
import UIKit
#else
import UIKitCompatibility
#endif

/// Rows 21, 22, 29–33: the app delegate of Xcode's template, with UIKit's restoration hooks.
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    /// The date the app writes into the app-level coder, and reads back.
    var lastSync: Date?
    /// What `shouldRestoreSecureApplicationState` found under UIKit's metadata keys.
    var savedBuild: String?
    var savedIdiom: UIUserInterfaceIdiom?
    /// What `didDecodeRestorableStateWith` found under the idiom key.
    var decodedIdiomRawValue: Int?
    /// Whether the restore is refused (as apps refuse after an update).
    var refusesRestore = false
    /// The hooks, in the order they were called.
    var calls: [String] = []

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        calls.append("shouldSaveSecureApplicationState")
        return true
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        calls.append("shouldRestoreSecureApplicationState")
        savedBuild = coder.decodeObject(forKey: UIApplication.stateRestorationBundleVersionKey) as? String
        savedIdiom = UIUserInterfaceIdiom(rawValue: coder.decodeInteger(forKey: UIApplication.stateRestorationUserInterfaceIdiomKey))
        // Restore only onto the kind of device the state was saved on.
        return !refusesRestore && savedIdiom == UIDevice.current.userInterfaceIdiom
    }

    func application(_ application: UIApplication, willEncodeRestorableStateWith coder: NSCoder) {
        calls.append("willEncodeRestorableStateWith")
        coder.encode(lastSync, forKey: "lastSync")
    }

    func application(_ application: UIApplication, didDecodeRestorableStateWith coder: NSCoder) {
        calls.append("didDecodeRestorableStateWith")
        lastSync = coder.decodeObject(forKey: "lastSync") as? Date
        if coder.containsValue(forKey: UIApplicationStateRestorationUserInterfaceIdiomKey) {
            decodedIdiomRawValue = coder.decodeInteger(forKey: UIApplicationStateRestorationUserInterfaceIdiomKey)
        }
    }

    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
                     coder: NSCoder) -> UIViewController? {
        calls.append("viewControllerWithRestorationIdentifierPath \(identifierComponents.joined(separator: "/"))")
        guard identifierComponents.last == "settings" else { return nil }
        let settings = SettingsViewController()
        settings.restorationIdentifier = "settings"
        return settings
    }
}

/// Made by the app delegate at restore time (row 33), never by the registry.
final class SettingsViewController: UIViewController {
    var fontSize = 0

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(fontSize, forKey: "fontSize")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        fontSize = coder.decodeInteger(forKey: "fontSize")
    }
}
