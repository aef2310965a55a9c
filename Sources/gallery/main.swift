import Gallery
import Glibc
import Raster

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
usage: gallery shot OUT.png [--specimen NAME] [--size WxH] [--scale N] [--replay FILE]
Renders the gallery page, or one specimen's card, headless (no X server needed) to a PNG.
  --specimen NAME  one specimen's card (names: gallery list)
  --size WxH       the window size in points (default 1280x800)
  --scale N        pixels per point (default 1)
  --replay FILE    pointer input to replay first: press X Y, move X Y, release X Y,
                   click X Y, shot FILE; '#' starts a comment
"""

let compareHelp = """
usage: gallery compare A.png B.png [--diff OUT.png] [--tolerance N]
Prints the differing pixels, the largest channel difference and the PSNR.
  --diff OUT.png   differences in red over a faded copy of A
  --tolerance N    per-channel difference allowed (default 0)
Exit status: 0 within the tolerance, 1 different (or of different sizes), 2 unreadable.
"""

let listHelp = """
usage: gallery list [--size WxH]
Prints every specimen as NAME X Y WIDTH HEIGHT, in window points at the given size
(default 1280x800).
"""

/// Prints a one-line error and exits with status 2.
func usageError(_ message: String) -> Never {
    StandardError.write("gallery: \(message)")
    exit(2)
}

func parseSize(_ text: String) -> Size {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1, w <= 16384, h <= 16384,
          w.isFinite, h.isFinite else { usageError("bad --size '\(text)': expected WxH, each 1 to 16384") }
    return Size(width: w, height: h)
}

func parseScale(_ text: String) -> Double {
    guard let v = Double(text), v.isFinite, v > 0, v <= 8 else { usageError("bad --scale '\(text)': expected a number above 0, at most 8") }
    return v
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
            } else if a.hasPrefix("--") {
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
    if let problem = Gallery.fontProblem { StandardError.write("gallery: \(problem)") }
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
        } catch {
            StandardError.write("gallery: \(error); for a headless picture run: gallery shot gallery.png")
            return 1
        }
    case "shot":
        let a = Arguments(args, valued: ["--specimen", "--size", "--scale", "--replay"], usage: shotHelp)
        guard a.positional.count == 1 else { usageError("shot takes one output file (see gallery shot --help)") }
        let size = a.options["--size"].map(parseSize) ?? GalleryPage.defaultSize
        let scale = a.options["--scale"].map(parseScale) ?? 1
        var actions: [Replay.Action] = []
        if let file = a.options["--replay"] {
            do {
                actions = try Replay.parse(try readText(file))
            } catch {
                usageError("\(file): \(error)")
            }
        }
        do {
            let picture = try Gallery.shot(size: size, scale: scale, specimen: a.options["--specimen"], replay: actions)
            try picture.writePNG(to: a.positional[0])
            return 0
        } catch let e as GalleryError {
            usageError("\(e)")
        } catch {
            StandardError.write("gallery: \(error)")
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
            StandardError.write("gallery: \(error)")
            return 2
        }
        let result = ImageComparison(images[0], images[1], tolerance: tolerance)
        print(result.report)
        if let out = a.options["--diff"] {
            do { try ImageComparison.diffImage(images[0], images[1], tolerance: tolerance).writePNG(to: out) } catch {
                StandardError.write("gallery: \(error)")
                return 2
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

/// A whole text file, or a one-line error and exit status 2.
func readText(_ path: String) throws -> String {
    guard let f = fopen(path, "r") else { usageError("cannot read '\(path)': \(String(cString: strerror(errno)))") }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        bytes.append(contentsOf: buffer[0..<n])
        if bytes.count > 16 << 20 { usageError("'\(path)' is larger than 16 MB") }
    }
    return String(decoding: bytes, as: UTF8.self)
}

exit(MainActor.assumeIsolated { main() })
