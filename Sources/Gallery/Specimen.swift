import Raster
import Views

/// One control of the gallery, from one source document: a stable kebab-case name, a
/// card title, and a way to build the view with the document's defaults and parameters.
public struct Specimen: Sendable {
    /// What the card shows behind the specimen.
    public enum Backdrop: Sendable {
        /// The card's own light background.
        case plain
        /// A checkerboard, so that transparent parts show.
        case checkerboard
        /// A dark slate, for white-on-colour controls.
        case dark
        /// Coloured stripes, for blurs and see-through marks.
        case colorful
    }

    /// The stable name (`gallery list`, `--specimen`).
    public let name: String
    /// Which source document it comes from.
    public let document: String
    /// The size of the specimen view, in points.
    public let size: Size
    /// What lies behind it.
    public let backdrop: Backdrop
    /// What puts the specimen in its state for a picture of it alone, once it is on the
    /// page (a field made to edit, with a selection); nil for none. The page itself
    /// shows every specimen at rest.
    public var activate: (@MainActor @Sendable (View) -> Void)? = nil
    /// Builds the view; `report` tells the status line what a control did.
    public let make: @MainActor @Sendable (_ report: @escaping (String) -> Void) -> View

    /// The card's title, for people: the name's words, the first capitalised
    /// ("switch-off" is "Switch off"). The name stays the specimen's identifier.
    public var title: String {
        let words = name.split(separator: "-").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
