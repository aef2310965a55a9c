import Glibc
import Raster

/// A 4 x 4 transform of space (`CATransform3D`): a layer's `transform` and
/// `sublayerTransform`. Points are row vectors, so `a.concatenating(b)` applies `a`
/// first (`CATransform3DConcat(a, b)`), and perspective comes from `m34`, usually
/// `-1 / distance` of the eye from the plane.
public struct Transform3D: Hashable, Sendable {
    /// The coefficients, as `CATransform3D` names them.
    public var m11, m12, m13, m14: Double
    /// The second row: where the y axis goes.
    public var m21, m22, m23, m24: Double
    /// The third row: where the z axis goes; `m34` is the perspective.
    public var m31, m32, m33, m34: Double
    /// The fourth row: the translation, and `m44` the homogeneous scale.
    public var m41, m42, m43, m44: Double

    /// Creates a transform from its sixteen coefficients.
    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m14 = m14
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m24 = m24
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
        self.m34 = m34
        self.m41 = m41
        self.m42 = m42
        self.m43 = m43
        self.m44 = m44
    }

    /// The identity (`CATransform3DIdentity`).
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// A translation (`CATransform3DMakeTranslation`).
    public init(translationX x: Double, y: Double, z: Double) {
        self = .identity
        m41 = x
        m42 = y
        m43 = z
    }

    /// A scale (`CATransform3DMakeScale`).
    public init(scaleX x: Double, y: Double, z: Double) {
        self = .identity
        m11 = x
        m22 = y
        m33 = z
    }

    /// A rotation by `angle` radians about the axis (`x`, `y`, `z`)
    /// (`CATransform3DMakeRotation`); about z it turns as `AffineTransform(rotationAngle:)`
    /// does. An axis of length 0 gives the identity.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        self = .identity
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite, angle.isFinite else { return }
        let ux = x / length
        let uy = y / length
        let uz = z / length
        let c = cos(angle)
        let s = sin(angle)
        let t = 1 - c
        m11 = t * ux * ux + c
        m12 = t * ux * uy + s * uz
        m13 = t * ux * uz - s * uy
        m21 = t * ux * uy - s * uz
        m22 = t * uy * uy + c
        m23 = t * uy * uz + s * ux
        m31 = t * ux * uz + s * uy
        m32 = t * uy * uz - s * ux
        m33 = t * uz * uz + c
    }

    /// The transform that does what an affine transform does in the plane
    /// (`CATransform3DMakeAffineTransform`).
    public init(_ t: AffineTransform) {
        self = .identity
        m11 = t.a
        m12 = t.b
        m21 = t.c
        m22 = t.d
        m41 = t.tx
        m42 = t.ty
    }

    /// Whether this is the identity (`CATransform3DIsIdentity`).
    public var isIdentity: Bool { self == .identity }

    /// Whether the transform is an affine transform of the plane, with no depth or
    /// perspective (`CATransform3DIsAffine`).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m43 == 0 && m44 == 1
    }

    /// The plane's part of the transform (`CATransform3DGetAffineTransform`): exact when
    /// `isAffine`.
    public var affineTransform: AffineTransform {
        AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// Whether all sixteen coefficients are finite.
    public var isFinite: Bool { rows.allSatisfy { $0.allSatisfy(\.isFinite) } }

    var rows: [[Double]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    init(rows r: [[Double]]) {
        self.init(
            m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3], m21: r[1][0], m22: r[1][1], m23: r[1][2],
            m24: r[1][3], m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3], m41: r[3][0], m42: r[3][1],
            m43: r[3][2], m44: r[3][3])
    }

    /// The transform that maps through `self` and then through `t`
    /// (`CATransform3DConcat(self, t)`).
    public func concatenating(_ t: Transform3D) -> Transform3D {
        let a = rows
        let b = t.rows
        var r = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        for i in 0..<4 {
            for j in 0..<4 { r[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j] + a[i][3] * b[3][j] }
        }
        return Transform3D(rows: r)
    }

    /// A translation applied before this transform (`CATransform3DTranslate`).
    public func translatedBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }

    /// A scale applied before this transform (`CATransform3DScale`).
    public func scaledBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    /// A rotation applied before this transform (`CATransform3DRotate`).
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// The inverse (`CATransform3DInvert`), or nil when the transform is singular.
    public func inverted() -> Transform3D? {
        // Gauss-Jordan with partial pivoting on [M | I].
        var a = rows
        var inv: [[Double]] = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
        for col in 0..<4 {
            var pivot = col
            for r in col + 1..<4 where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard a[pivot][col] != 0, a[pivot][col].isFinite else { return nil }
            a.swapAt(col, pivot)
            inv.swapAt(col, pivot)
            let k = 1 / a[col][col]
            for j in 0..<4 {
                a[col][j] *= k
                inv[col][j] *= k
            }
            for r in 0..<4 where r != col {
                let f = a[r][col]
                guard f != 0 else { continue }
                for j in 0..<4 {
                    a[r][j] -= f * a[col][j]
                    inv[r][j] -= f * inv[col][j]
                }
            }
        }
        return Transform3D(rows: inv)
    }

    /// The map of the plane z = 0 that the transform makes once the depth is dropped:
    /// how Core Animation flattens a layer into its superlayer.
    public var flattened: ProjectiveTransform {
        ProjectiveTransform(m11: m11, m12: m12, m13: m14, m21: m21, m22: m22, m23: m24, m31: m41, m32: m42, m33: m44)
    }
}
