import Glibc
import Raster

extension LayerState {
    /// The value at a Core Animation key path (`opacity`, `position.x`,
    /// `transform.rotation.z`, `bounds.size.width`, ...), or nil for a path that names no
    /// animatable property.
    func value(forKeyPath key: String) -> Any? {
        switch key {
        case "bounds": return bounds
        case "bounds.origin": return bounds.origin
        case "bounds.size": return bounds.size
        case "bounds.origin.x": return bounds.x
        case "bounds.origin.y": return bounds.y
        case "bounds.size.width": return bounds.width
        case "bounds.size.height": return bounds.height
        case "position": return position
        case "position.x": return position.x
        case "position.y": return position.y
        case "anchorPoint": return anchorPoint
        case "zPosition": return zPosition
        case "transform": return transform
        case "sublayerTransform": return sublayerTransform
        case "anchorPointZ": return anchorPointZ
        case "transform.rotation", "transform.rotation.z": return TransformParts(transform.affineTransform).rotation
        case "transform.rotation.x", "transform.rotation.y": return 0.0
        case "transform.scale": return TransformParts(transform.affineTransform).scaleX
        case "transform.scale.x": return TransformParts(transform.affineTransform).scaleX
        case "transform.scale.y": return TransformParts(transform.affineTransform).scaleY
        case "transform.translation.x": return transform.m41
        case "transform.translation.y": return transform.m42
        case "transform.translation.z": return transform.m43
        case "opacity": return opacity
        case "hidden", "isHidden": return isHidden
        case "backgroundColor": return backgroundColor
        case "cornerRadius": return cornerRadius
        case "borderWidth": return borderWidth
        case "borderColor": return borderColor
        case "shadowColor": return shadowColor
        case "shadowOpacity": return shadowOpacity
        case "shadowOffset": return shadowOffset
        case "shadowRadius": return shadowRadius
        case "shadowPath": return shadowPath
        case "contentsRect": return contentsRect
        case "path": return path
        case "fillColor": return fillColor
        case "strokeColor": return strokeColor
        case "lineWidth": return lineWidth
        case "miterLimit": return miterLimit
        case "lineDashPhase": return lineDashPhase
        case "strokeStart": return strokeStart
        case "strokeEnd": return strokeEnd
        case "colors": return colors
        case "locations": return locations
        case "startPoint": return startPoint
        case "endPoint": return endPoint
        default: return nil
        }
    }

    /// Sets the value at a key path, when it has the property's type; false otherwise.
    @discardableResult
    mutating func setValue(_ value: Any?, forKeyPath key: String) -> Bool {
        func d() -> Double? {
            (value as? Double) ?? (value as? Float).map(Double.init) ?? (value as? Int).map(Double.init)
        }
        switch key {
        case "bounds":
            guard let v = value as? Rect else { return false }
            bounds = v.sanitized
        case "bounds.origin":
            guard let v = value as? Point else { return false }
            bounds.origin = v
        case "bounds.size":
            guard let v = value as? Size else { return false }
            bounds.size = v
        case "bounds.origin.x":
            guard let v = d() else { return false }
            bounds.origin.x = v
        case "bounds.origin.y":
            guard let v = d() else { return false }
            bounds.origin.y = v
        case "bounds.size.width":
            guard let v = d() else { return false }
            bounds.size.width = max(0, v)
        case "bounds.size.height":
            guard let v = d() else { return false }
            bounds.size.height = max(0, v)
        case "position":
            guard let v = value as? Point else { return false }
            position = v
        case "position.x":
            guard let v = d() else { return false }
            position.x = v
        case "position.y":
            guard let v = d() else { return false }
            position.y = v
        case "anchorPoint":
            guard let v = value as? Point else { return false }
            anchorPoint = v
        case "zPosition":
            guard let v = d() else { return false }
            zPosition = v
        case "transform":
            if let v = value as? Transform3D {
                transform = v
            } else if let v = value as? AffineTransform {
                transform = Transform3D(v)
            } else {
                return false
            }
        case "sublayerTransform":
            guard let v = value as? Transform3D else { return false }
            sublayerTransform = v
        case "anchorPointZ":
            guard let v = d() else { return false }
            anchorPointZ = v
        case "transform.rotation", "transform.rotation.z":
            guard let v = d() else { return false }
            setPlanePart { $0.rotation = v }
        case "transform.rotation.x", "transform.rotation.y":
            // Core Animation keeps the turn about x or y as a part of its own; here the
            // turn is applied before the model transform, which is what an animation of
            // it from the identity shows.
            guard let v = d() else { return false }
            let axis: (Double, Double) = key.hasSuffix("x") ? (1, 0) : (0, 1)
            transform = transform.rotated(by: v, x: axis.0, y: axis.1, z: 0)
        case "transform.scale":
            guard let v = d() else { return false }
            setPlanePart {
                $0.scaleX = v
                $0.scaleY = v
            }
        case "transform.scale.x":
            guard let v = d() else { return false }
            setPlanePart { $0.scaleX = v }
        case "transform.scale.y":
            guard let v = d() else { return false }
            setPlanePart { $0.scaleY = v }
        case "transform.translation.x":
            guard let v = d() else { return false }
            transform.m41 = v
        case "transform.translation.y":
            guard let v = d() else { return false }
            transform.m42 = v
        case "transform.translation.z":
            guard let v = d() else { return false }
            transform.m43 = v
        case "opacity":
            guard let v = d() else { return false }
            opacity = min(max(v, 0), 1)
        case "hidden", "isHidden":
            guard let v = value as? Bool else { return false }
            isHidden = v
        case "backgroundColor":
            guard value == nil || value is Color else { return false }
            backgroundColor = value as? Color
        case "cornerRadius":
            guard let v = d() else { return false }
            cornerRadius = max(0, v)
        case "borderWidth":
            guard let v = d() else { return false }
            borderWidth = max(0, v)
        case "borderColor":
            guard let v = value as? Color else { return false }
            borderColor = v
        case "shadowColor":
            guard let v = value as? Color else { return false }
            shadowColor = v
        case "shadowOpacity":
            guard let v = d() else { return false }
            shadowOpacity = min(max(v, 0), 1)
        case "shadowOffset":
            guard let v = value as? Size else { return false }
            shadowOffset = v
        case "shadowRadius":
            guard let v = d() else { return false }
            shadowRadius = max(0, v)
        case "shadowPath":
            guard value == nil || value is Path else { return false }
            shadowPath = value as? Path
        case "contentsRect":
            guard let v = value as? Rect else { return false }
            contentsRect = v
        case "path":
            guard value == nil || value is Path else { return false }
            path = value as? Path
        case "fillColor":
            guard value == nil || value is Color else { return false }
            fillColor = value as? Color
        case "strokeColor":
            guard value == nil || value is Color else { return false }
            strokeColor = value as? Color
        case "lineWidth":
            guard let v = d() else { return false }
            lineWidth = max(0, v)
        case "miterLimit":
            guard let v = d() else { return false }
            miterLimit = v
        case "lineDashPhase":
            guard let v = d() else { return false }
            lineDashPhase = v
        case "strokeStart":
            guard let v = d() else { return false }
            strokeStart = min(max(v, 0), 1)
        case "strokeEnd":
            guard let v = d() else { return false }
            strokeEnd = min(max(v, 0), 1)
        case "colors":
            guard value == nil || value is [Color] else { return false }
            colors = value as? [Color]
        case "locations":
            guard value == nil || value is [Double] else { return false }
            locations = value as? [Double]
        case "startPoint":
            guard let v = value as? Point else { return false }
            startPoint = v
        case "endPoint":
            guard let v = value as? Point else { return false }
            endPoint = v
        default: return false
        }
        return true
    }
}

