import Glibc

/// Produces the premultiplied source colour of device pixels, row by row: the paint of a
/// gradient or an image, seen through the inverse of the current transform.
@safe final class Shader {
    enum Kind {
        case linear(table: [UInt32], dx: Double, dy: Double, c: Double, before: Bool, after: Bool)
        case radial(
            table: [UInt32], inverse: AffineTransform, c0: Point, r0: Double, c1: Point, r1: Double,
            before: Bool, after: Bool)
        case conic(table: [UInt32], inverse: AffineTransform, center: Point, angle: Double)
        case image(Surface, inverse: AffineTransform, quality: InterpolationQuality, alpha: UInt32)
    }

    let kind: Kind
    /// Scratch for one row, made by the first `shade(x:y:count:)`: a gradient drawn as rows
    /// of one colour never needs it.
    private var scratch: UnsafeMutablePointer<UInt32>?
    private var capacity = 0

    /// The colours of the row last shaded (`shade(x:y:count:)`).
    var row: UnsafeMutablePointer<UInt32> { unsafe scratch! }

    init(_ kind: Kind) {
        self.kind = kind
    }

    deinit { unsafe scratch?.deallocate() }

    /// A shader for a gradient paint under transform `t` with global alpha, or nil when it
    /// draws nothing (no stops, a singular transform, an axis of zero length).
    ///
    /// `rows`, when given, holds every device row the shader will be asked for: a linear
    /// gradient that does not change along rows then works out only the entries of its
    /// table those rows read (a small shape reads a few of them, and a band of a frame its
    /// own), the same as in the whole table.
    static func gradient(
        _ paint: Paint, transform t: AffineTransform, alpha: Double, rows: Range<Int>? = nil
    ) -> Shader? {
        var storage: [UInt32] = []
        return gradient(paint, transform: t, alpha: alpha, rows: rows, reusing: &storage)
    }

    /// `gradient(_:transform:alpha:rows:)`, making a table for a few rows in `storage`
    /// when no shader holds it any more: a small shape then allocates no table.
    static func gradient(
        _ paint: Paint, transform t: AffineTransform, alpha: Double, rows: Range<Int>?,
        reusing storage: inout [UInt32]
    ) -> Shader? {
        guard let inverse = t.inverted() else { return nil }
        switch paint {
        case .color: return nil
        case .linearGradient(let g, let start, let end, let options):
            guard !g.stops.isEmpty, start.isFinite, end.isFinite else { return nil }
            let ax = end.x - start.x
            let ay = end.y - start.y
            let len2 = ax * ax + ay * ay
            if len2 == 0 { return nil }
            // t(p) = ((inverse p) - start) . axis / |axis|^2, affine in the device position.
            let dx = (inverse.a * ax + inverse.b * ay) / len2
            let dy = (inverse.c * ax + inverse.d * ay) / len2
            let c = ((inverse.tx - start.x) * ax + (inverse.ty - start.y) * ay) / len2
            // Two entries per device pixel of the axis are as smooth as 8-bit colour gets.
            let count = tableSize(deviceLength: 1 / max((dx * dx + dy * dy).squareRoot(), 1e-9))
            let before = options.contains(.extendBefore)
            let after = options.contains(.extendAfter)
            let table: [UInt32]
            if dx == 0, let rows, rows.count < count {
                table = entriesRead(
                    of: g, count: count, alpha: alpha, dy: dy, c: c, rows: rows, before, after, storage: &storage)
            } else {
                table = g.table(count: count, alpha: alpha)
            }
            return Shader(.linear(table: table, dx: dx, dy: dy, c: c, before: before, after: after))
        case .radialGradient(let g, let c0, let r0, let c1, let r1, let options):
            guard !g.stops.isEmpty, c0.isFinite, c1.isFinite, r0.isFinite, r1.isFinite else { return nil }
            let length =
                (max(r0, r1) + ((c1.x - c0.x) * (c1.x - c0.x) + (c1.y - c0.y) * (c1.y - c0.y)).squareRoot())
                * t.maximumScale
            return Shader(
                .radial(
                    table: g.table(count: tableSize(deviceLength: length), alpha: alpha), inverse: inverse, c0: c0,
                    r0: max(0, r0), c1: c1,
                    r1: max(0, r1), before: options.contains(.extendBefore),
                    after: options.contains(.extendAfter)))
        case .conicGradient(let g, let center, let angle):
            guard !g.stops.isEmpty, center.isFinite, angle.isFinite else { return nil }
            return Shader(
                .conic(table: g.table(count: 1024, alpha: alpha), inverse: inverse, center: center, angle: angle))
        }
    }

