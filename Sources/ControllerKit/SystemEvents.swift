import Foundation

/// The system's events for a headless app run by `@main` (``ApplicationDelegate/main()``): one
/// a line on standard input, read on a thread of their own and delivered on the main actor, so
/// that the main actor keeps running the app's tasks and timers meanwhile.
///
/// A scene event names one open session by its place in the order the sessions opened (at a
/// relaunch, the order they were saved in), from 0: `discard-scene 1` is the user closing the
/// second window in the app switcher.
enum SystemEvents {
    /// Every event this reads, by its line.
    static let events: [String: @MainActor (Application) -> Void] = [
        "background": { $0.enterBackground() },
        "foreground": { $0.enterForeground() },
        "resign-active": { $0.resignActive() },
        "become-active": { $0.becomeActive() },
        "memory-warning": { $0.didReceiveMemoryWarning() },
        // UIKit ends the process after applicationWillTerminate(_:): so does this.
        "terminate": { application in
            application.terminate()
            exit(0)
        },
    ]

    /// Every event about one scene session, by its first word.
    static let sceneEvents: [String: @MainActor (Application, SceneSession) -> Void] = [
        "discard-scene": { $0.requestSceneSessionDestruction($1, options: nil) },
    ]

    /// Runs one line's event, or reports on standard error why it cannot.
    @MainActor
    static func handle(_ line: String, in application: Application) {
        let words = line.split(separator: " ").map(String.init)
        if words.count == 1, let handle = events[words[0]] {
            handle(application)
            return
        }
        if words.count == 2, let handle = sceneEvents[words[0]] {
            guard let index = Int(words[1]), application.sessions.indices.contains(index) else {
                let open = application.sessions.isEmpty ? "there is no open scene session" : "the open sessions are 0 to \(application.sessions.count - 1)"
                complain("\(words[0]) needs the index of an open session, not \(words[1].debugDescription): \(open)")
                return
            }
            handle(application, application.sessions[index])
            return
        }
        let known = events.keys.sorted() + sceneEvents.keys.sorted().map { "\($0) N" }
        complain("unknown system event \(line.debugDescription); known: \(known.joined(separator: ", "))")
    }

    private static func complain(_ message: String) {
        FileHandle.standardError.write(Data("navstate: \(message)\n".utf8))
    }

    /// Delivers standard input's events to `application` until the input ends or a `terminate`
    /// event, then terminates the app and exits normally; never returns. An unknown line is
    /// reported on standard error.
    @MainActor
    static func deliver(to application: Application) -> Never {
        let reader = Thread {
            while let line = readLine() {
                let event = line.trimmingCharacters(in: .whitespaces)
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { handle(event, in: application) }
                }
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    application.terminate()
                    exit(0)
                }
            }
        }
        reader.start()
        dispatchMain()
    }
}
