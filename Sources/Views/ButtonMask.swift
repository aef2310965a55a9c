/// Pointer buttons (`UIEvent.ButtonMask`): which buttons a control or a view answers.
public struct ButtonMask: OptionSet, Sendable, Hashable {
    /// The set's bits.
    public let rawValue: Int
    /// Makes a mask from raw bits, button n in bit n - 1.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The primary button: the left one, or a tap.
    public static let primary = ButtonMask(rawValue: 1)
    /// The secondary button: the right one.
    public static let secondary = ButtonMask(rawValue: 2)
    /// Button `n`, counted as UIKit does (1 primary, 2 secondary, 3 the middle one);
    /// an empty mask outside 1...62.
    public static func button(_ n: Int) -> ButtonMask { (1...62).contains(n) ? ButtonMask(rawValue: 1 << (n - 1)) : [] }
}
