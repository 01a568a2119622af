/// The short names lifecycle traces use, printed beside every trace the CLI shows.
enum TraceLegend {
    static let lines = [
        "  (wA viewWillAppear, dA viewDidAppear, wD viewWillDisappear, dD viewDidDisappear,",
        "   wM(P) willMove(toParent: P), dM(P) didMove(toParent: P); other callbacks by name)",
    ]
}
