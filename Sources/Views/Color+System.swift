import Raster

extension Color {
    // UIKit's system colours in the light appearance, as iOS 13 and later define them
    // (`UIColor.systemBlue` and the rest); the fills are grey at the alphas Apple gives.

    /// `UIColor.systemBlue`: (0, 122, 255), the default tint.
    public static let systemBlue = Color(red8: 0, green8: 122, blue8: 255, alpha8: 255)
    /// `UIColor.systemGreen`: (52, 199, 89), a switch's default on colour.
    public static let systemGreen = Color(red8: 52, green8: 199, blue8: 89, alpha8: 255)
    /// `UIColor.systemFill`: (120, 120, 128) at 20 %, for thin and small shapes (a
    /// slider's track).
    public static let systemFill = Color(red: 120.0 / 255, green: 120.0 / 255, blue: 128.0 / 255, alpha: 0.2)
    /// `UIColor.secondarySystemFill`: (120, 120, 128) at 16 %, for medium shapes (a
    /// switch's track when off).
    public static let secondarySystemFill = Color(red: 120.0 / 255, green: 120.0 / 255, blue: 128.0 / 255, alpha: 0.16)
    /// `UIColor.tertiarySystemFill`: (118, 118, 128) at 12 %, for large shapes (a
    /// segmented control's background).
    public static let tertiarySystemFill = Color(red: 118.0 / 255, green: 118.0 / 255, blue: 128.0 / 255, alpha: 0.12)
}
