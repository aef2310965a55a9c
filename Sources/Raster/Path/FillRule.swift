/// Which points a fill covers (`CGPathFillRule`).
public enum FillRule: Sendable {
    /// Inside where the winding number is not zero (the default).
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}
