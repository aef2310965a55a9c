/// A resolution-independent shape made of subpaths of lines and Bézier curves
/// (`CGMutablePath` / `UIBezierPath`), in user coordinates, y down.
///
/// Invalid input never enters a path: a call whose points are not finite (NaN or
/// infinite) is ignored, and so is a line or curve before any `move(to:)` (where
/// Core Graphics logs an error), except that such a first call starts the subpath
/// at its end point instead.
public struct Path: Hashable, Sendable {
    /// The elements, in order.
    public private(set) var elements: [PathElement] = []
    /// The end of the last element, or nil when the path is empty (`currentPoint`).
    public private(set) var currentPoint: Point?
    private var subpathStart: Point = .zero

    /// Creates an empty path.
    public init() {}

    /// Whether the path has no elements (`CGPathIsEmpty`).
    public var isEmpty: Bool { elements.isEmpty }

    /// Appends one element. A path's first element makes room for eight: a small shape
    /// built by hand (a star, an arrow) then allocates once, not at one, two, four and
    /// eight elements.
    private mutating func append(_ element: PathElement) {
        if elements.capacity == 0 { elements.reserveCapacity(8) }
        elements.append(element)
    }

    /// Appends a closed subpath that a shape's builder made, `shape` starting with a move
    /// to `start` and ending with a close: the same as adding its elements one by one.
    /// When the builder has found every coordinate `finite`, the checks of those calls
    /// are left out, and an empty path takes `shape` as its elements, so that
    /// `Path(ellipseIn:)` and the like allocate once.
    mutating func appendClosedSubpath(_ shape: [PathElement], start: Point, finite: Bool) {
        if !finite {
            for e in shape { add(e) }
            return
        }
        if elements.isEmpty {
            elements = shape
        } else {
            if case .move = elements.last { elements.removeLast() }
            elements.append(contentsOf: shape)
        }
        currentPoint = start
        subpathStart = start
    }

    /// Starts a new subpath at `point` (`CGPathMoveToPoint`).
    public mutating func move(to point: Point) {
        guard point.isFinite else { return }
        if case .move = elements.last { elements.removeLast() }
        append(.move(to: point))
        currentPoint = point
        subpathStart = point
    }

    /// Adds a line from the current point to `point` (`CGPathAddLineToPoint`).
    public mutating func addLine(to point: Point) {
        guard point.isFinite else { return }
        guard currentPoint != nil else { return move(to: point) }
        append(.line(to: point))
        currentPoint = point
    }

    /// Adds a quadratic curve to `point` bent towards `control` (`CGPathAddQuadCurveToPoint`).
    public mutating func addQuadCurve(to point: Point, control: Point) {
        guard point.isFinite, control.isFinite else { return }
        guard currentPoint != nil else { return move(to: point) }
        append(.quadCurve(to: point, control: control))
        currentPoint = point
    }

    /// Adds a cubic curve to `point` with two control points (`CGPathAddCurveToPoint`).
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        guard point.isFinite, control1.isFinite, control2.isFinite else { return }
        guard currentPoint != nil else { return move(to: point) }
        append(.curve(to: point, control1: control1, control2: control2))
        currentPoint = point
    }

    /// Closes the current subpath with a line to its start (`CGPathCloseSubpath`);
    /// the current point becomes that start. Nothing happens on an empty path.
    public mutating func closeSubpath() {
        guard currentPoint != nil else { return }
        if case .closeSubpath = elements.last { return }
        append(.closeSubpath)
        currentPoint = subpathStart
    }

    /// Appends all the elements of another path (`CGPathAddPath`).
    public mutating func addPath(_ other: Path) {
        for e in other.elements { add(e) }
    }

    /// Adds one element through the checks of its method.
    private mutating func add(_ e: PathElement) {
        switch e {
        case .move(let p): move(to: p)
        case .line(let p): addLine(to: p)
        case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
        case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
        case .closeSubpath: closeSubpath()
        }
    }

    /// Appends `other`, which starts with a move to this path's current point, as a
    /// continuation of the current subpath: its first move is left out (when there is a
    /// current point), the rest appended as they are.
    mutating func continueSubpath(with other: Path) {
        var elements = other.elements[...]
        if currentPoint != nil, case .move = elements.first { elements = elements.dropFirst() }
        for e in elements { add(e) }
    }

    /// A copy with every point mapped through `transform` (`CGPathCreateCopyByTransformingPath`).
    /// Points that the transform makes non-finite drop their elements, as on input.
    public func applying(_ transform: AffineTransform) -> Path {
        var out = Path()
        out.addPath(Path(unchecked: elements.map { $0.applying(transform) }))
        return out
    }

    private init(unchecked elements: [PathElement]) {
        self.elements = elements
    }

    /// The smallest rectangle holding every point of the path, control points included
    /// (`CGPathGetBoundingBox`); `Rect.null` for an empty path.
    public var boundingBox: Rect {
        var x0 = Double.infinity
        var y0 = Double.infinity
        var x1 = -Double.infinity
        var y1 = -Double.infinity
        func add(_ p: Point) {
            x0 = min(x0, p.x)
            y0 = min(y0, p.y)
            x1 = max(x1, p.x)
            y1 = max(y1, p.y)
        }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let p, let c):
                add(p)
                add(c)
            case .curve(let p, let c1, let c2):
                add(p)
                add(c1)
                add(c2)
            case .closeSubpath: break
            }
        }
        return x0 > x1 ? .null : Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
