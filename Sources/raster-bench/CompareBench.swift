import Gallery
import ImageDiff
import Raster
import Views

/// The compare engine on two 2560 x 1600 shots of the page (1280 x 800 points at scale
/// 2): equal, differing in one card (a checkbox clicked), and differing everywhere (every
/// pixel's red moved), each with the default options, with and without the diff picture.
@MainActor
enum CompareBench {
    static func run() {
        let size = Size(width: 1280, height: 800)
        func shot(_ actions: [Replay.Action]) -> Surface {
            do { return try Gallery.shot(size: size, scale: 2, replay: actions, time: 2) } catch { fail("\(error)") }
        }
        let page = shot([])
        let box = Gallery.list(size: size).first { $0.name == "checkbox-unchecked" }!.frame.center
        let clicked = shot([.click(box)])
        let everywhere: Surface
        do { everywhere = try page.copy() } catch { fail("\(error)") }
        for y in 0..<everywhere.height {
            for x in 0..<everywhere.width {
                var p = everywhere[x, y]
                p.r = p.r < 128 ? p.r &+ 60 : p.r &- 60
                everywhere[x, y] = p.r > p.a ? Pixel(r: p.a, g: p.g, b: p.b, a: p.a) : p
            }
        }
        let equal: Surface
        do { equal = try page.copy() } catch { fail("\(error)") }
        for (name, other) in [("equal", equal), ("one-card", clicked), ("everywhere", everywhere)] {
            for diff in [false, true] {
                var times: [Double] = []
                var differing = 0
                for _ in 0..<7 {
                    let t0 = nowMilliseconds()
                    do { differing = try ImageDiff.compare(page, other, diff: diff).0.differingPixels } catch {
                        fail("\(error)")
                    }
                    times.append(nowMilliseconds() - t0)
                }
                times.sort()
                print(
                    "scene=compare-\(name) size=2560x1600 diff=\(diff ? 1 : 0) ms_median=\(String(format3: times[times.count / 2])) differing_pixels=\(differing)"
                )
            }
        }
    }
}
