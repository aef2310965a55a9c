/// Coverage or alpha values 0...1 over a rectangle of device pixels: the working mask
/// of shadows. Copies share their values; `copy()` makes separate ones.
struct AlphaPlane {
    let bounds: IntRect
    let values: PlaneBuffer<Float>

    /// A plane of zeros over `bounds`.
    ///
    /// - Throws: `RasterError.outOfMemory` when its memory cannot be had.
    init(bounds: IntRect) throws(RasterError) {
        self.bounds = bounds
        values = try PlaneBuffer(zeros: bounds.width * bounds.height)
    }

    private init(bounds: IntRect, values: PlaneBuffer<Float>) {
        self.bounds = bounds
        self.values = values
    }

    /// A plane of the same values in memory of its own.
    func copy() throws(RasterError) -> AlphaPlane { AlphaPlane(bounds: bounds, values: try values.copy()) }

    /// Each value v becomes 1 - v.
    func invert() {
        for i in 0..<values.count { values[i] = 1 - values[i] }
    }

    /// The value at device pixel (x, y), 0 outside.
    @inline(__always)
    func value(_ x: Int, _ y: Int) -> Float {
        guard x >= bounds.x0, x < bounds.x1, y >= bounds.y0, y < bounds.y1 else { return 0 }
        return values[(y - bounds.y0) * bounds.width + (x - bounds.x0)]
    }

    /// Blurs the values in place, zeros beyond the bounds.
    ///
    /// - Throws: `RasterError.outOfMemory` when the blur's scratch cannot be had.
    func blur(sigma: Double, edges: GaussianBlur.Edges = .zero) throws(RasterError) {
        try unsafe GaussianBlur.blur(
            values.pointer, width: bounds.width, height: bounds.height, sigma: sigma, edges: edges)
    }

    /// Adds the alpha of `surface`, placed with its origin at device pixel `origin`,
    /// over the device pixels of `region` (inside this plane, and inside the surface once
    /// moved back by the origin).
    func add(alphaOf surface: Surface, at origin: (x: Int, y: Int), over region: IntRect) {
        for y in region.y0..<region.y1 {
            // Safe: the rows of `region`, moved back by the origin, lie inside the surface.
            let row = unsafe surface.row(y - origin.y)
            for x in region.x0..<region.x1 {
                values[(y - bounds.y0) * bounds.width + (x - bounds.x0)] = unsafe Float(row[x - origin.x] >> 24) / 255
            }
        }
    }

    /// The 8-bit coverage of a shadow: the plane moved by the offset (bilinear for a
    /// fraction of a pixel), times `keep`, over the pixels it reaches within `limit`.
    ///
    /// - Throws: `RasterError.outOfMemory` when the coverage's memory cannot be had.
    func shadowCoverage(style: ShadowStyle, keep: AlphaPlane?, limit: IntRect) throws(RasterError) -> CoverageMask {
        let plane = self
        let reach = IntRect(
            x0: plane.bounds.x0 + Int(style.dx.rounded(.down)),
            y0: plane.bounds.y0 + Int(style.dy.rounded(.down)),
            x1: plane.bounds.x1 + Int(style.dx.rounded(.up)),
            y1: plane.bounds.y1 + Int(style.dy.rounded(.up)))
        let box = reach.intersection(limit)
        let mask = try CoverageMask(bounds: box.isEmpty ? .empty : box)
        guard !box.isEmpty else { return mask }
        let bytes = mask.bytes
        // Pixel (x, y) shows the plane at (x - dx, y - dy): whole-pixel offsets `ox`, `oy`
        // and bilinear weights `wx`, `wy` for the fraction.
        let fx = (-style.dx).rounded(.down)
        let fy = (-style.dy).rounded(.down)
        let ox = Int(fx)
        let oy = Int(fy)
        let wx = Float(-style.dx - fx)
        let wy = Float(-style.dy - fy)
        let pb = plane.bounds
        do {
            let values = unsafe plane.values.pointer
            @inline(__always) func at(_ x: Int, _ y: Int) -> Float {
                guard x >= pb.x0, x < pb.x1, y >= pb.y0, y < pb.y1 else { return 0 }
                return unsafe values[(y - pb.y0) * pb.width + (x - pb.x0)]
            }
            for y in box.y0..<box.y1 {
                let sy = y + oy
                let row = (y - box.y0) * box.width - box.x0
                for x in box.x0..<box.x1 {
                    let sx = x + ox
                    var v = at(sx, sy)
                    if wx != 0 || wy != 0 {
                        let top = v * (1 - wx) + at(sx + 1, sy) * wx
                        let bottom = at(sx, sy + 1) * (1 - wx) + at(sx + 1, sy + 1) * wx
                        v = top * (1 - wy) + bottom * wy
                    }
                    if let keep { v *= keep.value(x, y) }
                    bytes[row + x] = UInt8(min(max(v, 0), 1) * 255 + 0.5)
                }
            }
        }
        return mask
    }

}

/// Writes scan-converted coverage into an alpha plane.
struct PlaneWriter: CoverageSink {
    let plane: AlphaPlane

    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
        let v = Float(coverage) / 255
        let start = (y - plane.bounds.y0) * plane.bounds.width + (x - plane.bounds.x0)
        for i in 0..<count { plane.values[start + i] = v }
    }

}
