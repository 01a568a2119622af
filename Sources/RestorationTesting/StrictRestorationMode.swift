import ControllerKit
import Foundation
import StateRestoration

/// Something in the hierarchy that would not survive a process death.
public struct StrictFinding: Sendable, Hashable, CustomStringConvertible {
    /// What kind of loss.
    public enum Kind: String, Sendable, Hashable {
        /// A controller without `restorationIdentifier`: it and its subtree would be lost.
        case noIdentifier
        /// A class, or a restoration class, the registry does not know: restore would drop it.
        case unregisteredClass
        /// A keyed value that does not read back equal after encoding.
        case valueDoesNotRoundTrip
        /// A reference the archive cannot keep (an unsaved controller, an unregistered object).
        case referenceNotKept
        /// The hierarchy cannot be saved at all (a duplicate path, say).
        case unsavable
    }

    /// What kind of loss.
    public var kind: Kind
    /// The restoration path at fault.
    public var path: String
    /// What would be lost, in a sentence.
    public var message: String

    public var description: String { "[\(kind.rawValue)] \(path): \(message)" }
}

/// For debug builds: after every navigation change, round-trips the window's hierarchy through
/// the archive format in memory and reports what would not survive: controllers without an
/// identifier, unregistered classes, values that do not read back equal, and references that
/// cannot be kept. Nothing is written to disk.
///
/// The application keeps the mode checking until ``stop()``, so starting it needs no variable:
///
/// ```swift
/// #if DEBUG
/// _ = StrictRestorationMode(registry: registry)    // findings go to standard error
/// #endif
/// ```
@MainActor
public final class StrictRestorationMode {
    /// Every finding so far, oldest first; a finding is reported once while it persists.
    public private(set) var findings: [StrictFinding] = []

    private let application: Application
    private let registry: RestorationRegistry
    private let onFinding: (StrictFinding) -> Void
    private var token: ObserverToken?
    private var current = Set<StrictFinding>()

    /// Starts checking every window of `application` after each change, until ``stop()``.
    /// `onFinding` hears each new finding; by default it is written to standard error.
    public init(application: Application = .shared, registry: RestorationRegistry,
                onFinding: @escaping (StrictFinding) -> Void = { FileHandle.standardError.write(Data("navstate strict mode: \($0)\n".utf8)) }) {
        self.application = application
        self.registry = registry
        self.onFinding = onFinding
        // The application holds the mode (and so keeps it checking) until `stop()`: a mode that
        // stopped when the caller's variable went away would fail silently.
        token = application.addHierarchyChangeObserver { window in self.check(window) }
    }

    /// Stops checking; the application lets go of the mode.
    public func stop() {
        if let token { application.removeObserver(token) }
        token = nil
    }

    /// Checks `window` now; returns its findings.
    @discardableResult
    public func check(_ window: Window) -> [StrictFinding] {
        var found: [StrictFinding]
        do {
            let captured = try CapturedSnapshot.capture([window], registry: registry)
            found = Self.findings(in: captured, saved: Self.encoded(captured), registry: registry)
        } catch {
            found = [Self.unsavable(error)]
        }
        for finding in found where !current.contains(finding) {
            findings.append(finding)
            onFinding(finding)
        }
        current = Set(found)
        return found
    }

    /// What in `window` would not survive a save and restore with `registry`.
    public static func findings(in window: Window, registry: RestorationRegistry) -> [StrictFinding] {
        do {
            let captured = try CapturedSnapshot.capture([window], registry: registry)
            return findings(in: captured, saved: encoded(captured), registry: registry)
        } catch {
            return [unsavable(error)]
        }
    }

    private static func unsavable(_ error: StoreError) -> StrictFinding {
        StrictFinding(kind: .unsavable, path: "/", message: error.description)
    }

    /// Each controller's record with its values encoded as a save would, once per check for
    /// every use below.
    private static func encoded(_ captured: CapturedSnapshot) -> [(record: ControllerRecord, payload: Data)] {
        captured.controllers.map { ($0, PayloadCodec.encode($0.values)) }
    }

    private static func findings(in captured: CapturedSnapshot, saved: [(record: ControllerRecord, payload: Data)],
                                 registry: RestorationRegistry) -> [StrictFinding] {
        var found: [StrictFinding] = captured.report.leftOut.map {
            StrictFinding(kind: .noIdentifier, path: $0.path, message: "\($0.className) \($0.reason); it and \($0.descendantCount) below it would be lost")
        }
        for (record, _) in saved where !registry.knowsController(named: record.className) {
            found.append(StrictFinding(kind: .unregisteredClass, path: record.pathString,
                                       message: "class \(record.className) is not registered; restore would drop it"))
        }
        for record in saved.map(\.record) where record.restorationClassName == nil {
            guard let warning = captured.report.warnings.first(where: { $0.hasPrefix("\(record.pathString): restoration class ") }) else { continue }
            found.append(StrictFinding(kind: .unregisteredClass, path: record.pathString,
                                       message: String(warning.dropFirst(record.pathString.count + 2)) + "; restore would drop it"))
        }
        for warning in captured.report.warnings where warning.contains("was not kept") {
            let path = String(warning.prefix { $0 != ":" })
            found.append(StrictFinding(kind: .referenceNotKept, path: path, message: String(warning.dropFirst(path.count + 2))))
        }
        for (record, payload) in saved {
            let decoded = try? PayloadCodec.decode(payload)
            for (key, value) in record.values.sorted(by: { $0.key < $1.key }) where decoded?[key] != value || !Self.isSound(value) {
                found.append(StrictFinding(kind: .valueDoesNotRoundTrip, path: record.pathString,
                                           message: "the value under \(key.debugDescription) (\(value.typeName)) does not read back equal"))
            }
        }
        return found
    }

    /// Values equal to themselves (NaN is not) whose Codable payloads are JSON.
    private static func isSound(_ value: CodedValue) -> Bool {
        switch value {
        case .double(let number): return !number.isNaN
        case .float(let number): return !number.isNaN
        case .codable(let json): return (try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])) != nil
        case .array(let values): return values.allSatisfy(isSound)
        case .dictionary(let values): return values.values.allSatisfy(isSound)
        default: return true
        }
    }
}
