import Foundation
import Raster
import Testing
import VitrineTesting

/// The project's golden pictures, checked through `VitrineTesting`'s `Snapshotter`:
/// references in `Tests/<Target>/Golden/<suite>/<name>.png`, compared exactly, recorded
/// as `VITRINE_RECORD` says (`missing` by default, `failed` to rewrite those that differ
/// after a deliberate change, `all`, `never`); a failure writes the expected, actual and
/// diff pictures under `.build/snapshot-results/<Target>/<suite>/` and names them.
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

    /// Whether this run rewrites references (`VITRINE_RECORD` is `all` or `failed`).
    public static var recording: Bool { RecordMode.fromEnvironment?.rewrites ?? false }

    /// The snapshotter of a suite's folder.
    func snapshotter(_ suite: String) -> Snapshotter {
        Snapshotter(
            referenceDirectory: testsDirectory.appendingPathComponent("Golden/\(suite)"),
            resultsDirectory: Golden.packageDirectory
                .appendingPathComponent(".build/snapshot-results/\(testsDirectory.lastPathComponent)/\(suite)"),
            mode: RecordMode.fromEnvironment ?? .missing)
    }

    /// Expects `surface` to equal the golden picture, pixel for pixel.
    public func expect(
        _ surface: Surface, suite: String, name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let outcome = snapshotter(suite).check(surface, file: name, tolerance: .exact)
        if !outcome.passed { Issue.record("\(suite)/\(name): \(outcome.message)", sourceLocation: sourceLocation) }
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
