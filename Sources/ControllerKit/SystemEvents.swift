import Foundation

/// The system's events for a headless app run by `@main` (``ApplicationDelegate/main()``): one
/// a line on standard input, read on a thread of their own and delivered on the main actor, so
/// that the main actor keeps running the app's tasks and timers meanwhile.
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

    /// Delivers standard input's events to `application` until the input ends or a `terminate`
    /// event, then terminates the app and exits normally; never returns. An unknown line is
    /// reported on standard error.
    @MainActor
    static func deliver(to application: Application) -> Never {
        let reader = Thread {
            while let line = readLine() {
                let event = line.trimmingCharacters(in: .whitespaces)
                DispatchQueue.main.async {
                    MainActor.assumeIsolated {
                        guard let handle = events[event] else {
                            FileHandle.standardError.write(Data("navstate: unknown system event \(event.debugDescription); known: \(events.keys.sorted().joined(separator: ", "))\n".utf8))
                            return
                        }
                        handle(application)
                    }
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
