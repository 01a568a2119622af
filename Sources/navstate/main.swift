// The inspector arrives with the "navstate" issue. Until then the executable says so and fails,
// rather than pretending to inspect anything.
import Foundation

FileHandle.standardError.write(Data("navstate: not implemented yet; the inspector and the demo arrive with the CLI issue\n".utf8))
exit(64)
