import Raster
import RasterScenes
import Testing

@testable import Views

/// Damage-only frames equal full frames: random trees whose children stick out of their
/// parents, with shadows, masks, alphas, clips and scrolled bounds, changed at random;
/// after every change the window's surface, updated by damage alone, must equal a fresh
/// full render, byte for byte.
@MainActor
@Suite struct DamagePropertyTests {
    static let trees = 60, changesPerTree = 25

    @Test func damageFramesEqualFullFrames() throws {
        var random = SplitMix64(seed: 2026)
        for tree in 0..<DamagePropertyTests.trees {
            let scale = tree % 3 == 0 ? 2.0 : 1.0
            let root = RootView(size: Size(width: 96, height: 72))
            var views: [View] = []
            for _ in 0..<(3 + Int(random.unit() * 8)) {
                let v = makeView(&random)
                let parent =
                    views.isEmpty || random.unit() < 0.3 ? root : views[Int(random.unit() * Double(views.count))]
                parent.addSubview(v)
                views.append(v)
            }
            let window = try Surface(width: 96 * Int(scale), height: 72 * Int(scale), scale: scale)
            root.render(into: window)
            for change in 0..<DamagePropertyTests.changesPerTree {
                let v = views[Int(random.unit() * Double(views.count))]
                let what = mutate(v, in: root, views: views, &random)
                root.render(into: window)
                let full = try Surface(width: window.width, height: window.height, scale: scale)
                root.render(into: full, full: true)
                if window != full {
                    let detail = differences(window, full)
                    Issue.record(
                        "tree \(tree), change \(change) (\(what)): the damage frame differs from the full frame in \(detail)"
                    )
                    return
                }
            }
        }
    }

    /// How many pixels differ, and the pixel rectangle holding them.
    func differences(_ a: Surface, _ b: Surface) -> String {
        var count = 0
        var x0 = Int.max
        var y0 = Int.max
        var x1 = -1
        var y1 = -1
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                count += 1
                x0 = min(x0, x)
                y0 = min(y0, y)
                x1 = max(x1, x)
                y1 = max(y1, y)
            }
        }
        return "\(count) pixels within x \(x0)...\(x1), y \(y0)...\(y1)"
    }

    func makeView(_ random: inout SplitMix64) -> View {
        let v = View(frame: randomFrame(&random))
        if random.unit() < 0.8 { v.backgroundColor = randomColor(&random) }
        if random.unit() < 0.3 { setShadow(v, &random) }
        if random.unit() < 0.2 { v.alpha = 0.3 + random.unit() * 0.6 }
        if random.unit() < 0.2 { v.layer.cornerRadius = random.unit() * 12 }
        if random.unit() < 0.15 { v.clipsToBounds = true }
        if random.unit() < 0.15 { v.mask = makeMask(&random) }
        if random.unit() < 0.15 { v.layer.borderWidth = 1 + random.unit() * 3 }
        return v
    }

    func randomFrame(_ random: inout SplitMix64) -> Rect {
        // Frames reach past their parents on every side.
        Rect(
            x: random.unit() * 90 - 20, y: random.unit() * 70 - 20, width: 4 + random.unit() * 40,
            height: 4 + random.unit() * 34)
    }

    func randomColor(_ random: inout SplitMix64) -> Color {
        Color(red: random.unit(), green: random.unit(), blue: random.unit(), alpha: random.unit() < 0.7 ? 1 : 0.5)
    }

    func setShadow(_ v: View, _ random: inout SplitMix64) {
        v.layer.shadowOpacity = Float(0.4 + random.unit() * 0.6)
        v.layer.shadowRadius = random.unit() * 5
        v.layer.shadowOffset = Size(width: random.unit() * 12 - 6, height: random.unit() * 12 - 6)
        v.layer.shadowPath = random.unit() < 0.4 ? Path(ellipseIn: v.bounds) : nil
    }

    func makeMask(_ random: inout SplitMix64) -> View {
        let m = View(
            frame: Rect(
                x: random.unit() * 10, y: random.unit() * 10, width: 10 + random.unit() * 30,
                height: 10 + random.unit() * 30))
        m.backgroundColor = Color(white: 0, alpha: 0.5 + random.unit() * 0.5)
        m.layer.cornerRadius = random.unit() * 10
        return m
    }

    /// One random change to `v`; returns what it was.
    func mutate(_ v: View, in root: RootView, views: [View], _ random: inout SplitMix64) -> String {
        switch Int(random.unit() * 11) {
        case 0:
            v.frame = randomFrame(&random)
            return "frame"
        case 1:
            v.center = Point(x: v.center.x + random.unit() * 30 - 15, y: v.center.y + random.unit() * 30 - 15)
            return "center"
        case 2:
            v.alpha = random.unit() < 0.2 ? 1 : random.unit()
            return "alpha"
        case 3:
            v.isHidden.toggle()
            return "isHidden"
        case 4:
            v.backgroundColor = random.unit() < 0.2 ? nil : randomColor(&random)
            return "backgroundColor"
        case 5:
            if v.layer.shadowOpacity > 0 && random.unit() < 0.4 {
                v.layer.shadowOpacity = 0
            } else {
                setShadow(v, &random)
            }
            return "shadow"
        case 6:
            v.mask = v.mask == nil ? makeMask(&random) : nil
            return "mask"
        case 7:
            v.clipsToBounds.toggle()
            return "clipsToBounds"
        case 8:
            v.bounds = Rect(
                x: random.unit() * 16 - 8, y: random.unit() * 16 - 8, width: v.bounds.width,
                height: v.bounds.height)
            return "bounds origin"
        case 9:
            // Move the view under another parent (never into its own subtree: refused).
            let parent = random.unit() < 0.3 ? root : views[Int(random.unit() * Double(views.count))]
            parent.addSubview(v)
            return "reparent"
        default:
            v.layer.cornerRadius = random.unit() * 14
            return "cornerRadius"
        }
    }
}
