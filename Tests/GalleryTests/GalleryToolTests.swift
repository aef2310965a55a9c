import Foundation
import Raster
import TestSupport
import Testing

@testable import Gallery

/// The `gallery` executable: its subcommands and exit statuses.
@Suite struct GalleryToolTests {
    static var gallery: String {
        // The test bundle and the executable are built into the same folder.
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return exe.appendingPathComponent("gallery").path
    }

    func run(_ args: [String], removing: [String] = [], environment: [String: String] = [:]) -> (
        status: Int32, stdout: String, stderr: String
    ) {
        XvfbServer.run(Self.gallery, args, environment: environment, removing: removing)
    }

    /// The test's files, removed when it ends.
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory("gallery-tool") }

    func temp(_ name: String) -> String { scratch.file(name) }

    @Test func compareIdenticalFilesExitsZero() throws {
        let a = temp("a.png")
        #expect(run(["shot", a, "--specimen", "shape-star"]).status == 0)
        let r = run(["compare", a, a])
        #expect(r.status == 0)
        #expect(r.stdout.contains("differing pixels: 0") && r.stdout.contains("equal within tolerance"))
    }

    @Test func compareFindsOnePixelWithItsPosition() throws {
        let a = temp("one-a.png")
        let b = temp("one-b.png")
        let diff = temp("one-diff.png")
        #expect(run(["shot", a, "--specimen", "gradient-vertical"]).status == 0)
        let s = try Surface(contentsOfPNG: a)
        s[17, 23] = Pixel(r: 0, g: 0, b: 0, a: 255)
        try s.writePNG(to: b)
        let r = run(["compare", a, b, "--diff", diff])
        #expect(r.status == 1)
        #expect(
            r.stdout.contains("differing pixels: 1") && r.stdout.contains("differences within x 17 y 23 size 1 x 1"))
        let d = try Surface(contentsOfPNG: diff)
        #expect(d[17, 23] == Pixel(r: 255, g: 0, b: 0, a: 255) && d[0, 0] != d[17, 23])
        #expect(run(["compare", a, b, "--tolerance", "255"]).status == 0)
        #expect(run(["compare", a, b, "--max-diff-pixels", "1"]).status == 0)
        #expect(run(["compare", a, b, "--ignore", "17,23,1,1"]).status == 0)
        #expect(run(["compare", a, b, "--threshold", "1"]).status == 0)
        #expect(run(["compare", a, b, "--ignore", "17,23,1"]).status == 2)
    }

    @Test func compareOfATruncatedFileExitsTwo() throws {
        let a = temp("t-a.png")
        let t = temp("t-cut.png")
        #expect(run(["shot", a, "--specimen", "checkbox-checked"]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: a))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: t))
        let r = run(["compare", a, t])
        #expect(r.status == 2)
        #expect(r.stderr.contains(t))
    }

    @Test func differentSizesAreADifference() throws {
        let a = temp("s-a.png")
        let b = temp("s-b.png")
        #expect(run(["shot", a, "--size", "300x200"]).status == 0)
        #expect(run(["shot", b, "--size", "300x201"]).status == 0)
        let r = run(["compare", a, b])
        #expect(r.status == 1 && r.stdout.contains("sizes differ: 300 x 200 against 300 x 201"))
    }

    @Test func withNoInstalledFontTheShotStillHasItsTitles() throws {
        // fontconfig with no font directory at all: the bundled DejaVu Sans draws the
        // titles all the same, and there is nothing to complain about.
        let config = temp("no-fonts.conf")
        let out = temp("no-fonts.png")
        try "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        let r = run(["shot", out, "--specimen", "button-title"], environment: ["FONTCONFIG_FILE": config])
        #expect(r.status == 0 && r.stderr == "", "\(r.stderr)")
        let normal = temp("with-fonts.png")
        #expect(run(["shot", normal, "--specimen", "button-title"]).status == 0)
        #expect(try Surface(contentsOfPNG: out) == Surface(contentsOfPNG: normal))
    }

    @Test func listPrintsEverySpecimen() {
        let r = run(["list"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == Catalog.names.count)
        #expect(lines.first?.split(separator: " ").count == 5)
        #expect(lines.contains { $0.hasPrefix("checkbox-unchecked ") })
    }

    @MainActor
    @Test func shotMatchesTheLibraryAndHonoursScale() throws {
        let out = temp("page2.png")
        let out1 = temp("page1.png")
        #expect(run(["shot", out, "--scale", "2", "--size", "640x400"]).status == 0)
        #expect(run(["shot", out1, "--size", "640x400"]).status == 0)
        let s = try Surface(contentsOfPNG: out, scale: 2)
        let one = try Surface(contentsOfPNG: out1)
        #expect(s.width == 1280 && s.height == 800)
        // The tool's picture is the library's, pixel for pixel.
        #expect(s == (try Gallery.shot(size: Size(width: 640, height: 400), scale: 2)))
        #expect(one == (try Gallery.shot(size: Size(width: 640, height: 400), scale: 1)))
        // Drawn at scale 2, not enlarged: halved it is close to the scale-1 picture (text
        // and edges land on finer pixels), and it is not the scale-1 picture's pixels doubled.
        let d = Metamorphic.difference(Metamorphic.reduced(s), one)
        #expect(d.mean < 2, "scale 2 halved against scale 1: \(d)")
        var doubled = true
        for y in stride(from: 0, to: 800, by: 2) where doubled {
            for x in stride(from: 0, to: 1280, by: 2) where s[x, y] != s[x + 1, y] || s[x, y] != s[x, y + 1] {
                doubled = false
                break
            }
        }
        #expect(!doubled, "the scale-2 shot is the scale-1 shot with its pixels doubled")
    }

    @Test func inputIsReadAsWritten() throws {
        func write(_ name: String, _ bytes: [UInt8]) -> String {
            let path = temp(name)
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            return path
        }
        // CRLF and CR line endings replay as LF does.
        let lf = temp("lf.png")
        let crlf = temp("crlf.png")
        let cr = temp("cr.png")
        let clicks = "click 658 406\n# a comment\nclick 321 414\n"
        #expect(run(["shot", lf, "--replay", write("lf.txt", Array(clicks.utf8))]).status == 0)
        let crlfText = clicks.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(run(["shot", crlf, "--replay", write("crlf.txt", Array(crlfText.utf8))]).status == 0)
        let crText = clicks.replacingOccurrences(of: "\n", with: "\r")
        #expect(run(["shot", cr, "--replay", write("cr.txt", Array(crText.utf8))]).status == 0)
        #expect(try Surface(contentsOfPNG: crlf) == Surface(contentsOfPNG: lf))
        #expect(try Surface(contentsOfPNG: cr) == Surface(contentsOfPNG: lf))
        // Each of these is a one-line usage error with status 2, naming what was wrong.
        let nul = write("nul.txt", Array("click 5 5".utf8) + [0] + Array("junk\n".utf8))
        let cases: [([String], String)] = [
            (["shot", temp("d.png"), "--replay", scratch.path], "not a regular file"),
            (["shot", temp("d.png"), "--size", "5xx5"], "bad --size '5xx5'"),
            (["shot", temp("d.png"), "--size", "x5x5x"], "bad --size 'x5x5x'"),
            (["shot", temp("d.png"), "--size", "16384x16384x"], "bad --size '16384x16384x'"),
            (["shot", temp("d.png"), "--replay", nul], "line 1: click takes two finite numbers"),
            (["shot", temp("d.png"), "--scale", "1e-9"], "make a picture of 0 x 0 pixels"),
            (
                ["shot", temp("d.png"), "--size", "16384x16384", "--scale", "2"],
                "make 32768 x 32768 pixels: a picture may have at most"
            ),
            (["shot", temp("d.png"), "--size", "4096x4096", "--scale", "8"], "make 32768 x 32768 pixels"),
            (["shot", temp("d.png"), "-x"], "unknown option '-x'"),
            (["compare", "/dev/zero", lf], "/dev/zero: not a regular file")
        ]
        for (args, message) in cases {
            let r = run(args)
            #expect(r.status == 2, "\(args): \(r.stderr)")
            #expect(
                r.stderr.hasPrefix("gallery: ") && r.stderr.contains(message)
                    && r.stderr.split(separator: "\n").count == 1,
                "\(args): \(r.stderr)")
        }
        // A diff that cannot be written is not an unreadable input.
        let unwritable = run(["compare", lf, crlf, "--diff", "/proc/no-such-dir/diff.png"])
        #expect(unwritable.status == 3 && unwritable.stderr.contains("cannot write the diff"), "\(unwritable.stderr)")
    }

    @Test func aFailedAllocationIsAOneLineErrorNotACrash() throws {
        // Under a 1 GB address-space limit, the 1 GiB surface of the largest picture (and
        // of a PNG claiming that size) cannot be had: a one-line error, not an abort.
        func limited(_ args: [String]) -> (status: Int32, stderr: String) {
            let quoted = args.map { "'\($0)'" }.joined(separator: " ")
            let r = XvfbServer.run("/bin/sh", ["-c", "ulimit -v 1000000 && exec '\(Self.gallery)' \(quoted)"])
            return (r.status, r.stderr)
        }
        let shot = limited(["shot", temp("huge.png"), "--size", "16384x16384"])
        #expect(
            shot.status == 2 && shot.stderr == "gallery: out of memory: 1024 MiB could not be allocated\n",
            "\(shot.stderr)")
        // rgba8.png's header says 16384 x 16384: within the budget, so the surface is asked for.
        let rgba8 = Golden.packageDirectory.appendingPathComponent("Tests/RasterTests/Data/rgba8.png")
        let bytes = PNGBytes.withHeaderSize(Array(try Data(contentsOf: rgba8)), width: 16384, height: 16384)
        let big = temp("claims-huge.png")
        _ = FileManager.default.createFile(atPath: big, contents: Data(bytes))
        let compare = limited(["compare", big, big])
        #expect(
            compare.status == 2 && compare.stderr.hasSuffix("out of memory: 1024 MiB could not be allocated\n"),
            "\(compare.stderr)")
    }

    @Test func controlCharactersAreShownEscaped() {
        let replay = temp("escape.txt")
        _ = FileManager.default.createFile(atPath: replay, contents: Data("tap\u{1B}[2J 1 2\n".utf8))
        let r = run(["shot", temp("e.png"), "--replay", replay])
        #expect(r.status == 2)
        #expect(!r.stderr.contains("\u{1B}") && r.stderr.contains("unknown action 'tap\\u{1B}[2J'"), "\(r.stderr)")
        let arg = run(["shot", temp("e.png"), "--size", "1\u{7}x2"])
        #expect(arg.status == 2 && arg.stderr.contains("'1\\u{7}x2'") && !arg.stderr.contains("\u{7}"))
    }

    @Test func aReplayShotIsNotWrittenThroughASymbolicLink() throws {
        let target = temp("target.txt")
        let link = temp("link.png")
        let replay = temp("link-replay.txt")
        try "keep".write(toFile: target, atomically: true, encoding: .utf8)
        unlink(link)
        #expect(symlink(target, link) == 0)
        // A replay names its shots relative to the folder of the output, here the scratch folder.
        try "click 10 10\nshot link.png\n".write(toFile: replay, atomically: true, encoding: .utf8)
        let r = run(["shot", temp("after-link.png"), "--replay", replay])
        #expect(r.status == 2 && r.stderr.contains("a symbolic link, not followed"), "\(r.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
        // A plain path is written.
        let plain = temp("plain-shot.png")
        try "click 10 10\nshot plain-shot.png\n".write(toFile: replay, atomically: true, encoding: .utf8)
        #expect(run(["shot", temp("after-plain.png"), "--replay", replay]).status == 0)
        #expect(try Surface(contentsOfPNG: plain).width == 1280)
    }

    @Test func badArgumentsAreOneLineErrorsWithStatusTwo() {
        for args in [
            ["shot"], ["shot", "x.png", "--size", "0x5"], ["shot", "x.png", "--scale", "nan"],
            ["shot", "x.png", "--specimen", "nope"], ["list", "--bogus"], ["frobnicate"],
            ["compare", "a.png"], ["compare", "a", "b", "--tolerance", "-1"]
        ] {
            let r = run(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
        }
        let replay = temp("bad.replay")
        _ = FileManager.default.createFile(atPath: replay, contents: Data("click 1 2\nwiggle 3 4\n".utf8))
        let r = run(["shot", temp("r.png"), "--replay", replay])
        #expect(r.status == 2 && r.stderr.contains("line 2"))
    }

    @Test func helpForEveryCommand() {
        for args in [["--help"], ["shot", "--help"], ["compare", "--help"], ["list", "--help"]] {
            let r = run(args)
            #expect(r.status == 0 && r.stdout.contains("usage: gallery"), "\(args)")
        }
    }

    @Test func withoutADisplayTheWindowSaysSoAndExitsOne() {
        let r = run([], removing: ["DISPLAY"])
        #expect(r.status == 1)
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stderr.contains("DISPLAY") && r.stderr.contains("gallery shot"))
    }
}