    /// The table of `count` entries of a linear gradient that does not change along rows
    /// (parameter `dy * (y + 0.5) + c`) with the entries that `lookup` reads for rows
    /// `rows` worked out, the others 0: each row's entry is marked as `lookup` picks it,
    /// then the marked ones are filled (`Gradient.fillMarked`).
    private static func entriesRead(
        of g: Gradient, count: Int, alpha: Double, dy: Double, c: Double, rows: Range<Int>, _ before: Bool,
        _ after: Bool, storage: inout [UInt32]
    ) -> [UInt32] {
        // Taken out of `storage`, so that it is mutated in place when no shader holds it.
        var table: [UInt32] = []
        swap(&table, &storage)
        if table.count > count {
            table.removeLast(table.count - count)
        } else if table.count < count {
            table.append(contentsOf: repeatElement(0, count: count - table.count))
        }
        defer { storage = table }
        let last = Double(count - 1)
        // Safe: every index is in 0..<count, `t` being in 0...1 where it is scaled.
        unsafe table.withUnsafeMutableBufferPointer { out in
            unsafe out.update(repeating: 0)
            for y in rows {
                let t = dy * (Double(y) + 0.5) + c
                if t >= 0 && t <= 1 {
                    unsafe out[Int(t * last + 0.5)] = 1
                } else if t < 0 {
                    if before { unsafe out[0] = 1 }
                } else if t > 1 {
                    if after { unsafe out[count - 1] = 1 }
                }
            }
        }
        g.fillMarked(&table, alpha: alpha)
        return table
    }

    /// Entries for a gradient spanning `deviceLength` pixels: two per pixel, 16 to 1024.
    private static func tableSize(deviceLength: Double) -> Int {
        guard deviceLength.isFinite, deviceLength < 512 else { return 1024 }
        return min(1024, max(16, Int(max(deviceLength, 0) * 2) + 2))
    }

    /// The single colour of row `y` when a linear gradient does not change along rows.
    func rowColor(y: Int) -> UInt32? {
        guard case .linear(let table, let dx, let dy, let c, let before, let after) = kind, dx == 0 else { return nil }
        return Shader.lookup(table, dy * (Double(y) + 0.5) + c, Double(table.count - 1), before, after)
    }

    /// Fills `row` with the colours of pixels `x..<x+count` of row `y`.
    func shade(x: Int, y: Int, count: Int) {
        if unsafe count > capacity || scratch == nil {
            unsafe scratch?.deallocate()
            capacity = max(count, 256)
            unsafe scratch = .allocate(capacity: capacity)
        }
        let row = unsafe scratch!
        switch kind {
        case .linear(let table, let dx, let dy, let c, let before, let after):
            let last = Double(table.count - 1)
            var t = dx * (Double(x) + 0.5) + dy * (Double(y) + 0.5) + c
            for i in 0..<count {
                unsafe row[i] = Shader.lookup(table, t, last, before, after)
                t += dx
            }
        case .radial(let table, let inverse, let c0, let r0, let c1, let r1, let before, let after):
            let last = Double(table.count - 1)
            for i in 0..<count {
                let p = inverse.apply(to: Point(x: Double(x + i) + 0.5, y: Double(y) + 0.5))
                if let t = Shader.radialParameter(p, c0, r0, c1, r1, before: before, after: after) {
                    unsafe row[i] = Shader.lookup(table, t, last, true, true)
                } else {
                    unsafe row[i] = 0
                }
            }
        case .conic(let table, let inverse, let center, let angle):
            let last = Double(table.count - 1)
            for i in 0..<count {
                let p = inverse.apply(to: Point(x: Double(x + i) + 0.5, y: Double(y) + 0.5))
                unsafe row[i] = Shader.lookup(table, Shader.conicParameter(p, center, angle), last, true, true)
            }
        case .image(let image, let inverse, let quality, let alpha):
            for i in 0..<count {
                let p = inverse.apply(to: Point(x: Double(x + i) + 0.5, y: Double(y) + 0.5))
                var s = quality == .none ? Shader.nearest(image, p) : Shader.bilinear(image, p)
                if alpha != 255 { s = PixelMath.scale(s, alpha) }
                unsafe row[i] = s
            }
        }
    }

    @inline(__always)
    static func lookup(_ table: [UInt32], _ t: Double, _ last: Double, _ before: Bool, _ after: Bool) -> UInt32 {
        if t >= 0 && t <= 1 { return table[Int(t * last + 0.5)] }
        if t < 0 { return before ? table[0] : 0 }
        if t > 1 { return after ? table[table.count - 1] : 0 }
        // A parameter that is not a number (a geometry at the edge of a Double) paints nothing.
        return 0
    }

