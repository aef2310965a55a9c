/// A width and a height (UIKit's `CGSize`).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size from its extents.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size, 0 x 0 (`CGSize.zero`).
    public static let zero = Size(width: 0, height: 0)

    /// The value written out, for messages and debugging.
    public var description: String { "\(width) x \(height)" }
}
