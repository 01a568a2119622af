// Intentionally empty: the restore-test kit arrives with the "RestorationTesting" issue. This
// target exists so the package's product list is final; it exports nothing yet.
import ControllerKit
import StateRestoration
