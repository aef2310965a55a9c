import Gallery
import Glibc
import ImageDiff
import Raster
import X11Host

// gallery: the live gallery window, headless shots, image comparison and the specimen
// list. This file only parses arguments; the work is in the Gallery library.

let help = """
    usage: gallery [--size WxH] [--scale N]     open the gallery window
           gallery shot OUT.png [--specimen NAME] [--size WxH] [--scale N] [--replay FILE]
           gallery compare EXPECTED.png ACTUAL.png [--diff OUT.png] [--threshold T] [...]
           gallery list [--size WxH]
           gallery COMMAND --help               help for one command
    Exit status, the same in every command:
      0  done (compare: equal within the tolerance)
      1  compare: the pictures differ; the window: it could not be opened or failed
      2  bad usage, an input that cannot be read or is refused, or memory that cannot be had
      3  an output that cannot be written
    """

let shotHelp = """
    usage: gallery shot OUT.png [--specimen NAME] [--size WxH] [--scale N] [--replay FILE] [--time S]
           gallery shot --all DIR [--size WxH] [--scale N] [--replay FILE]
    Renders the gallery page, or one specimen's card, headless (no X server needed) to a PNG.
      --specimen NAME  one specimen's card (names: gallery list)
      --size WxH       the window size in points (default 1280x800)
      --scale N        pixels per point (default 1)
      --replay FILE    input to replay first, one action a line: press X Y, move X Y,
                       release X Y, click X Y, hover X Y, scroll DX DY, key NAME,
                       keydown NAME, keyup NAME (X keysym names after shift+, ctrl+,
                       alt+ or super+: Tab, shift+Tab, space, Return, Escape, Page_Down),
                       wait MS (advances the animation clock), shot FILE (a path
                       relative to the folder of OUT.png, or to DIR with --all, and
                       confined to it); '#' starts a comment
      --time S         the animation clock's reading, in seconds after the replay's last
                       action, when the picture is taken (default 0)
      --all DIR        instead of OUT.png: every specimen's card in every state it has
                       (NAME.png, NAME.highlighted.png, NAME.disabled.png, NAME.selected.png,
                       NAME.focused.png) and manifest.json, into the folder DIR (made if
                       need be); not with --specimen or --time
    Every file is written whole or not at all: a kill leaves the old file. The manifest
    says "complete": false until the last picture is written.
    Exit status: 0 written, 2 bad usage, a bad replay or no memory, 3 a file not written.
    """

