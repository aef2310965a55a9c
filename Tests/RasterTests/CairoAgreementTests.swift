import Foundation
import Raster
import RasterScenes
import TestSupport
import Testing

private let golden = Golden(for: #filePath)

/// Every benchmark scene, drawn in-process, against the picture Cairo's image backend
/// draws of the same shapes (reference PNGs made with `cairo-peer --count 60 --out`).
///
/// The comparison is on premultiplied values (what both surfaces hold): the straight
/// colour of a nearly transparent pixel is not meaningful and would dominate a
/// comparison of the PNGs' unpremultiplied bytes.
@Suite struct CairoAgreementTests {
    static let references = golden.testsDirectory.appendingPathComponent("CairoReference")

    static let cases: [(Scene, Int)] = Scene.allCases.flatMap { s in [16, 64, 256].map { (s, $0) } }

    @Test(arguments: cases)
    func agreesWithCairo(scene: Scene, size: Int) throws {
        let ours = Scene.makeCanvas()
        var random = SplitMix64(seed: 1)
        scene.draw(into: Context(surface: ours), size: size, count: 60, random: &random)
        let theirs = try Surface(
            contentsOfPNG: Self.references.appendingPathComponent("\(scene.rawValue)-\(size).png").path)
        var sum = 0
        var far = 0
        for y in 0..<ours.height {
            for x in 0..<ours.width {
                let p = ours[x, y]
                let q = theirs[x, y]
                let d = [
                    abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
                    abs(Int(p.a) - Int(q.a))
                ]
                sum += d.reduce(0, +)
                if d.max()! > 24 { far += 1 }
            }
        }
        let pixels = Double(ours.width * ours.height)
        let mean = Double(sum) / (pixels * 4)
        let farShare = Double(far) / pixels
        #expect(mean <= 1.0, "\(scene.rawValue) \(size): mean channel difference \(mean)")
        #expect(farShare <= 0.005, "\(scene.rawValue) \(size): \(farShare * 100)% of pixels differ by more than 24")
    }
}
