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
