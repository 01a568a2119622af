// A port of a tabbed UIKit app whose tab bar builds its tabs in viewDidLoad and whose
// controllers save what their controls show; renamed, nothing else changed.
import ControllerKit

final class MainTabBarController: TabBarController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let audio = NavigationController(rootViewController: AudioSettingsViewController())
        audio.restorationIdentifier = "AudioNavigation"
        let display = NavigationController(rootViewController: DisplaySettingsViewController())
        display.restorationIdentifier = "DisplayNavigation"
        viewControllers = [audio, display]
    }
}

final class AudioSettingsViewController: ViewController {
    var volumeSlider: Slider!
    var outputControl: SegmentedControl!

    init() {
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = "AudioSettingsViewController"
    }

    required init?(coder: Coder) {
        super.init(coder: coder)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Audio"
        volumeSlider = Slider()
        outputControl = SegmentedControl(items: ["Speaker", "Headphones"])
    }

    override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(volumeSlider.value, forKey: "volume")
        coder.encode(outputControl.selectedSegmentIndex, forKey: "output")
    }

    override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        volumeSlider.value = coder.decodeFloat(forKey: "volume")
        outputControl.selectedSegmentIndex = coder.decodeInteger(forKey: "output")
    }
}

final class DisplaySettingsViewController: ViewController {
    var brightness: Slider!

    init() {
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = "DisplaySettingsViewController"
    }

    required init?(coder: Coder) {
        super.init(coder: coder)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Display"
        brightness = Slider()
    }

    override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(brightness.value, forKey: "brightness")
    }

    override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        brightness.value = coder.decodeFloat(forKey: "brightness")
    }
}

/// Stand-ins for `UISlider` and `UISegmentedControl`: the ports read and write their values.
final class Slider {
    var value: Float = 0.5
}

final class SegmentedControl {
    let items: [String]
    var selectedSegmentIndex = 0
    init(items: [String]) { self.items = items }
}
