// libFuzzer harness: database bytes → open read-only → list → load → restore into a window.
// Every input must end in a typed error or a (partial) restore; a crash, a hang or a leak is a
// finding. Build and run with Scripts/fuzz.sh.
import ControllerKit
import Foundation
import MailSample
import StateRestoration

private let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("navstate-fuzz-\(getpid()).sqlite").path

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    // The payload decoder sees every input raw as well: cheap, and it reaches code that a
    // mutated database rarely does.
    _ = try? PayloadCodec.decode(bytes)
    for suffix in ["", "-wal", "-shm"] { unlink(scratch + suffix) }
    guard FileManager.default.createFile(atPath: scratch, contents: bytes) else { return 0 }
    MainActor.assumeIsolated {
        guard let inspector = try? SnapshotInspector(path: scratch) else { return }
        _ = try? inspector.integrityProblems()
        guard let summaries = try? inspector.snapshots() else { return }
        for summary in summaries.prefix(3) {
            guard let loaded = try? inspector.loadSnapshot(id: summary.id) else { continue }
            let window = Window(application: Application())
            _ = loaded.restore(into: [window], registry: MailSample.makeRegistry())
            window.makeKeyAndVisible()
            window.isHidden = true
        }
    }
    return 0
}

/// libFuzzer's driver, for programs that have a `main` of their own.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// SwiftPM links an executable target's `main` as `<module>_main`; this is it, and it hands
/// control to libFuzzer.
@_cdecl("navstate_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
