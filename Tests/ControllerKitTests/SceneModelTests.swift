import ControllerKit
import Foundation
import RestorationTesting
import Testing

/// Seeded random sequences of scene steps (new sessions, reconnections, disconnections,
/// discards, scenes and the whole app entering the background and the foreground, navigation,
/// relaunches) against a plain model of which sessions are open and connected and which
/// activity each holds, in the session and in the store.
///
/// `NAVSTATE_SCENE_SEQUENCES=<n>` runs more sequences; `NAVSTATE_SCENE_SEED=<seed>` replays one.
@MainActor
@Suite("Scenes: the model of sessions and their activities")
struct SceneModelTests {
    /// What the model knows of one session.
    struct ModelSession {
        var connected = true
        var foreground = true
        /// The message its scene shows; what a save keeps.
        var shown = 0
        /// The message of the session's `stateRestorationActivity`; `nil` for none.
        var activity: Int?
    }

    /// Open sessions by identifier, in the order they opened.
    struct Model {
        var order: [String] = []
        var sessions: [String: ModelSession] = [:]
        /// The store: each saved session's message, in the order of first save.
        var saved: [(identifier: String, message: Int)] = []

        mutating func save(_ identifier: String) {
            let message = sessions[identifier]?.shown ?? 0
            sessions[identifier]?.activity = message
            sessions[identifier]?.foreground = false
            if let index = saved.firstIndex(where: { $0.identifier == identifier }) {
                saved[index].message = message
            } else {
                saved.append((identifier, message))
            }
        }
    }

    enum Step: CaseIterable {
        case newSession, reconnect, disconnect, discard, backgroundOne, foregroundOne, navigate, backgroundAll, relaunch
    }

