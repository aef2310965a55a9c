/// The AT-SPI roles Vitrine's nodes take (`AtspiRole`), with their numbers and names as
/// at-spi2-core defines them.
enum AtspiRole: UInt32 {
    case animation = 3
    case checkBox = 7
    case filler = 20
    case frame = 23
    case image = 27
    case label = 29
    case pageTab = 37
    case pageTabList = 38
    case panel = 39
    case passwordText = 40
    case progressBar = 42
    case pushButton = 43
    case scrollPane = 49
    case slider = 51
    case spinButton = 52
    case statusBar = 54
    case toggleButton = 62
    case unknown = 67
    case application = 75
    case entry = 79
    case heading = 83
    case link = 88

    /// The role's name, as `GetRoleName` gives it (at-spi2-core's names).
    var name: String {
        switch self {
        case .animation: "animation"
        case .checkBox: "check box"
        case .filler: "filler"
        case .frame: "frame"
        case .image: "image"
        case .label: "label"
        case .pageTab: "page tab"
        case .pageTabList: "page tab list"
        case .panel: "panel"
        case .passwordText: "password text"
        case .progressBar: "progress bar"
        case .pushButton: "push button"
        case .scrollPane: "scroll pane"
        case .slider: "slider"
        case .spinButton: "spin button"
        case .statusBar: "status bar"
        case .toggleButton: "toggle button"
        case .unknown: "unknown"
        case .application: "application"
        case .entry: "entry"
        case .heading: "heading"
        case .link: "link"
        }
    }
}
