/// A visual effect drawn under a view's content (`UIVisualEffect`): for now a blur of
/// what lies beneath.
public protocol VisualEffect: Sendable {
    /// The sigma of the blur of the backdrop, in points.
    var blurRadius: Double { get }
}

/// A blur of the backdrop (`UIBlurEffect`), in one of the system's styles.
///
/// UIKit's styles also tint the blur; Vitrine's blur only, and the radius each style
/// uses is Vitrine's choice: `.regular` 6 points, lighter styles less, `.prominent` more.
public struct BlurEffect: VisualEffect, Hashable {
    /// How strong the blur is (`UIBlurEffect.Style`).
    public enum Style: Hashable, Sendable {
        /// A faint blur (`extraLight`).
        case extraLight
        /// A light blur (`light`).
        case light
        /// A dark blur (`dark`).
        case dark
        /// The standard blur (`regular`).
        case regular
        /// A strong blur (`prominent`).
        case prominent
    }

    /// The style.
    public let style: Style

    /// A blur of a style (`UIBlurEffect(style:)`).
    public init(style: Style) { self.style = style }

    /// The style's blur radius.
    public var blurRadius: Double {
        switch style {
        case .extraLight: return 3
        case .light: return 4
        case .dark, .regular: return 6
        case .prominent: return 10
        }
    }
}
