import ControllerKit
import Foundation
import MailSample
import StateRestoration

/// The main job end to end on the sample mail app: navigate, save, die, restore, show.
@MainActor
struct DemoRunner {
    let path: String
    let style: Style

    private func section(_ title: String) {
        print("")
        print(style.bold(title))
    }

    func run() throws {
        print(style.bold("navstate demo: save a mail app's navigation state, lose the process, restore it"))
        print("database: \(path)")
        let store = try RestorationStore(path: path, configuration: StoreConfiguration(appVersion: "1.0", appBuild: "100", keepCount: 3))

        // 1. A session in a first "process".
        section("1. The session")
        var unloaded: [String] = []
        weak var releasedWindow: Window?
        var releasedControllers: [WeakBox] = []
        do {
            let application = Application()
            let window = Window(application: application)
            window.rootViewController = MailSample.makeRoot()
            window.makeKeyAndVisible()
            print("launched: a tab bar of Inbox, Search and Settings")
            let token = application.addLifecycleObserver { event in
                if case .viewDidUnload = event.kind {
                    unloaded.append(event.controller.restorationIdentifier ?? "\(event.controller)")
                }
            }
            MailSample.runSession(in: window, application: application)
            application.removeObserver(token)
            print("opened the inbox and message 1042: the inbox stack is three deep")
            print("visited Search and Settings, came back to the inbox")
            print("opened q3-report.pdf full screen, and started a reply in a page sheet over it")
            print("memory warning: \(unloaded.count) hidden views unloaded (\(unloaded.joined(separator: ", ")))")

            // 2. Save.
            section("2. Save")
            let report = try store.save(application, registry: MailSample.makeRegistry(), label: "demo")
            print(report.description)

            releasedControllers = window.allControllers().map(WeakBox.init)
            releasedWindow = window
            window.isHidden = true
        }

        // 3. Process death: nothing survives but the database.
        section("3. Process death")
        let survivors = releasedControllers.compactMap(\.value)
        if survivors.isEmpty && releasedWindow == nil {
            print("every object is gone: \(releasedControllers.count) controllers, their views and the window were released")
        } else {
            print(style.red("still alive: \(survivors.map(\.description).joined(separator: ", "))"))
        }

        // 4. Restore in a fresh "process", as UIKit does.
        section("4. Restore into a fresh window (eager, UIKit's timing)")
        let application = Application()
        let registry = MailSample.makeRegistry()
        let eagerWindow = Window(application: application)
        let recorder = LifecycleTraceRecorder(observing: [application, .shared])
        let report = try store.restore(into: eagerWindow, registry: registry, timing: .eager)
        print(report.description)
        let eagerCalls = recorder.lines
        func count(_ suffix: String) -> Int { eagerCalls.filter { $0.hasSuffix(suffix) }.count }
        print("every controller was made, loaded its view, then decoded, parents first: \(count(".viewDidLoad")) viewDidLoad, "
              + "\(count(".decodeRestorableState")) decodeRestorableState, \(count(".applicationFinishedRestoringState")) "
              + "applicationFinishedRestoringState, and containment calls")
        eagerWindow.isHidden = true

        // 5. The same snapshot, lazily: only what shows loads and decodes.
        section("5. Restore lazily and show: the lifecycle trace")
        let window = Window(application: application)
        _ = try store.restore(into: window, registry: registry, timing: .lazy)
        recorder.reset()
        window.makeKeyAndVisible()
        // The restored screens showed without a crash: the snapshot leaves probation.
        try store.launchSucceeded()
        TraceLegend.lines.forEach { print(style.dim($0)) }
        for line in recorder.lines { print("  " + line) }
        recorder.stop()
        let loadedViews = window.allControllers().filter(\.isViewLoaded).compactMap(\.restorationIdentifier)
        print("views loaded and decoded: \(loadedViews.joined(separator: ", ")); everything covered or hidden waits until reached")

        section("6. The restored hierarchy")
        print(window.hierarchyDescription())
        if let compose = window.rootViewController?.presentedViewController?.presentedViewController as? ComposeController {
            print("")
            print("the reply is back: to \(compose.draft.to.joined(separator: ", ")), \(ValueFormatter.quoted(compose.draft.subject)), cursor at \(compose.cursorPosition)")
        }

        section("7. Two windows, each a scene session: killed and relaunched")
        let scenesPath = (path.hasSuffix(".sqlite") ? String(path.dropLast(".sqlite".count)) : path) + "-scenes.sqlite"
        let windowsCameBack = try TwoWindowDemo(path: scenesPath).run()

        section("Next")
        print("  swift run navstate list \(path)")
        print("  swift run navstate tree \(path)")
        print("  swift run navstate show \(path) /tabs/viewer/compose")
        print("  swift run navstate replay \(path)")
        print("  swift run navstate sessions \(scenesPath)")
        print("  sqlite3 \(path) \"SELECT path, class_name FROM snapshot_controller WHERE snapshot_id = (SELECT max(id) FROM snapshot)\"")
        window.isHidden = true
        if !survivors.isEmpty || report.dropped.count > 0 || !report.didRestore || !windowsCameBack {
            throw DemoFailure()
        }
    }

    struct DemoFailure: Error, CustomStringConvertible {
        var description: String { "the demo did not restore everything; see above" }
    }

    final class WeakBox {
        weak var value: ViewController?
        init(_ value: ViewController) { self.value = value }
    }
}
