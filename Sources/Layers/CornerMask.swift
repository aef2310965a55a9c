/// Which corners `cornerRadius` rounds (`CACornerMask`), named as on screen (y down).
///
/// Core Animation names them for y up (`layerMinXMinYCorner` is the top-left corner in
/// UIKit, whose layers are flipped); the raw values are the same, so a mask ported by
/// renaming names the same corners.
public struct CornerMask: OptionSet, Hashable, Sendable {
    /// The set's bits.
    public let rawValue: UInt
    /// Creates the set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The top-left corner (`layerMinXMinYCorner`).
    public static let layerMinXMinYCorner = CornerMask(rawValue: 1)
    /// The top-right corner (`layerMaxXMinYCorner`).
    public static let layerMaxXMinYCorner = CornerMask(rawValue: 2)
    /// The bottom-left corner (`layerMinXMaxYCorner`).
    public static let layerMinXMaxYCorner = CornerMask(rawValue: 4)
    /// The bottom-right corner (`layerMaxXMaxYCorner`).
    public static let layerMaxXMaxYCorner = CornerMask(rawValue: 8)
    /// All four, the default.
    public static let all: CornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner,
        .layerMaxXMaxYCorner
    ]
}