let compareHelp = """
    usage: gallery compare EXPECTED.png ACTUAL.png [--diff OUT.png] [--threshold T] [--antialiasing]
                           [--ignore X,Y,W,H]... [--max-diff-pixels N] [--max-diff-ratio R] [--tolerance N]
           gallery compare EXPECTED_DIR ACTUAL_DIR [--report report.html] [the same options]
    Compares two pictures unpremultiplied over white by their YIQ colour distance, tells
    anti-aliased edge noise apart from real differences, and prints the figures; the largest
    colour distance is printed on --threshold's scale (a pixel differs when its distance is
    above the threshold).
      --diff OUT.png        the expected faded to grey, differences red, edge noise yellow,
                            ignored regions blue (pictures of one size only; two files only)
      --threshold T         the colour distance allowed, 0 (exact) to 1 (default 0.1)
      --antialiasing        count edge noise as differences too
      --ignore X,Y,W,H      a rectangle of the expected picture's pixels not compared
                            (repeatable)
      --max-diff-pixels N   how many differing pixels still pass (default 0)
      --max-diff-ratio R    what fraction of the pixels may differ and still pass (default 0)
      --tolerance N         the older rule instead: a pixel differs when a premultiplied
                            channel differs by more than N (0 to 255)
    Given two folders, compares every PNG of the same name, lists those only in one, and
    with --report (two folders only) writes one self-contained HTML page of the changes.
    Only regular files directly in each folder are read: a link is reported, not followed.
    An output may not be one of the inputs.
    Exit status: 0 equal within tolerance, 1 different (sizes included), 2 unreadable or
    bad usage or no memory, 3 the diff or the report could not be written.
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
    guard let v = InputText.number(text), v > 0, v <= 8 else {
        usageError("bad --scale '\(text)': expected a number above 0, at most 8")
    }
    return v
}

/// A size and scale that make a picture of at least one pixel a side, within the pixel
/// budget of a surface, so that it can be drawn and written.
func checkPixels(_ size: Size, _ scale: Double) {
    guard PixelSize(points: size, scale: scale) == nil else { return }
    // What is wrong, for the message: sizes and scales are parsed finite and at most
    // 16384 and 8, so these fit an Int.
    let w = Int((size.width * scale).rounded())
    let h = Int((size.height * scale).rounded())
    let points = "\(Int(size.width)) x \(Int(size.height)) points at scale \(scale)"
    guard w >= 1, h >= 1 else { usageError("\(points) make a picture of \(w) x \(h) pixels") }
    usageError(
        "\(points) make \(w) x \(h) pixels: a picture may have at most \(Surface.maximumSide) a side "
            + "and \(Surface.maximumPixels) in all")
}

/// Options and positional arguments of one command.
struct Arguments {
    var positional: [String] = []
    /// The last value of each valued option.
    var options: [String: String] = [:]
    /// Every value of each valued option, in order (for repeatable ones).
    var all: [String: [String]] = [:]
    /// The flags given.
    var flags: Set<String> = []

    init(_ args: ArraySlice<String>, valued: Set<String>, flags known: Set<String> = [], usage: String) {
        var rest = args
        while let a = rest.popFirst() {
            if a == "--help" || a == "-h" {
                print(usage)
                exit(0)
            } else if known.contains(a) {
                flags.insert(a)
            } else if a.hasPrefix("-") && a != "-" {
                guard valued.contains(a) else { usageError("unknown option '\(a)'") }
                guard let v = rest.popFirst() else { usageError("\(a) needs a value") }
                options[a] = v
                all[a, default: []].append(v)
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
        let a = Arguments(
            args, valued: ["--specimen", "--size", "--scale", "--replay", "--time", "--all"], usage: shotHelp)
        let size = a.options["--size"].map(parseSize) ?? GalleryPage.defaultSize
        let scale = a.options["--scale"].map(parseScale) ?? 1
        checkPixels(size, scale)
        if let dir = a.options["--all"] {
            guard a.positional.isEmpty else { usageError("shot --all takes a folder instead of an output file") }
            for option in ["--specimen", "--time"] where a.options[option] != nil {
                usageError("\(option) does not apply to shot --all, which takes every specimen at time 0")
            }
            let actions = a.options["--replay"].map(readReplay) ?? []
            do {
                let entries = try ShotAll.write(to: dir, size: size, scale: scale, replay: actions)
                print("\(entries.count) pictures and manifest.json in \(InputText.escaped(dir))")
                return 0
            } catch {
                return fail(error)
            }
        }
        guard a.positional.count == 1 else { usageError("shot takes one output file (see gallery shot --help)") }
        let out = a.positional[0]
        guard out.lowercased().hasSuffix(".png") else {
            usageError("'\(out)': a shot is a PNG, and its name must end in .png")
        }
        var time = 0.0
        if let text = a.options["--time"] {
            guard let t = InputText.number(text), t >= 0, t <= 3600 else {
                usageError("bad --time '\(text)': expected seconds, 0 to 3600")
            }
            time = t
        }
        if let replay = a.options["--replay"], FileIO.sameFile(replay, out) {
            usageError("'\(out)' is the replay file: an output may not be one of the inputs")
        }
        let actions = a.options["--replay"].map(readReplay) ?? []
        do {
            let picture = try Gallery.shot(
                size: size, scale: scale, specimen: a.options["--specimen"], replay: actions,
                time: time, outputFolder: AtomicFile.split(out).folder)
            try picture.writePNG(to: out)
            return 0
        } catch {
            return fail(error)
        }
    case "compare":
        let a = Arguments(
            args,
            valued: [
                "--diff", "--tolerance", "--threshold", "--ignore", "--max-diff-pixels",
                "--max-diff-ratio", "--report"
            ], flags: ["--antialiasing"], usage: compareHelp)
        guard a.positional.count == 2 else {
            usageError("compare takes two PNG files or two folders (see gallery compare --help)")
        }
        var options = CompareOptions()
        if let t = a.options["--tolerance"] {
            guard let v = Int(t), (0...255).contains(v) else { usageError("bad --tolerance '\(t)': expected 0 to 255") }
            options.channelTolerance = v
        }
        if let t = a.options["--threshold"] {
            guard let v = InputText.number(t), (0...1).contains(v) else {
                usageError("bad --threshold '\(t)': expected 0 to 1")
            }
            options.threshold = v
        }
        if let t = a.options["--max-diff-pixels"] {
            guard let v = Int(t), v >= 0 else { usageError("bad --max-diff-pixels '\(t)': expected a count") }
            options.maxDiffPixels = v
        }
        if let t = a.options["--max-diff-ratio"] {
            guard let v = InputText.number(t), (0...1).contains(v) else {
                usageError("bad --max-diff-ratio '\(t)': expected 0 to 1")
            }
            options.maxDiffPixelRatio = v
        }
        for region in a.all["--ignore"] ?? [] {
            let parts = region.split(separator: ",", omittingEmptySubsequences: false).map { InputText.number($0) }
            guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3], w >= 0,
                h >= 0
            else {
                usageError("bad --ignore '\(region)': expected X,Y,W,H, four finite numbers with W and H not negative")
            }
            options.ignoredRegions.append(Rect(x: x, y: y, width: w, height: h))
        }
        if a.flags.contains("--antialiasing") { options.detectsAntialiasing = false }
        let folders = a.positional.map(isDirectory)
        guard folders[0] == folders[1] else {
            usageError("compare takes two PNG files or two folders, not one of each")
        }
        for (option, output) in [("--diff", a.options["--diff"]), ("--report", a.options["--report"])] {
            if let output, a.positional.contains(where: { FileIO.sameFile($0, output) || $0 == output }) {
                usageError("\(option) '\(output)' is one of the inputs: an output may not be one of them")
            }
        }
        if folders[0] {
            if a.options["--diff"] != nil { usageError("--diff applies to two files; for two folders use --report") }
            let result: DirectoryComparison
            do {
                result = try DirectoryComparison(expected: a.positional[0], actual: a.positional[1], options: options)
            } catch {
                say("\(error)")
                return 2
            }
            print(result.summary)
            if let out = a.options["--report"] {
                do {
                    try result.writeReport(to: out)
                } catch {
                    return fail(error, doing: "cannot write the report")
                }
            }
            return result.passes ? 0 : 1
        }
        if a.options["--report"] != nil { usageError("--report applies to two folders; for two files use --diff") }
        let images: [Surface]
        do {
            images = try a.positional.map { try Surface(contentsOfPNG: $0) }
        } catch {
            say("\(error)")
            return 2
        }
        let result: Comparison
        let diff: Surface?
        do {
            let wantsDiff =
                a.options["--diff"] != nil && images[0].width == images[1].width && images[0].height == images[1].height
            (result, diff) = try ImageDiff.compare(images[0], images[1], options: options, diff: wantsDiff)
        } catch {
            say("\(error)")
            return 2
        }
        print(result.report)
        if let out = a.options["--diff"] {
            guard let diff else {
                say("no diff written to '\(out)': the pictures' sizes differ")
                return 1
            }
            do {
                try diff.writePNG(to: out)
            } catch {
                return fail(error, doing: "cannot write the diff")
            }
        }
        return result.passes ? 0 : 1
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

/// Whether a path names a folder.
func isDirectory(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
}

/// A replay file's actions, or a one-line error and exit status 2.
func readReplay(_ path: String) -> [Replay.Action] {
    do {
        return try Replay.parse(String(decoding: try FileIO.read(path, limit: 16 << 20), as: UTF8.self))
    } catch let error as Replay.ParseError {
        usageError("\(path): \(error)")
    } catch {
        usageError("cannot read replay: \(error)")
    }
}

/// Says what went wrong and returns the status the fault has in every command: 3 for an
/// output that cannot be written, 2 for the rest (bad input, memory).
func fail(_ error: any Error, doing what: String? = nil) -> Int32 {
    say((what.map { $0 + ": " } ?? "") + "\(error)")
    guard let e = error as? RasterError else { return 2 }
    switch e {
    case .file, .notAFile, .pngEncode: return 3
    default: return 2
    }
}

exit(MainActor.assumeIsolated { main() })
