import Glibc
import Raster

/// The shape of a `ShapeView`, rebuilt whenever the view's bounds change (the
/// `ShapePath` of the source document).
///
/// The prepared shapes take the document's `bounds` closure, which says the rectangle to
/// build in; without one, the view's bounds are used. `.custom` builds any path from a
/// closure that may read the view (`[unowned view] in`): it runs on the main actor,
/// whenever the shape is rebuilt.
@MainActor
public struct ShapePath {
    /// The rectangle a prepared shape is built in (the document's `GetBounds`).
    public typealias GetBounds = @MainActor () -> Rect

    /// Where a dialog's arrow sits, and its size: `center` is measured along the side
    /// (from the top for left and right, from the left for top and bottom). The
    /// document's `DialogArrowPosition` and `CuteDialogArrowPosition` in one type.
    public enum ArrowPosition: Sendable, Equatable {
        /// On the left side.
        case left(center: Double, width: Double, height: Double)
        /// On the right side.
        case right(center: Double, width: Double, height: Double)
        /// On the top side.
        case top(center: Double, width: Double, height: Double)
        /// On the bottom side.
        case bottom(center: Double, width: Double, height: Double)
    }

    private let build: @MainActor (inout Path, Rect) -> Void

    private init(_ build: @escaping @MainActor (inout Path, Rect) -> Void) { self.build = build }

    /// A path built by a closure, which adds to the path it is given (`.custom`).
    public static func custom(_ build: @escaping @MainActor (inout Path) -> Void) -> ShapePath {
        ShapePath { p, _ in build(&p) }
    }

    /// A rounded rectangle of the bounds (`.corner`).
    public static func corner(radius: Double, bounds: GetBounds? = nil) -> ShapePath {
        ShapePath { p, b in p.addRoundedRect(in: bounds?() ?? b, cornerRadius: radius) }
    }

    /// A rounded box with a triangular arrow on one side (`.dialog`).
    public static func dialog(radius: Double, arrowPosition: ArrowPosition, bounds: GetBounds? = nil) -> ShapePath {
        ShapePath { p, b in
            let (body, tip) = ShapePath.split(bounds?() ?? b, arrowPosition)
            p.addRoundedRect(in: body, cornerRadius: radius)
            p.move(to: tip[0])
            p.addLine(to: tip[1])
            p.addLine(to: tip[2])
            p.closeSubpath()
        }
    }

    /// A rounded box with a tail of two small bubbles on one side (`.cuteDialog`).
    public static func cuteDialog(radius: Double, arrowPosition: ArrowPosition, bounds: GetBounds? = nil) -> ShapePath {
        ShapePath { p, b in
            let (body, tip) = ShapePath.split(bounds?() ?? b, arrowPosition)
            p.addRoundedRect(in: body, cornerRadius: radius)
            // Two bubbles from the body towards the arrow's tip.
            let base = Point(x: (tip[0].x + tip[2].x) / 2, y: (tip[0].y + tip[2].y) / 2)
            let tipPoint = tip[1]
            let width = tip[0].distance(to: tip[2])
            for (t, k) in [(0.35, 0.32), (0.8, 0.18)] {
                let c = base + (tipPoint - base) * t
                let r = width * k
                p.addEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
            }
        }
    }

    /// A star of `vertex` points inscribed in the bounds, its inner points `extrusion`
    /// points in from the outer circle (`.star`).
    public static func star(vertex: Int, extrusion: Double = 10, bounds: GetBounds? = nil) -> ShapePath {
        ShapePath { p, b in
            let b = bounds?() ?? b
            let n = max(3, min(vertex, 1000))
            let outer = min(b.width, b.height) / 2
            let inner = max(0, outer - (extrusion.isNaN ? 0 : extrusion))
            for k in 0..<(2 * n) {
                let angle = -Double.pi / 2 + Double(k) * Double.pi / Double(n)
                let r = k % 2 == 0 ? outer : inner
                let q = Point(x: b.midX + r * cos(angle), y: b.midY + r * sin(angle))
                if k == 0 { p.move(to: q) } else { p.addLine(to: q) }
            }
            p.closeSubpath()
        }
    }

    /// A rounded rectangle's outline, `outlineWidth` thick (`.hollowCorner`).
    public static func hollowCorner(radius: Double, outlineWidth: Double, bounds: GetBounds? = nil) -> ShapePath {
        ShapePath { p, b in
            let b = bounds?() ?? b
            p.addRoundedRect(in: b, cornerRadius: radius)
            let w = outlineWidth.isNaN ? 0 : max(0, outlineWidth)
            let inner = b.insetBy(dx: w, dy: w)
            if !inner.isNull {
                // The inner outline runs the other way, so the non-zero rule leaves a hole.
                let hole = Path(roundedRect: inner, cornerRadius: max(0, radius - w))
                p.addPath(hole.reversing())
            }
        }
    }

    /// Several shapes together (`.multiple`).
    public static func multiple(_ shapes: ShapePath...) -> ShapePath {
        ShapePath { p, b in
            for s in shapes { p.addPath(s.path(in: b)) }
        }
    }

    /// The shape for a view whose bounds are `b`.
    public func path(in b: Rect) -> Path {
        var p = Path()
        build(&p, b)
        return p
    }

    /// The body rectangle and the arrow's three points (base, tip, base).
    static func split(_ b: Rect, _ arrow: ArrowPosition) -> (Rect, [Point]) {
        switch arrow {
        case .left(let c, let w, let h):
            return (
                Rect(x: b.minX + h, y: b.minY, width: max(0, b.width - h), height: b.height),
                [
                    Point(x: b.minX + h, y: b.minY + c - w / 2), Point(x: b.minX, y: b.minY + c),
                    Point(x: b.minX + h, y: b.minY + c + w / 2)
                ]
            )
        case .right(let c, let w, let h):
            return (
                Rect(x: b.minX, y: b.minY, width: max(0, b.width - h), height: b.height),
                [
                    Point(x: b.maxX - h, y: b.minY + c - w / 2), Point(x: b.maxX, y: b.minY + c),
                    Point(x: b.maxX - h, y: b.minY + c + w / 2)
                ]
            )
        case .top(let c, let w, let h):
            return (
                Rect(x: b.minX, y: b.minY + h, width: b.width, height: max(0, b.height - h)),
                [
                    Point(x: b.minX + c - w / 2, y: b.minY + h), Point(x: b.minX + c, y: b.minY),
                    Point(x: b.minX + c + w / 2, y: b.minY + h)
                ]
            )
        case .bottom(let c, let w, let h):
            return (
                Rect(x: b.minX, y: b.minY, width: b.width, height: max(0, b.height - h)),
                [
                    Point(x: b.minX + c - w / 2, y: b.maxY - h), Point(x: b.minX + c, y: b.maxY),
                    Point(x: b.minX + c + w / 2, y: b.maxY - h)
                ]
            )
        }
    }
}

/// A shadow of a `ShapeView` (the document's `ShapeShadow`): a Gaussian of sigma =
/// `radius`, a colour, an opacity and an offset.
public struct ShapeShadow: Sendable, Equatable {
    /// The blur radius (sigma), in points.
    public var radius: Double
    /// The colour.
    public var color: Color
    /// The opacity, 0...1.
    public var opacity: Double
    /// The offset, y down.
    public var offset: Size

    /// Creates a shadow.
    public init(radius: Double, color: Color, opacity: Double, offset: Size) {
        self.radius = radius
        self.color = color
        self.opacity = opacity
        self.offset = offset
    }
}