/// A 2-D transform as translation, rotation, scale and shear, so that a turn
/// interpolates as a turn (Core Animation's decomposition, in two dimensions).
extension LayerState {
    /// Changes the parts of the transform in the plane (turn, scale, shear, translation),
    /// keeping its depth and perspective.
    fileprivate mutating func setPlanePart(_ change: (inout TransformParts) -> Void) {
        var p = TransformParts(transform.affineTransform)
        change(&p)
        let a = p.transform
        transform.m11 = a.a
        transform.m12 = a.b
        transform.m21 = a.c
        transform.m22 = a.d
        transform.m41 = a.tx
        transform.m42 = a.ty
    }
}

struct TransformParts {
    var tx = 0.0, ty = 0.0, rotation = 0.0, scaleX = 1.0, scaleY = 1.0, shear = 0.0

    init(_ t: AffineTransform) {
        tx = t.tx
        ty = t.ty
        scaleX = (t.a * t.a + t.b * t.b).squareRoot()
        rotation = scaleX == 0 ? 0 : atan2(t.b, t.a)
        let det = t.a * t.d - t.b * t.c
        scaleY = scaleX == 0 ? (t.c * t.c + t.d * t.d).squareRoot() : det / scaleX
        shear = scaleX == 0 ? 0 : (t.a * t.c + t.b * t.d) / (scaleX * scaleX)
    }

    init() {}

    /// The transform: scale and shear, then the turn, then the translation.
    var transform: AffineTransform {
        let c = cos(rotation)
        let s = sin(rotation)
        // [sx, 0; shear*sx... ] as columns: first column (sx, 0), second (shear*sx, sy).
        let a0 = scaleX
        let b0 = 0.0
        let c0 = shear * scaleX
        let d0 = scaleY
        return AffineTransform(
            a: c * a0 - s * b0, b: s * a0 + c * b0, c: c * c0 - s * d0, d: s * c0 + c * d0, tx: tx, ty: ty)
    }
}

extension Layer {
    /// The Core Animation names of the model's animatable properties.
    static let animatableNames: [PartialKeyPath<LayerState>: String] = [
        \LayerState.bounds: "bounds", \LayerState.position: "position", \LayerState.anchorPoint: "anchorPoint",
        \LayerState.transform: "transform", \LayerState.sublayerTransform: "sublayerTransform",
        \LayerState.anchorPointZ: "anchorPointZ",
        \LayerState.zPosition: "zPosition", \LayerState.isHidden: "hidden",
        \LayerState.opacity: "opacity", \LayerState.backgroundColor: "backgroundColor",
        \LayerState.cornerRadius: "cornerRadius", \LayerState.borderWidth: "borderWidth",
        \LayerState.borderColor: "borderColor", \LayerState.shadowColor: "shadowColor",
        \LayerState.shadowOpacity: "shadowOpacity", \LayerState.shadowOffset: "shadowOffset",
        \LayerState.shadowRadius: "shadowRadius", \LayerState.shadowPath: "shadowPath",
        \LayerState.contentsRect: "contentsRect", \LayerState.path: "path", \LayerState.fillColor: "fillColor",
        \LayerState.strokeColor: "strokeColor", \LayerState.lineWidth: "lineWidth",
        \LayerState.miterLimit: "miterLimit", \LayerState.lineDashPhase: "lineDashPhase",
        \LayerState.strokeStart: "strokeStart", \LayerState.strokeEnd: "strokeEnd", \LayerState.colors: "colors",
        \LayerState.locations: "locations", \LayerState.startPoint: "startPoint", \LayerState.endPoint: "endPoint"
    ]
}
