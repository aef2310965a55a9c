extension Context {
    // Core Graphics' setter methods beside the properties they set, so that code written
    // against CGContext runs as written; each behaves as the property's setter does
    // (invalid values ignored).

    /// Sets `lineWidth` (`setLineWidth(_:)`).
    public func setLineWidth(_ width: Double) { lineWidth = width }

    /// Sets `lineCap` (`setLineCap(_:)`).
    public func setLineCap(_ cap: LineCap) { lineCap = cap }

    /// Sets `lineJoin` (`setLineJoin(_:)`).
    public func setLineJoin(_ join: LineJoin) { lineJoin = join }

    /// Sets `miterLimit` (`setMiterLimit(_:)`).
    public func setMiterLimit(_ limit: Double) { miterLimit = limit }

    /// Sets `alpha` (`setAlpha(_:)`).
    public func setAlpha(_ alpha: Double) { self.alpha = alpha }

    /// Sets `blendMode` (`setBlendMode(_:)`).
    public func setBlendMode(_ mode: BlendMode) { blendMode = mode }

    /// Sets `interpolationQuality` (`interpolationQuality`, a property in Core Graphics too).
    public func setInterpolationQuality(_ quality: InterpolationQuality) { interpolationQuality = quality }
}
