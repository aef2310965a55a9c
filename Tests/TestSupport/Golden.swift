import Foundation
import Raster
import Testing

/// Golden-image comparison: `Tests/<Target>/Golden/<suite>/<name>.png`, compared
/// exactly. `UPDATE_GOLDEN=1 swift test` rewrites the files; a failure writes the actual
/// picture and a diff under `.build/golden-failures/`.
public struct Golden: Sendable {
    /// The package's root folder.
    public static let packageDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The test target's folder (`Tests/<Target>`).
    public let testsDirectory: URL

    /// A store for the test target whose file is `file` (pass `#filePath`).
    public init(for file: String) {
        var url = URL(fileURLWithPath: file).deletingLastPathComponent()
        while url.deletingLastPathComponent().lastPathComponent != "Tests" && url.path != "/" {
            url = url.deletingLastPathComponent()
        }
        testsDirectory = url
    }

    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" }

    func url(_ suite: String, _ name: String) -> URL {
        testsDirectory.appendingPathComponent("Golden/\(suite)/\(name).png")
    }

    /// Expects `surface` to equal the golden picture, pixel for pixel.
    public func expect(_ surface: Surface, suite: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = url(suite, name)
        if Golden.updating {
            try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            #expect(throws: Never.self, sourceLocation: sourceLocation) { try surface.writePNG(to: file.path) }
            return
        }
        guard let golden = try? Surface(contentsOfPNG: file.path) else {
            Issue.record("missing golden \(suite)/\(name).png: run UPDATE_GOLDEN=1 swift test", sourceLocation: sourceLocation)
            Golden.writeFailure(surface, nil, suite, name)
            return
        }
        if golden != surface {
            let (count, largest) = Golden.difference(golden, surface)
            Issue.record("\(suite)/\(name): \(count) pixels differ, largest channel difference \(largest)",
                         sourceLocation: sourceLocation)
            Golden.writeFailure(surface, golden, suite, name)
        }
    }

    /// The number of differing pixels and the largest channel difference.
    public static func difference(_ a: Surface, _ b: Surface) -> (Int, Int) {
        guard a.width == b.width, a.height == b.height else { return (max(a.width * a.height, b.width * b.height), 255) }
        var count = 0, largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
                if d > 0 { count += 1; largest = max(largest, d) }
            }
        }
        return (count, largest)
    }

    private static func writeFailure(_ actual: Surface, _ golden: Surface?, _ suite: String, _ name: String) {
        let dir = packageDirectory.appendingPathComponent(".build/golden-failures/\(suite)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try? actual.writePNG(to: dir.appendingPathComponent("\(name)-actual.png").path)
        guard let golden, golden.width == actual.width, golden.height == actual.height,
              let diff = try? Surface(width: actual.width, height: actual.height) else { return }
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                diff[x, y] = golden[x, y] == actual[x, y] ? Pixel(r: 40, g: 40, b: 40, a: 255) : Pixel(r: 255, g: 0, b: 0, a: 255)
            }
        }
        try? diff.writePNG(to: dir.appendingPathComponent("\(name)-diff.png").path)
    }
}

/// A white canvas with a context, for drawing tests.
public func canvas(_ width: Int, _ height: Int, scale: Double = 1, background: Color? = .white) -> (Surface, Context) {
    let s = try! Surface(width: width, height: height, scale: scale)
    if let background { s.clear(to: background.premultiplied) }
    return (s, Context(surface: s))
}

extension Surface {
    /// Whether every pixel is `pixel`.
    public func isFilled(with pixel: Pixel) -> Bool {
        (0..<height).allSatisfy { y in (0..<width).allSatisfy { self[$0, y] == pixel } }
    }
}