    /// The turn from direction `angle` to `p` about `center`, clockwise with y down, in
    /// 0..<1; 0 at the centre itself.
    static func conicParameter(_ p: Point, _ center: Point, _ angle: Double) -> Double {
        let dx = p.x - center.x
        let dy = p.y - center.y
        guard dx != 0 || dy != 0 else { return 0 }
        var t = (atan2(dy, dx) - angle) / (2 * Double.pi)
        t -= t.rounded(.down)
        return t.isFinite ? min(max(t, 0), 1) : 0
    }

    /// The largest t whose circle passes through p with a non-negative radius, limited by
    /// the extend options; nil where nothing is drawn.
    static func radialParameter(
        _ p: Point, _ c0: Point, _ r0: Double, _ c1: Point, _ r1: Double,
        before: Bool, after: Bool
    ) -> Double? {
        // |p - c0 - t (c1 - c0)| = r0 + t (r1 - r0)
        let cdx = c1.x - c0.x
        let cdy = c1.y - c0.y
        let dr = r1 - r0
        let pdx = p.x - c0.x
        let pdy = p.y - c0.y
        let a = cdx * cdx + cdy * cdy - dr * dr
        let b = pdx * cdx + pdy * cdy + r0 * dr
        let c = pdx * pdx + pdy * pdy - r0 * r0
        var candidates: [Double] = []
        if abs(a) < 1e-12 {
            if b != 0 { candidates = [c / (2 * b)] }
        } else {
            let disc = b * b - a * c
            if disc < 0 { return nil }
            let s = disc.squareRoot()
            candidates = [(b + s) / a, (b - s) / a].sorted(by: >)
        }
        for t in candidates where r0 + t * dr >= 0 {
            if t > 1 && !after { continue }
            if t < 0 && !before { continue }
            return t
        }
        return nil
    }

    private static func nearest(_ image: Surface, _ p: Point) -> UInt32 {
        guard p.x.isFinite, p.y.isFinite else { return 0 }
        // Clamped first, the floor is a truncation (and a huge coordinate cannot trap).
        let x = Int(min(max(p.x, 0), Double(image.width - 1)))
        let y = Int(min(max(p.y, 0), Double(image.height - 1)))
        return unsafe image.row(y)[x]
    }

    /// Bilinear sample at `p` in image pixels (pixel centres at half-integers), edges
    /// extended.
    static func bilinear(_ image: Surface, _ p: Point) -> UInt32 {
        guard p.x.isFinite, p.y.isFinite else { return 0 }
        let fx = min(max(p.x - 0.5, 0), Double(image.width - 1))
        let fy = min(max(p.y - 0.5, 0), Double(image.height - 1))
        let x0 = Int(fx)
        let y0 = Int(fy)
        let x1 = min(x0 + 1, image.width - 1)
        let y1 = min(y0 + 1, image.height - 1)
        let wx = UInt32((fx - Double(x0)) * 256 + 0.5)
        let wy = UInt32((fy - Double(y0)) * 256 + 0.5)
        let r0 = unsafe image.row(y0)
        let r1 = unsafe image.row(y1)
        let top = unsafe lerp256(r0[x0], r0[x1], wx)
        let bottom = unsafe lerp256(r1[x0], r1[x1], wx)
        return lerp256(top, bottom, wy)
    }

    /// `a + (b - a) * w / 256` per channel.
    @inline(__always)
    private static func lerp256(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        if w == 0 { return a }
        if w >= 256 { return b }
        let iw = 256 - w
        let rb = (((a & 0x00ff_00ff) * iw + (b & 0x00ff_00ff) * w + 0x0080_0080) >> 8) & 0x00ff_00ff
        let ag = ((((a >> 8) & 0x00ff_00ff) * iw + ((b >> 8) & 0x00ff_00ff) * w + 0x0080_0080) >> 8) & 0x00ff_00ff
        return rb | ag << 8
    }
}

/// Composites a shader's colours onto a surface under the coverage it is given.
struct ShaderPainter: CoverageSink {
    let surface: Surface
    let shader: Shader
    let mode: BlendMode
    let mask: ClipMask?
    /// Read once per shape rather than once per run.
    let rounding = RoundingMultiplier.value
    let wide = WideKernels.available

