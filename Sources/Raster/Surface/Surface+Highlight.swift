extension Surface {
    /// The image as a pressed `UIButton` shows it: the image, clipped to its own alpha,
    /// under black at `maskAlpha` (0.46 by default, as `UIButton` looks). A premultiplied
    /// pixel (C, a) becomes C (1 - m a) with alpha a + m a (1 - a): opaque white becomes
    /// 138, a transparent pixel stays transparent.
    public func highlighted(maskAlpha: Double = 0.46) -> Surface {
        let out = try! Surface(width: width, height: height, scale: scale)
        let context = Context(surface: out)
        let bounds = Rect(origin: .zero, size: size)
        context.draw(self, in: bounds)
        context.clip(to: bounds, mask: self)
        context.setFillColor(Color(white: 0, alpha: maskAlpha))
        context.fill(bounds)
        return out
    }
}
