import Gallery
import Glibc
import Raster
import X11Host

// gallery: the live gallery window, headless shots, image comparison and the specimen
// list. This file only parses arguments; the work is in the Gallery library.

let help = """
usage: gallery [--size WxH] [--scale N]     open the gallery window
       gallery shot OUT.png [--specimen NAME] [--size WxH] [--scale N] [--replay FILE]
       gallery compare A.png B.png [--diff OUT.png] [--tolerance N]
       gallery list [--size WxH]
       gallery COMMAND --help               help for one command
"""

let shotHelp = """
usage: gallery shot OUT.png [--specimen NAME] [--size WxH] [--scale N] [--replay FILE] [--time S]
Renders the gallery page, or one specimen's card, headless (no X server needed) to a PNG.
  --specimen NAME  one specimen's card (names: gallery list)
  --size WxH       the window size in points (default 1280x800)
  --scale N        pixels per point (default 1)
  --replay FILE    pointer input to replay first: press X Y, move X Y, release X Y,
                   click X Y, wait MS (advances the animation clock), shot FILE;
                   '#' starts a comment
  --time S         the animation clock's reading, in seconds after the replay's last
                   action, when the picture is taken (default 0)
"""

let compareHelp = """
usage: gallery compare A.png B.png [--diff OUT.png] [--tolerance N]
Prints the differing pixels, the largest channel difference and the PSNR.
  --diff OUT.png   differences in red over a faded copy of A
  --tolerance N    per-channel difference allowed (default 0)
Exit status: 0 within the tolerance, 1 different (or of different sizes), 2 unreadable
or bad usage, 3 the diff could not be written.
"""

let listHelp = """
usage: gallery list [--size WxH]
Prints every specimen as NAME X Y WIDTH HEIGHT, in window points at the given size
(default 1280x800).
"""

/// Writes a one-line message to standard error, its control characters escaped.
func say(_ message: String) {
    StandardError.write("gallery: " + InputText.escaped(message))
}

/// Prints a one-line error and exits with status 2.
func usageError(_ message: String) -> Never {
    say(message)
    exit(2)
}

func parseSize(_ text: String) -> Size {
    guard let s = InputText.size(text), (1...16384).contains(s.width), (1...16384).contains(s.height) else {
        usageError("bad --size '\(text)': expected WxH, each 1 to 16384")
    }
    return s
}

func parseScale(_ text: String) -> Double {
    guard let v = InputText.number(text), v > 0, v <= 8 else { usageError("bad --scale '\(text)': expected a number above 0, at most 8") }
    return v
}

/// A size and scale that make a picture of at least one pixel a side, within the pixel
/// budget of a surface, so that it can be drawn and written.
func checkPixels(_ size: Size, _ scale: Double) {
    let w = Int((size.width * scale).rounded()), h = Int((size.height * scale).rounded())
    let points = "\(Int(size.width)) x \(Int(size.height)) points at scale \(scale)"
    guard w >= 1, h >= 1 else { usageError("\(points) make a picture of \(w) x \(h) pixels") }
    guard Surface.allows(width: w, height: h) else {
        usageError("\(points) make \(w) x \(h) pixels: a picture may have at most \(Surface.maximumSide) a side "
                   + "and \(Surface.maximumPixels) in all")
    }
}

/// Options and positional arguments of one command.
struct Arguments {
    var positional: [String] = []
    var options: [String: String] = [:]

    init(_ args: ArraySlice<String>, valued: Set<String>, usage: String) {
        var rest = args
        while let a = rest.popFirst() {
            if a == "--help" || a == "-h" {
                print(usage)
                exit(0)
            } else if a.hasPrefix("-") && a != "-" {
                guard valued.contains(a) else { usageError("unknown option '\(a)'") }
                guard let v = rest.popFirst() else { usageError("\(a) needs a value") }
                options[a] = v
            } else {
                positional.append(a)
            }
        }
    }
}