    @Test("Random scene steps match the model", arguments: SeededRandomNumberGenerator.seeds(
        first: 4_000, defaultCount: 30, countVariable: "NAVSTATE_SCENE_SEQUENCES", replayVariable: "NAVSTATE_SCENE_SEED"))
    func randomSteps(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let app = SceneApp()
        var model = Model()
        var steps: [String] = []
        app.launch()
        model.order = [try #require(app.application.openSessions.first).persistentIdentifier]
        model.sessions[model.order[0]] = ModelSession()

        for _ in 0..<60 {
            let step = Step.allCases.randomElement(using: &random) ?? .navigate
            let connected = model.order.filter { model.sessions[$0]?.connected == true }
            let foreground = connected.filter { model.sessions[$0]?.foreground == true }
            switch step {
            case .newSession:
                let before = Set(app.application.openSessions.map(\.persistentIdentifier))
                app.application.requestSceneSessionActivation(nil, userActivity: nil, options: nil)
                let added = app.application.openSessions.map(\.persistentIdentifier).filter { !before.contains($0) }
                guard let identifier = added.first else {
                    Issue.record("seed \(seed): no new session after \(steps)")
                    return
                }
                model.order.append(identifier)
                model.sessions[identifier] = ModelSession()
                steps.append("new \(identifier.prefix(4))")
            case .reconnect:
                guard let identifier = model.order.filter({ model.sessions[$0]?.connected == false }).randomElement(using: &random) else { continue }
                app.application.requestSceneSessionActivation(session(identifier, in: app), userActivity: nil, options: nil)
                model.sessions[identifier]?.connected = true
                model.sessions[identifier]?.foreground = true
                let kept = model.sessions[identifier]?.activity
                model.sessions[identifier]?.shown = kept ?? 0
                steps.append("reconnect \(identifier.prefix(4))")
            case .disconnect:
                guard let identifier = connected.randomElement(using: &random), let scene = session(identifier, in: app)?.scene else { continue }
                if model.sessions[identifier]?.foreground == true { model.save(identifier) }
                app.application.disconnect(scene)
                model.sessions[identifier]?.connected = false
                model.sessions[identifier]?.foreground = false
                steps.append("disconnect \(identifier.prefix(4))")
            case .discard:
                guard let identifier = model.order.randomElement(using: &random), let discarded = session(identifier, in: app) else { continue }
                app.application.requestSceneSessionDestruction(discarded, options: nil)
                model.order.removeAll { $0 == identifier }
                model.sessions[identifier] = nil
                model.saved.removeAll { $0.identifier == identifier }
                steps.append("discard \(identifier.prefix(4))")
            case .backgroundOne:
                guard let identifier = foreground.randomElement(using: &random), let scene = session(identifier, in: app)?.scene else { continue }
                app.application.enterBackground(scene)
                model.save(identifier)
                steps.append("background \(identifier.prefix(4))")
            case .foregroundOne:
                guard let identifier = connected.filter({ model.sessions[$0]?.foreground == false }).randomElement(using: &random) else { continue }
                app.application.requestSceneSessionActivation(session(identifier, in: app), userActivity: nil, options: nil)
                model.sessions[identifier]?.foreground = true
                steps.append("foreground \(identifier.prefix(4))")
            case .navigate:
                guard let identifier = foreground.randomElement(using: &random),
                      let delegate = session(identifier, in: app)?.scene?.delegate as? RecordingSceneDelegate else { continue }
                let message = Int.random(in: 1...99, using: &random)
                delegate.open(message: message)
                model.sessions[identifier]?.shown = message
                steps.append("open \(message) in \(identifier.prefix(4))")
            case .backgroundAll:
                app.application.enterBackground()
                for identifier in foreground { model.save(identifier) }
                steps.append("background all")
            case .relaunch:
                app.kill()
                app.launch()
                if model.saved.isEmpty {
                    guard let identifier = app.application.openSessions.first?.persistentIdentifier else {
                        Issue.record("seed \(seed): no session after a relaunch; steps \(steps)")
                        return
                    }
                    model.order = [identifier]
                    model.sessions = [identifier: ModelSession()]
                } else {
                    model.order = model.saved.map(\.identifier)
                    model.sessions = Dictionary(uniqueKeysWithValues: model.saved.map {
                        ($0.identifier, ModelSession(shown: $0.message, activity: $0.message))
                    })
                }
                steps.append("relaunch")
            }
            _ = app.log.take()
            guard matches(app, model, seed: seed, steps: steps) else { break }
        }
        app.kill()
    }

    private func session(_ identifier: String, in app: SceneApp) -> SceneSession? {
        app.application.openSessions.first { $0.persistentIdentifier == identifier }
    }

    /// Whether the app and the store are as the model says; records an issue naming the seed
    /// and the steps when not.
    private func matches(_ app: SceneApp, _ model: Model, seed: UInt64, steps: [String]) -> Bool {
        var problems: [String] = []
        let open = app.application.openSessions
        if Set(open.map(\.persistentIdentifier)) != Set(model.order) {
            problems.append("open sessions \(open.map(\.persistentIdentifier).sorted()) != \(model.order.sorted())")
        }
        for identifier in model.order {
            guard let expected = model.sessions[identifier], let session = session(identifier, in: app) else { continue }
            let activity = session.stateRestorationActivity?.userInfo?["message"] as? Int
            if activity != expected.activity { problems.append("\(identifier.prefix(4)) activity \(activity as Any) != \(expected.activity as Any)") }
            guard let scene = session.scene else {
                if expected.connected { problems.append("\(identifier.prefix(4)) is not connected") }
                continue
            }
            if !expected.connected { problems.append("\(identifier.prefix(4)) is connected") }
            let state: Scene.ActivationState = expected.foreground ? .foregroundActive : .background
            if scene.activationState != state { problems.append("\(identifier.prefix(4)) is \(scene.activationState), not \(state)") }
            if let delegate = scene.delegate as? RecordingSceneDelegate {
                if delegate.message != expected.shown { problems.append("\(identifier.prefix(4)) shows \(delegate.message), not \(expected.shown)") }
            } else {
                problems.append("\(identifier.prefix(4)) has no RecordingSceneDelegate: \(scene.delegate.map { "\(type(of: $0))" } ?? "none")")
            }
        }
        let stored = app.store.records.map { "\($0.persistentIdentifier):\($0.stateRestorationActivity?.userInfo?["message"].map { "\($0)" } ?? "-")" }
        let expectedStored = model.saved.map { "\($0.identifier):\(PropertyListValue.integer(Int64($0.message)))" }
        if stored != expectedStored { problems.append("store \(stored) != \(expectedStored)") }
        let anyForeground = model.sessions.values.contains { $0.connected && $0.foreground }
        let state: Application.State = anyForeground ? .active : .background
        if app.application.applicationState != state { problems.append("application is \(app.application.applicationState), not \(state)") }
        guard problems.isEmpty else {
            Issue.record("seed \(seed) (NAVSTATE_SCENE_SEED=\(seed) replays it): \(problems.joined(separator: "; ")); steps: \(steps.joined(separator: ", "))")
            return false
        }
        return true
    }
}
