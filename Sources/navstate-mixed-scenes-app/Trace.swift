import Foundation

/// The trace the tests read: one line per UIKit callback, written at once.
enum Trace {
    static func print(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
