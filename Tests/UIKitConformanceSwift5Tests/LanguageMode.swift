import Testing

/// This target compiles the shared UIKit code (Shared/, a symlink to
/// Tests/UIKitConformanceTests/Shared) in Swift 5 language mode, as most UIKit apps are built;
/// UIKitConformanceTests compiles the same files in Swift 6 mode.
@Test("The shared UIKit code builds here in Swift 5 language mode")
func builtInSwift5LanguageMode() {
    #if swift(>=6)
    Issue.record("UIKitConformanceSwift5Tests was built in Swift 6 language mode")
    #else
    #expect(Bool(true))
    #endif
}
