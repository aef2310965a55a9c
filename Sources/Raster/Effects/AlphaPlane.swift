/// Coverage or alpha values 0...1 over a rectangle of device pixels: the working mask
/// of shadows.
struct AlphaPlane {
    let bounds: IntRect
    var values: [Float]

    init(bounds: IntRect) {
        self.bounds = bounds
        values = [Float](repeating: 0, count: bounds.width * bounds.height)
    }

    /// The value at device pixel (x, y), 0 outside.
    @inline(__always)
    func value(_ x: Int, _ y: Int) -> Float {
        guard x >= bounds.x0, x < bounds.x1, y >= bounds.y0, y < bounds.y1 else { return 0 }
        return values[(y - bounds.y0) * bounds.width + (x - bounds.x0)]
    }

    mutating func blur(sigma: Double) {
        GaussianBlur.blur(&values, width: bounds.width, height: bounds.height, sigma: sigma, edges: .zero)
    }

    /// Adds the alpha of `surface`, placed with its origin at device pixel `origin`,
    /// over the device pixels of `region` (inside this plane, and inside the surface once
    /// moved back by the origin).
    mutating func add(alphaOf surface: Surface, at origin: (x: Int, y: Int), over region: IntRect) {
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
    func shadowCoverage(style: ShadowStyle, keep: AlphaPlane?, limit: IntRect) -> CoverageMask {
        let plane = self
        let reach = IntRect(x0: plane.bounds.x0 + Int(style.dx.rounded(.down)),
                            y0: plane.bounds.y0 + Int(style.dy.rounded(.down)),
                            x1: plane.bounds.x1 + Int(style.dx.rounded(.up)),
                            y1: plane.bounds.y1 + Int(style.dy.rounded(.up)))
        let box = reach.intersection(limit)
        guard !box.isEmpty else { return CoverageMask(bounds: .empty, bytes: []) }
        var bytes = [UInt8](repeating: 0, count: box.width * box.height)
        // Pixel (x, y) shows the plane at (x - dx, y - dy): whole-pixel offsets `ox`, `oy`
        // and bilinear weights `wx`, `wy` for the fraction.
        let fx = (-style.dx).rounded(.down), fy = (-style.dy).rounded(.down)
        let ox = Int(fx), oy = Int(fy)
        let wx = Float(-style.dx - fx), wy = Float(-style.dy - fy)
        let pb = plane.bounds
        unsafe plane.values.withUnsafeBufferPointer { values in
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
        return CoverageMask(bounds: box, bytes: bytes)
    }

}

/// Writes scan-converted coverage into an alpha plane.
struct PlaneWriter: CoverageSink {
    var plane: AlphaPlane

    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
        let v = Float(coverage) / 255
        let start = (y - plane.bounds.y0) * plane.bounds.width + (x - plane.bounds.x0)
        for i in 0..<count { plane.values[start + i] = v }
    }

}
