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

    /// The bilinear value at a device position given by pixel (x, y) less (dx, dy).
    func shifted(_ x: Int, _ y: Int, dx: Double, dy: Double) -> Float {
        let fx = Double(x) - dx, fy = Double(y) - dy
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let wx = Float(fx - Double(x0)), wy = Float(fy - Double(y0))
        if wx == 0 && wy == 0 { return value(x0, y0) }
        let top = value(x0, y0) * (1 - wx) + value(x0 + 1, y0) * wx
        let bottom = value(x0, y0 + 1) * (1 - wx) + value(x0 + 1, y0 + 1) * wx
        return top * (1 - wy) + bottom * wy
    }

    mutating func blur(sigma: Double) {
        GaussianBlur.blur(&values, width: bounds.width, height: bounds.height, sigma: sigma, edges: .zero)
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
