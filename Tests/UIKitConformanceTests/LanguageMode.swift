import Testing

/// This target compiles the shared UIKit code (Shared/) in Swift 6 language mode;
/// UIKitConformanceSwift5Tests compiles the same files in Swift 5 mode.
@Test("The shared UIKit code builds here in Swift 6 language mode")
func builtInSwift6LanguageMode() {
    #if swift(>=6)
    #expect(Bool(true))
    #else
    Issue.record("UIKitConformanceTests was built in a language mode before Swift 6")
    #endif
}