@MainActor
func main() -> Int32 {
    if let problem = Gallery.fontProblem { say(problem) }
    var args = CommandLine.arguments.dropFirst()
    let command = args.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
    if command != nil { args = args.dropFirst() }
    switch command {
    case nil:
        let a = Arguments(args, valued: ["--size", "--scale"], usage: help)
        guard a.positional.isEmpty else { usageError("unexpected argument '\(a.positional[0])'") }
        let size = a.options["--size"].map(parseSize) ?? GalleryPage.defaultSize
        do {
            try Gallery.runWindow(size: size, scale: a.options["--scale"].map(parseScale))
            return 0
        } catch let error as X11Error {
            switch error {
            case .noDisplay, .cannotOpenDisplay: say("\(error); for a headless picture run: gallery shot gallery.png")
            default: say("\(error)")
            }
            return 1
        } catch {
            say("\(error)")
            return 1
        }
    case "shot":
        let a = Arguments(args, valued: ["--specimen", "--size", "--scale", "--replay", "--time"], usage: shotHelp)
        guard a.positional.count == 1 else { usageError("shot takes one output file (see gallery shot --help)") }
        let size = a.options["--size"].map(parseSize) ?? GalleryPage.defaultSize
        let scale = a.options["--scale"].map(parseScale) ?? 1
        checkPixels(size, scale)
        var time = 0.0
        if let text = a.options["--time"] {
            guard let t = InputText.number(text), t >= 0, t <= 3600 else {
                usageError("bad --time '\(text)': expected seconds, 0 to 3600")
            }
            time = t
        }
        var actions: [Replay.Action] = []
        if let file = a.options["--replay"] {
            do {
                actions = try Replay.parse(readText(file))
            } catch {
                usageError("\(file): \(error)")
            }
        }
        do {
            let picture = try Gallery.shot(size: size, scale: scale, specimen: a.options["--specimen"], replay: actions,
                                           time: time)
            try picture.writePNG(to: a.positional[0])
            return 0
        } catch let e as GalleryError {
            usageError("\(e)")
        } catch {
            say("\(error)")
            return 1
        }
    case "compare":
        let a = Arguments(args, valued: ["--diff", "--tolerance"], usage: compareHelp)
        guard a.positional.count == 2 else { usageError("compare takes two PNG files (see gallery compare --help)") }
        var tolerance = 0
        if let t = a.options["--tolerance"] {
            guard let v = Int(t), (0...255).contains(v) else { usageError("bad --tolerance '\(t)': expected 0 to 255") }
            tolerance = v
        }
        let images: [Surface]
        do {
            images = try a.positional.map { try Surface(contentsOfPNG: $0) }
        } catch {
            say("\(error)")
            return 2
        }
        let result = ImageComparison(images[0], images[1], tolerance: tolerance)
        print(result.report)
        if let out = a.options["--diff"] {
            do { try ImageComparison.diffImage(images[0], images[1], tolerance: tolerance).writePNG(to: out) } catch {
                say("cannot write the diff: \(error)")
                return 3
            }
        }
        return result.matches ? 0 : 1
    case "list":
        let a = Arguments(args, valued: ["--size"], usage: listHelp)
        guard a.positional.isEmpty else { usageError("unexpected argument '\(a.positional[0])'") }
        let size = a.options["--size"].map(parseSize) ?? GalleryPage.defaultSize
        for (name, f) in Gallery.list(size: size) {
            func n(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
            print("\(name) \(n(f.x)) \(n(f.y)) \(n(f.width)) \(n(f.height))")
        }
        return 0
    case let other?:
        usageError("unknown command '\(other)' (see gallery --help)")
    }
}

/// A whole text file of at most 16 MiB, or a one-line error and exit status 2.
func readText(_ path: String) -> String {
    do {
        return String(decoding: try FileIO.read(path, limit: 16 << 20), as: UTF8.self)
    } catch {
        usageError("cannot read replay: \(error)")
    }
}

exit(MainActor.assumeIsolated { main() })
