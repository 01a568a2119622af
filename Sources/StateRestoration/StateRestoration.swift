// Intentionally empty: the SQLite-backed archiver, store and restore arrive with the
// "StateRestoration" issue. This target exists so the package's product list is final; it
// exports nothing yet, so nothing can mistake it for a working store.
import ControllerKit
