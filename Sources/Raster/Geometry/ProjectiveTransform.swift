/// A projective map of the plane, `(x, y) -> ((x m11 + y m21 + m31) / w, (x m12 + y m22 + m32) / w)`
/// with `w = x m13 + y m23 + m33`: what a 3-D transform with perspective does to a flat
/// layer once the depth is dropped. Row vectors, so `a.concatenating(b)` maps through `a`
/// first, as `AffineTransform` and `CATransform3DConcat` do.
public struct ProjectiveTransform: Hashable, Sendable {
    /// The nine coefficients, row by row.
    public var m11, m12, m13, m21, m22, m23, m31, m32, m33: Double

    /// Creates a map from its nine coefficients.
    public init(
        m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
        m31: Double, m32: Double, m33: Double
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
    }

    /// The same map as an affine transform.
    public init(_ t: AffineTransform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    /// The identity.
    public static let identity = ProjectiveTransform(.identity)

    /// The map as an affine transform when it is one (no perspective), else nil.
    public var affine: AffineTransform? {
        guard m13 == 0, m23 == 0, m33 != 0 else { return nil }
        if m33 == 1 { return AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m31, ty: m32) }
        return AffineTransform(a: m11 / m33, b: m12 / m33, c: m21 / m33, d: m22 / m33, tx: m31 / m33, ty: m32 / m33)
    }

    /// The map through `self` and then through `t`.
    public func concatenating(_ t: ProjectiveTransform) -> ProjectiveTransform {
        ProjectiveTransform(
            m11: m11 * t.m11 + m12 * t.m21 + m13 * t.m31, m12: m11 * t.m12 + m12 * t.m22 + m13 * t.m32,
            m13: m11 * t.m13 + m12 * t.m23 + m13 * t.m33,
            m21: m21 * t.m11 + m22 * t.m21 + m23 * t.m31, m22: m21 * t.m12 + m22 * t.m22 + m23 * t.m32,
            m23: m21 * t.m13 + m22 * t.m23 + m23 * t.m33,
            m31: m31 * t.m11 + m32 * t.m21 + m33 * t.m31, m32: m31 * t.m12 + m32 * t.m22 + m33 * t.m32,
            m33: m31 * t.m13 + m32 * t.m23 + m33 * t.m33)
    }

    /// The determinant; its sign says whether the map keeps the plane's orientation where
    /// `w` is positive.
    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse map, or nil when the map is singular or not finite.
    public func inverted() -> ProjectiveTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return ProjectiveTransform(
            m11: (m22 * m33 - m23 * m32) * k, m12: (m13 * m32 - m12 * m33) * k, m13: (m12 * m23 - m13 * m22) * k,
            m21: (m23 * m31 - m21 * m33) * k, m22: (m11 * m33 - m13 * m31) * k, m23: (m13 * m21 - m11 * m23) * k,
            m31: (m21 * m32 - m22 * m31) * k, m32: (m12 * m31 - m11 * m32) * k, m33: (m11 * m22 - m12 * m21) * k)
    }

    /// The homogeneous weight of `p`: the image of `p` is in front of the eye where it is
    /// above 0.
    public func weight(of p: Point) -> Double { p.x * m13 + p.y * m23 + m33 }

    /// The image of `p`, or nil where its weight is not above 0 (behind the eye).
    public func apply(to p: Point) -> Point? {
        let w = weight(of: p)
        guard w > 0 else { return nil }
        return Point(x: (p.x * m11 + p.y * m21 + m31) / w, y: (p.x * m12 + p.y * m22 + m32) / w)
    }

    /// The images of the corners of `polygon` that are in front of the eye, the polygon cut
    /// where it passes behind it (at a weight of `minimumWeight`).
    public func apply(toPolygon polygon: [Point], minimumWeight: Double = 1e-6) -> [Point] {
        var out: [Point] = []
        guard !polygon.isEmpty else { return out }
        var previous = polygon[polygon.count - 1]
        var pw = weight(of: previous)
        for p in polygon {
            let w = weight(of: p)
            if (w >= minimumWeight) != (pw >= minimumWeight) {
                // The edge crosses the cut: the point on it at the minimum weight.
                let t = (minimumWeight - pw) / (w - pw)
                let q = Point(x: previous.x + (p.x - previous.x) * t, y: previous.y + (p.y - previous.y) * t)
                if let image = apply(to: q) { out.append(image) }
            }
            if w >= minimumWeight, let image = apply(to: p) { out.append(image) }
            previous = p
            pw = w
        }
        return out
    }

    /// The bounding box of the image of `rect` (its part in front of the eye); `.null`
    /// when none of it is.
    public func apply(to rect: Rect) -> Rect {
        if let a = affine { return a.apply(to: rect) }
        let r = rect.standardized
        let corners = [
            Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
            Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)
        ]
        let image = apply(toPolygon: corners)
        guard let first = image.first else { return .null }
        var x0 = first.x
        var y0 = first.y
        var x1 = first.x
        var y1 = first.y
        for p in image.dropFirst() {
            x0 = min(x0, p.x)
            y0 = min(y0, p.y)
            x1 = max(x1, p.x)
            y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether all nine coefficients are finite.
    public var isFinite: Bool { [m11, m12, m13, m21, m22, m23, m31, m32, m33].allSatisfy(\.isFinite) }
}