    /// A rectangle's rows under a gradient that does not change along rows and without a
    /// mask: each row's colour blended as `Compositor.solid` blends it, with the gradient
    /// looked at once for the block, the edge pixels in the same pass (one call of the
    /// AVX2 rectangle loop a row, where there is AVX2).
    mutating func block(rows: Range<Int>, x: Int, count: Int, coverage: UInt8, edges: (left: UInt8, right: UInt8)) {
        let cover = RowCoverage(run: coverage, left: edges.left, right: edges.right)
        guard mask == nil, mode == .normal,
            blendRows(
                rows, x: x, count: count, edges: (edges.left != 0, edges.right != 0), first: cover, inner: cover,
                last: cover)
        else {
            blockBySpans(rows: rows, x: x, count: count, coverage: coverage, edges: edges)
            return
        }
    }

    /// A rectangle's rows as `block` blends them, all three kinds in one pass.
    mutating func rectangle(
        rows: Range<Int>, x: Int, count: Int, first: RowCoverage, inner: RowCoverage,
        last: RowCoverage
    ) {
        let edges = ((first.left | inner.left | last.left) != 0, (first.right | inner.right | last.right) != 0)
        guard mask == nil, mode == .normal,
            blendRows(rows, x: x, count: count, edges: edges, first: first, inner: inner, last: last)
        else {
            rectangleByBlocks(rows: rows, x: x, count: count, first: first, inner: inner, last: last)
            return
        }
    }

    /// Blends rows of a gradient that does not change along rows, the first row covered
    /// as `first` says, the last as `last` and those between as `inner`, with edge pixels
    /// where `edges` says some row has them; false, having drawn nothing, for any other
    /// shader. Call without a mask, in the normal mode.
    @inline(__always)
    private func blendRows(
        _ rows: Range<Int>, x: Int, count: Int, edges: (left: Bool, right: Bool), first: RowCoverage,
        inner: RowCoverage, last: RowCoverage
    ) -> Bool {
        guard case .linear(let table, 0, let dy, let c, let before, let after) = shader.kind else { return false }
        if wide {
            // Each row's colour looked up, scaled by its kind of row's levels and blended
            // in the same call of the AVX2 rectangle loop.
            let levels = (
                first.run, first.left, first.right, inner.run, inner.left, inner.right, last.run, last.left, last.right
            )
            // Safe: the rectangle and its edge pixels lie inside the clip bounds, inside the
            // surface, and each row's `x` pixels before `x` and `rowWords - x` from it in the
            // surface's row; `levels` holds nine bytes.
            unsafe withUnsafeBytes(of: levels) { levels in
                unsafe table.withUnsafeBufferPointer { table in
                    unsafe WideKernels.overGradientRows(
                        surface.row(rows.lowerBound) + x, stride: surface.rowWords, rows: rows.count, count: count,
                        y: rows.lowerBound, table: table, dy: dy, c: c, extends: (before, after),
                        levels: levels.baseAddress!.assumingMemoryBound(to: UInt8.self), edges: edges,
                        room: surface.rowWords - x, lead: x)
                }
            }
            return true
        }
        let lastEntry = Double(table.count - 1)
        @inline(__always) func scaled(_ color: UInt32, _ c: UInt8) -> UInt32 {
            c == 255 ? color : c == 0 ? 0 : PixelMath.scale(color, UInt32(c))
        }
        let top = rows.lowerBound
        let bottom = rows.upperBound - 1
        for y in rows {
            let color = Shader.lookup(table, dy * (Double(y) + 0.5) + c, lastEntry, before, after)
            let cover = y == top ? first : y == bottom ? last : inner
            let s = scaled(color, cover.run)
            // Safe: the rectangle and its edge pixels lie inside the clip bounds, inside
            // the surface.
            let p = unsafe surface.row(y) + x
            if cover.left != 0 {
                unsafe p[-1] = unsafe PixelMath.over(PixelMath.scale(color, UInt32(cover.left)), p[-1])
            }
            if s >> 24 == 255 {
                unsafe p.update(repeating: s, count: count)
            } else if s >> 24 != 0 {
                unsafe Compositor.overSolid(
                    p, count: count, color: s, inverseAlpha: 255 &- (s >> 24), rounding: rounding)
            }
            if cover.right != 0 {
                unsafe p[count] = unsafe PixelMath.over(PixelMath.scale(color, UInt32(cover.right)), p[count])
            }
        }
        return true
    }

    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
        let mask = unsafe mask.map { unsafe UnsafePointer($0.pointer(x, y)) }
        if let color = shader.rowColor(y: y) {
            unsafe Compositor.solid(
                surface.row(y) + x, count: count, color: color, coverage: UInt32(coverage), mask: mask, mode: mode,
                rounding: rounding)
            return
        }
        shader.shade(x: x, y: y, count: count)
        // Safe: runs lie inside the clip bounds, inside the surface.
        unsafe Compositor.row(
            surface.row(y) + x, source: shader.row, count: count, coverage: UInt32(coverage),
            mask: mask, mode: mode)
    }
}
