import ControllerKit
import Foundation
import MailSample
import RestorationTesting
import StateRestoration

/// Navigates the sample app at random with autosave on (every 20 ms) until killed. After each
/// step it announces `state STEP PATHS` (the step number is also the mailboxes list's
/// `scrollOffset`, so a restored snapshot tells which step it holds), and after each completed
/// autosave `saved STEP`, read back from the newest snapshot.
@MainActor
func autosaveWalk(path: String, seed: UInt64) throws -> Never {
    var random = SeededRandomNumberGenerator(seed: seed)
    let store = try RestorationStore(path: path, configuration: StoreConfiguration(probationPeriod: nil))
    let registry = MailSample.makeRegistry()
    let application = Application()
    let window = Window(application: application)
    let tabs = MailSample.makeRoot()
    window.rootViewController = tabs
    window.makeKeyAndVisible()
    guard let inbox = tabs.viewControllers?.first as? NavigationController,
          let mailboxes = inbox.viewControllers.first as? MailboxListController else { fail("the sample has no inbox") }
    let autosave = store.startAutosave(application, registry: registry, interval: .milliseconds(20))
    Task { @MainActor in
        var step = 0
        var announcedSaves = 0
        while true {
            step += 1
            mailboxes.scrollOffset = Double(step)
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                let message = MessageController()
                message.restorationIdentifier = "m\(step)"
                inbox.pushViewController(message, animated: false)
            case 1:
                inbox.popViewController(animated: false)
            case 2:
                tabs.selectedIndex = Int.random(in: 0..<3, using: &random)
            case 3:
                if let top = inbox.topViewController, top.presentedViewController == nil, tabs.selectedIndex == 0 {
                    let viewer = AttachmentViewerController()
                    viewer.restorationIdentifier = "viewer"
                    top.present(viewer, animated: false)
                }
            default:
                if let top = inbox.topViewController, top.presentedViewController != nil { top.dismiss(animated: false) }
            }
            let paths = (try? CapturedSnapshot.capture([window], registry: registry))?.controllers.map(\.pathString) ?? []
            announce("state \(step) \(paths.joined(separator: ","))")
            if autosave.writtenCount > announcedSaves {
                announcedSaves = autosave.writtenCount
                let newest = try? store.loadSnapshot().snapshot.controllers.first { $0.pathString == "/tabs/inbox/mailboxes" }
                if case .double(let saved)? = newest?.values["scrollOffset"] { announce("saved \(Int(saved))") }
            }
            try? await Task.sleep(for: .milliseconds(Int.random(in: 1...4, using: &random)))
        }
    }
    dispatchMain()
}
