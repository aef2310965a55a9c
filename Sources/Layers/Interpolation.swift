import Raster

/// Values between two values of an animated property: numbers, points, sizes,
/// rectangles, colours (straight, not premultiplied), transforms (by their parts, so that
/// a turn stays a turn), paths with the same elements, and lists of these; anything else
/// changes at the end.
@MainActor
enum Interpolation {
    static func interpolate(_ a: Any, _ b: Any, _ t: Double) -> Any {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        if let x = number(a), let y = number(b) { return mix(x, y) }
        switch (a, b) {
        case (let x as Point, let y as Point): return Point(x: mix(x.x, y.x), y: mix(x.y, y.y))
        case (let x as Size, let y as Size): return Size(width: mix(x.width, y.width), height: mix(x.height, y.height))
        case (let x as Rect, let y as Rect):
            return Rect(
                x: mix(x.x, y.x), y: mix(x.y, y.y), width: mix(x.width, y.width), height: mix(x.height, y.height))
        case (let x as Color, let y as Color):
            return Color(
                red: mix(x.red, y.red), green: mix(x.green, y.green), blue: mix(x.blue, y.blue),
                alpha: mix(x.alpha, y.alpha))
        case (let x as Transform3D, let y as Transform3D):
            if x.isAffine && y.isAffine {
                return Transform3D(interpolate(x.affineTransform, y.affineTransform, t) as! AffineTransform)
            }
            // Core Animation decomposes a transform with depth into parts; here its
            // coefficients move in a straight line, which is the same at both ends.
            let a = x.rows
            let b = y.rows
            return Transform3D(rows: (0..<4).map { i in (0..<4).map { j in mix(a[i][j], b[i][j]) } })
        case (let x as AffineTransform, let y as AffineTransform):
            let p = TransformParts(x)
            let q = TransformParts(y)
            var r = TransformParts()
            r.tx = mix(p.tx, q.tx)
            r.ty = mix(p.ty, q.ty)
            // The shorter way round.
            var dr = q.rotation - p.rotation
            if dr > .pi { dr -= 2 * .pi } else if dr < -.pi { dr += 2 * .pi }
            r.rotation = p.rotation + dr * t
            r.scaleX = mix(p.scaleX, q.scaleX)
            r.scaleY = mix(p.scaleY, q.scaleY)
            r.shear = mix(p.shear, q.shear)
            return r.transform
        case (let x as Path, let y as Path):
            return x.interpolated(to: y, fraction: t) ?? (t < 1 ? x : y)
        case (let x as [Double], let y as [Double]) where x.count == y.count:
            return zip(x, y).map { mix($0, $1) }
        case (let x as [Color], let y as [Color]) where x.count == y.count:
            return zip(x, y).map { interpolate($0, $1, t) as! Color }
        default:
            return t < 1 ? a : b
        }
    }

    /// A number given as `Double`, `Float` or `Int` (as Core Animation takes any
    /// `NSNumber`), as a `Double`.
    static func number(_ v: Any) -> Double? {
        switch v {
        case let x as Double: x
        case let x as Float: Double(x)
        case let x as Int: Double(x)
        default: nil
        }
    }

    /// `a + b`, for `byValue` and additive animations; nil for values that do not add.
    static func add(_ a: Any, _ b: Any) -> Any? {
        if let x = number(a), let y = number(b) { return x + y }
        switch (a, b) {
        case (let x as Point, let y as Point): return Point(x: x.x + y.x, y: x.y + y.y)
        case (let x as Size, let y as Size): return Size(width: x.width + y.width, height: x.height + y.height)
        case (let x as Rect, let y as Rect):
            return Rect(x: x.x + y.x, y: x.y + y.y, width: x.width + y.width, height: x.height + y.height)
        case (let x as AffineTransform, let y as AffineTransform): return x.concatenating(y)
        case (let x as Transform3D, let y as Transform3D): return x.concatenating(y)
        default: return nil
        }
    }

    /// `a - b`; nil for values that do not subtract.
    static func subtract(_ a: Any, _ b: Any) -> Any? {
        if let x = number(a), let y = number(b) { return x - y }
        switch (a, b) {
        case (let x as Point, let y as Point): return Point(x: x.x - y.x, y: x.y - y.y)
        case (let x as Size, let y as Size): return Size(width: x.width - y.width, height: x.height - y.height)
        case (let x as Rect, let y as Rect):
            return Rect(x: x.x - y.x, y: x.y - y.y, width: x.width - y.width, height: x.height - y.height)
        default: return nil
        }
    }
}
