import Glibc

extension Path {
    /// Adds a circular arc under `UIBezierPath`'s name
    /// (`addArc(withCenter:radius:startAngle:endAngle:clockwise:)`): the same as
    /// `addArc(center:radius:startAngle:endAngle:clockwise:)`.
    public mutating func addArc(
        withCenter center: Point, radius: Double, startAngle: Double, endAngle: Double,
        clockwise: Bool
    ) {
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Adds a circular arc (`UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)`).
    ///
    /// Angles are in radians from the positive x axis. `clockwise` means clockwise **as seen
    /// on screen** in this y-down space, as in UIKit: start 0, end pi, clockwise draws the
    /// bottom half. A sweep of 2 pi or more draws the full circle. With a current point,
    /// a line joins it to the arc's start; otherwise the arc starts a subpath.
    /// A negative or NaN radius counts as 0; non-finite angles or centre are ignored.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        guard center.isFinite, startAngle.isFinite, endAngle.isFinite else { return }
        let r = radius.isNaN ? 0 : max(radius, 0)
        guard r.isFinite else { return }
        let twoPi = 2 * Double.pi
        let diff = endAngle - startAngle
        var sweep: Double
        if clockwise {
            sweep = diff >= twoPi ? twoPi : fmod(diff, twoPi)
            if sweep < 0 { sweep += twoPi }
        } else {
            sweep = diff <= -twoPi ? -twoPi : fmod(diff, twoPi)
            if sweep > 0 { sweep -= twoPi }
        }
        appendArc(center: center, radius: r, start: startAngle, sweep: sweep)
    }

    /// Adds an arc tangent to two lines (`CGPathAddArcToPoint`): a line from the current
    /// point to the tangent point on the line towards `tangent1End`, then the arc of less
    /// than 180 degrees to the tangent point on the line from `tangent1End` to `tangent2End`.
    ///
    /// When the three points are collinear, coincide, or the radius is 0, only the line to
    /// `tangent1End` is added, as Core Graphics does. Without a current point, the subpath
    /// starts at `tangent1End`.
    public mutating func addArc(tangent1End p1: Point, tangent2End p2: Point, radius: Double) {
        guard p1.isFinite, p2.isFinite else { return }
        guard let p0 = currentPoint else { return move(to: p1) }
        let r = radius.isNaN ? 0 : max(radius, 0)
        let u = p0 - p1
        let v = p2 - p1
        let lu = (u.x * u.x + u.y * u.y).squareRoot()
        let lv = (v.x * v.x + v.y * v.y).squareRoot()
        let cross = u.x * v.y - u.y * v.x
        guard r > 0, r.isFinite, lu > 0, lv > 0, abs(cross) > 1e-12 * lu * lv else { return addLine(to: p1) }
        let un = u * (1 / lu)
        let vn = v * (1 / lv)
        let cosTheta = max(-1, min(1, un.x * vn.x + un.y * vn.y))
        let theta = acos(cosTheta)
        let d = r / tan(theta / 2)
        let t1 = p1 + un * d
        let t2 = p1 + vn * d
        let bis = un + vn
        let lb = (bis.x * bis.x + bis.y * bis.y).squareRoot()
        let center = p1 + bis * (r / sin(theta / 2) / lb)
        let a1 = atan2(t1.y - center.y, t1.x - center.x)
        let a2 = atan2(t2.y - center.y, t2.x - center.x)
        var sweep = a2 - a1
        if sweep > Double.pi { sweep -= 2 * Double.pi }
        if sweep < -Double.pi { sweep += 2 * Double.pi }
        appendArc(center: center, radius: r, start: a1, sweep: sweep)
    }

    /// Appends an arc as cubic curves of at most a quarter turn each, joined to the current
    /// point by a line when there is one.
    private mutating func appendArc(center: Point, radius r: Double, start: Double, sweep: Double) {
        let startPoint = Point(x: center.x + r * cos(start), y: center.y + r * sin(start))
        if currentPoint == nil { move(to: startPoint) } else { addLine(to: startPoint) }
        if sweep == 0 || r == 0 { return }
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a = start
        for i in 0..<pieces {
            let b = i == pieces - 1 ? start + sweep : a + step
            let ca = cos(a)
            let sa = sin(a)
            let cb = cos(b)
            let sb = sin(b)
            let c1 = Point(x: center.x + r * (ca - k * sa), y: center.y + r * (sa + k * ca))
            let c2 = Point(x: center.x + r * (cb + k * sb), y: center.y + r * (sb - k * cb))
            addCurve(to: Point(x: center.x + r * cb, y: center.y + r * sb), control1: c1, control2: c2)
            a = b
        }
    }
}
