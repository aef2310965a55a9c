extension Surface {
    /// Paints `source` seen through a projective map into this surface, where it holds a
    /// coverage mask: each pixel's alpha (a shape filled in white) becomes the coverage of
    /// the colour that `source` has, sampled bilinearly, at the point that `toSource` maps
    /// the pixel's centre to. This surface's pixel (0, 0) is the device pixel
    /// (`originX`, `originY`); `toSource` maps device points to `source`'s pixels.
    /// Pixels whose centre maps behind the eye are left clear.
    package func warp(_ source: Surface, toSource: ProjectiveTransform, originX: Int, originY: Int) {
        willWrite()
        for y in 0..<height {
            let row = unsafe self.row(y)
            let cy = Double(originY + y) + 0.5
            for x in 0..<width {
                let coverage = unsafe row[x] >> 24
                guard coverage > 0 else { continue }
                guard let p = toSource.apply(to: Point(x: Double(originX + x) + 0.5, y: cy)) else {
                    unsafe row[x] = 0
                    continue
                }
                let s = Shader.bilinear(source, p)
                unsafe row[x] = coverage == 255 ? s : PixelMath.scale(s, coverage)
            }
        }
    }
}