/// Pictures that depend on Vitrine alone.
@Suite struct HermeticShotTests {
    @Test func aShotIsTheSameWhicheverFamilyFontconfigPrefers() throws {
        let dir = NSTemporaryDirectory() + "vitrine-\(getpid())-hermetic"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // sans-serif mapped to Liberation Sans, with full hinting and subpixel rendering
        // asked for: none of it may reach the picture.
        let conf = dir + "/fonts.conf"
        try """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
        <fontconfig>
          <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
          <alias binding="strong"><family>sans-serif</family><prefer><family>Liberation Sans</family></prefer></alias>
          <match target="font">
            <edit name="hinting" mode="assign"><bool>true</bool></edit>
            <edit name="hintstyle" mode="assign"><const>hintfull</const></edit>
            <edit name="rgba" mode="assign"><const>rgb</const></edit>
          </match>
        </fontconfig>
        """.write(toFile: conf, atomically: true, encoding: .utf8)
        let fcMatch = try #require(XvfbServer.which("fc-match"), "fc-match is not installed (Debian's fontconfig)")
        let other = XvfbServer.run(fcMatch, ["sans-serif"], environment: ["FONTCONFIG_FILE": conf])
        try #require(
            other.stdout.contains("Liberation Sans"),
            "the configuration must prefer another family (Debian's fonts-liberation): \(other.stdout)")
        for args in [
            ["shot", dir + "/default.png", "--specimen", "button-title", "--scale", "2"],
            ["shot", dir + "/page.png", "--size", "900x500"]
        ] {
            let plain = XvfbServer.run(GalleryToolTests.gallery, args)
            let name = args[1]
            let moved = name.replacingOccurrences(of: ".png", with: "-default.png")
            try FileManager.default.moveItem(atPath: name, toPath: moved)
            let configured = XvfbServer.run(GalleryToolTests.gallery, args, environment: ["FONTCONFIG_FILE": conf])
            #expect(plain.status == 0 && configured.status == 0, "\(plain.stderr) \(configured.stderr)")
            let a = try Data(contentsOf: URL(fileURLWithPath: moved))
            let b = try Data(contentsOf: URL(fileURLWithPath: name))
            #expect(a == b, "\(args): the shot changed with fontconfig's configuration")
        }
    }
}
