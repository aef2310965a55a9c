import Glibc

/// An affine map of the plane, `x' = a x + c y + tx`, `y' = b x + d y + ty`,
/// with the field names and composition order of `CGAffineTransform`.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    /// The coefficients, as `CGAffineTransform` names them.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// Creates a transform from its six coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity (`CGAffineTransformIdentity`).
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation (`CGAffineTransformMakeTranslation`).
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale (`CGAffineTransformMakeScale`).
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians; positive angles turn clockwise on a y-down screen
    /// (`CGAffineTransformMakeRotation`).
    public init(rotationAngle angle: Double) {
        let s = sin(angle)
        let k = cos(angle)
        self.init(a: k, b: s, c: -s, d: k, tx: 0, ty: 0)
    }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// Whether the map only translates and scales (no rotation or skew).
    public var isAxisAligned: Bool { b == 0 && c == 0 }

    /// The determinant `a d - b c`.
    public var determinant: Double { a * d - b * c }

    /// The transform that maps a point through `self` and then through `t`
    /// (`CGAffineTransformConcat(self, t)`).
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d,
            c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// A translation applied before this transform (`CGAffineTransformTranslate`).
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A scale applied before this transform (`CGAffineTransformScale`).
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation applied before this transform (`CGAffineTransformRotate`).
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse map, or nil when the transform is singular or not finite
    /// (`CGAffineTransformInvert`, which returns the input unchanged instead).
    public func inverted() -> AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inv = AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
        return [inv.a, inv.b, inv.c, inv.d, inv.tx, inv.ty].allSatisfy(\.isFinite) ? inv : nil
    }

    /// The image of a point (`CGPointApplyAffineTransform`).
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The image of a vector: the linear part only, no translation.
    public func applyLinear(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y, y: b * p.x + d * p.y)
    }

    /// The bounding box of the image of a rectangle (`CGRectApplyAffineTransform`).
    public func apply(to r: Rect) -> Rect {
        if r.isNull { return r }
        if b == 0 && c == 0 && r.size.width >= 0 && r.size.height >= 0 {
            // Already standardized (the usual case): the same sums, without the work.
            let x0 = a * r.origin.x + tx
            let x1 = a * (r.origin.x + r.size.width) + tx
            let y0 = d * r.origin.y + ty
            let y1 = d * (r.origin.y + r.size.height) + ty
            return Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
        }
        let s = r.standardized
        if b == 0 && c == 0 {
            let x0 = a * s.minX + tx
            let x1 = a * s.maxX + tx
            let y0 = d * s.minY + ty
            let y1 = d * s.maxY + ty
            return Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
        }
        let p0 = apply(to: Point(x: s.minX, y: s.minY))
        let p1 = apply(to: Point(x: s.maxX, y: s.minY))
        let p2 = apply(to: Point(x: s.minX, y: s.maxY))
        let p3 = apply(to: Point(x: s.maxX, y: s.maxY))
        let x0 = min(p0.x, p1.x, p2.x, p3.x)
        let x1 = max(p0.x, p1.x, p2.x, p3.x)
        let y0 = min(p0.y, p1.y, p2.y, p3.y)
        let y1 = max(p0.y, p1.y, p2.y, p3.y)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// How much the transform stretches lengths at most (the larger singular value).
    public var maximumScale: Double {
        let p = a * a + b * b
        let q = c * c + d * d
        let r = a * c + b * d
        let m = (p + q) / 2
        let n = (((p - q) / 2) * ((p - q) / 2) + r * r).squareRoot()
        return (m + n).squareRoot()
    }

    /// The value written out, for messages and debugging.
    public var description: String { "[\(a) \(b) \(c) \(d) \(tx) \(ty)]" }
}
