import Raster

/// The values of a layer's properties that can change how it looks: the model the code
/// sets. Kept together so that a presentation copy is one value.
struct LayerState: Equatable {
    var bounds: Rect = .zero
    var position: Point = .zero
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var transform: Transform3D = .identity
    var sublayerTransform: Transform3D = .identity
    var anchorPointZ = 0.0
    var isDoubleSided = true
    var isGeometryFlipped = false
    var zPosition = 0.0
    var isHidden = false
    var opacity = 1.0
    var backgroundColor: Color?
    var cornerRadius = 0.0
    var maskedCorners: CornerMask = .all
    var cornerCurve: CornerCurve = .circular
    var borderWidth = 0.0
    var borderColor: Color = .black
    var shadowColor: Color = .black
    var shadowOpacity = 0.0
    var shadowOffset = Size(width: 0, height: -3)
    var shadowRadius = 3.0
    var shadowPath: Path?
    var masksToBounds = false
    var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
    var contentsGravity: ContentsGravity = .resize
    var contentsScale = 1.0
    // ShapeLayer's animatable properties.
    var path: Path?
    var fillColor: Color? = .black
    var strokeColor: Color?
    var lineWidth = 1.0
    var miterLimit = 10.0
    var lineDashPhase = 0.0
    var strokeStart = 0.0
    var strokeEnd = 1.0
    // GradientLayer's animatable properties.
    var colors: [Color]?
    var locations: [Double]?
    var startPoint = Point(x: 0.5, y: 0)
    var endPoint = Point(x: 0.5, y: 1)
}

extension LayerState {
    /// The map from the layer's coordinates to its superlayer's for these values:
    /// `p -> position + T(p - anchor)`, the anchor being `anchorPoint` in the bounds.
    /// The map from the layer's coordinates to its superlayer's, flattened:
    /// `p -> position + T(p - anchor)` in space, then `parent` (the superlayer's sublayer
    /// transform about its anchor, nil for none), the depth dropped. Static, and given
    /// the fields it reads, so that a layer's state is read in place, not copied.
    static func toSuperlayer(
        bounds: Rect, anchorPoint: Point, position: Point, transform: Transform3D,
        anchorPointZ: Double, zPosition: Double, flipped: Bool,
        through parent: Transform3D?
    ) -> ProjectiveTransform {
        let a = Point(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
        if parent == nil, !flipped, transform.isAffine {
            if transform.isIdentity {
                return ProjectiveTransform(AffineTransform(translationX: position.x - a.x, y: position.y - a.y))
            }
            return ProjectiveTransform(
                AffineTransform(translationX: -a.x, y: -a.y).concatenating(transform.affineTransform)
                    .concatenating(AffineTransform(translationX: position.x, y: position.y)))
        }
        var m = Transform3D(translationX: -a.x, y: -a.y, z: -anchorPointZ).concatenating(transform)
            .concatenating(Transform3D(translationX: position.x, y: position.y, z: zPosition))
        if flipped {
            // The layer's own geometry y up: its bounds mirrored top to bottom first.
            m = Transform3D(scaleX: 1, y: -1, z: 1).concatenating(
                Transform3D(translationX: 0, y: bounds.minY + bounds.maxY, z: 0)
            )
            .concatenating(m)
        }
        if let parent { m = m.concatenating(parent) }
        return m.flattened
    }

    /// The sublayer transform about the anchor point, as it applies to the sublayers; nil
    /// when it is the identity.
    var sublayerMap: Transform3D? {
        guard !sublayerTransform.isIdentity else { return nil }
        let a = Point(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
        return Transform3D(translationX: -a.x, y: -a.y, z: 0).concatenating(sublayerTransform)
            .concatenating(Transform3D(translationX: a.x, y: a.y, z: 0))
    }
}

extension Rect {
    /// The rectangle with NaN and infinite values made 0 and negative sizes made 0.
    var sanitized: Rect {
        func f(_ v: Double) -> Double { v.isFinite ? v : 0 }
        return Rect(x: f(x), y: f(y), width: max(0, f(width)), height: max(0, f(height)))
    }
}

extension AffineTransform {
    var isFinite: Bool { [a, b, c, d, tx, ty].allSatisfy(\.isFinite) }
}
