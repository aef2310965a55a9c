import Foundation
import Raster
import TestSupport
import Testing

@testable import Gallery

/// The gallery tool under hostile conditions: memory limits, kills, a full disk, FIFOs,
/// paths that try to leave their folder, and output that must tell the truth.
@Suite struct GalleryIntegrityTests {
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory("gallery-integrity") }

    func file(_ name: String) -> String { scratch.file(name) }

    /// Runs the gallery to its end, optionally with at most `memoryKiB` of address space
    /// (as `ulimit -v`) or files of at most `fileBlocks` KiB (as `ulimit -f`); the status,
    /// output and peak memory (`LimitedRun`).
    func gallery(_ args: [String], memoryKiB: Int? = nil, fileBlocks: Int? = nil, timeout: Double = 120)
        -> (status: Int32, stdout: String, stderr: String, peakKiB: Int)
    {
        LimitedRun.run(
            GalleryToolTests.gallery, args, memoryBytes: memoryKiB.map { $0 * 1024 },
            fileBytes: fileBlocks.map { $0 * 1024 }, timeout: timeout)
    }

    func writeBytes(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    // MARK: Memory

    /// Two pictures of the largest size (1 GiB each in memory) under 1 and 2 GiB of
    /// address space: one line and status 2, never an abort (134).
    @Test func comparingTheLargestPicturesUnderAMemoryLimitIsAnError() throws {
        let a = file("huge-a.png")
        let b = file("huge-b.png")
        let png = PNGBytes.transparent(width: 32768, height: 8192)
        try writeBytes(png, to: a)
        try writeBytes(png, to: b)
        for limit in [1 << 20, 2 << 20] {
            let r = gallery(["compare", a, b], memoryKiB: limit)
            #expect(r.status == 2, "under \(limit >> 10) MiB: \(r.status) \(r.stderr.suffix(300))")
            #expect(
                r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("out of memory"),
                "\(r.stderr.suffix(300))")
        }
        // Under 3 GiB the two pictures fit, and nothing of their size is made besides: the
        // comparison ends (copying them whole, it aborted here). Decoding and comparing
        // 2 GiB of pixels takes under a minute alone, and over two beside the other
        // tests on two cores, so this run has ten minutes before it is killed (137).
        let r = gallery(["compare", a, b], memoryKiB: 3 << 20, timeout: 600)
        #expect(r.status == 0, "\(r.status) \(r.stderr.suffix(300))")
    }

    /// Without a limit, comparing two pictures holds the two and nothing of their size
    /// besides: under 3x one picture at the peak (it was 4x, with both copied whole).
    @Test func comparingTwoPicturesHoldsLessThanThreeOfThem() throws {
        let a = file("big-a.png")
        let b = file("big-b.png")
        let png = PNGBytes.transparent(width: 8192, height: 8192)
        try writeBytes(png, to: a)
        try writeBytes(png, to: b)
        let r = gallery(["compare", a, b])
        let picture = 8192 * 8192 * 4 / 1024
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.peakKiB > 2 * picture && r.peakKiB < 3 * picture,
            "peak \(r.peakKiB >> 10) MiB, a picture \(picture >> 10) MiB")
    }

    /// Sixteen changed pictures of 1024 x 1024: the report is streamed, one pair at a
    /// time (it held all of them, 784 MB, and aborted under 1 GB).
    @Test func aReportOfSixteenChangesIsStreamed() throws {
        let before = try scratch.folder("before16")
        let after = try scratch.folder("after16")
        // Noise, which PNG cannot compress: each picture is about 4 MB as a file too.
        let noise = try Surface(width: 1024, height: 1024)
        var random = SplitMix64Test(seed: 16)
        for y in 0..<1024 {
            for x in 0..<1024 { noise[x, y] = Pixel(argb: UInt32(truncatingIfNeeded: random.next()) | 0xff00_0000) }
        }
        for i in 0..<16 {
            noise[i, 0] = Pixel(r: UInt8(i), g: 0, b: 0, a: 255)
            try writeBytes(try noise.pngDataFavouringSpeed(), to: before + "/p\(i).png")
            noise[5, 5 + i] = Pixel(r: 0, g: 0, b: 0, a: 255)
            noise[6, 5 + i] = Pixel(r: 255, g: 255, b: 255, a: 255)
            try writeBytes(try noise.pngDataFavouringSpeed(), to: after + "/p\(i).png")
        }
        let report = file("report16.html")
        let r = gallery(["compare", before, after, "--report", report], memoryKiB: 1 << 20)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("16 changed"), "\(r.stdout.prefix(200))")
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.components(separatedBy: "<section id=").count == 17 && html.hasSuffix("</body></html>\n"))
        #expect(r.peakKiB < 200 * 1024, "peak \(r.peakKiB >> 10) MiB")
    }

    /// A card at the largest window size draws the card only (it drew the whole page,
    /// 1 GiB for a picture of 134 x 92). Under a limit of address space it still ends in
    /// a picture or one line, never an abort: the page's views that draw nothing are
    /// still given a store of their size for a moment, untouched, which such a limit counts.
    @Test func aCardShotAtTheLargestSizeDrawsOnlyTheCard() throws {
        let out = file("card.png")
        let r = gallery(["shot", out, "--specimen", "checkbox-checked", "--size", "16384x16384"])
        #expect(r.status == 0 && r.peakKiB < 96 * 1024, "\(r.stderr) peak \(r.peakKiB >> 10) MiB")
        let small = file("card-small.png")
        #expect(gallery(["shot", small, "--specimen", "checkbox-checked"]).status == 0)
        #expect(try Surface(contentsOfPNG: out) == Surface(contentsOfPNG: small))
        for limit in [1 << 20, 2 << 20] {
            let limited = gallery(
                ["shot", out, "--specimen", "checkbox-checked", "--size", "16384x16384"], memoryKiB: limit)
            #expect(
                limited.status == 0 || limited.status == 2 && limited.stderr.split(separator: "\n").count == 1,
                "\(limited.status) \(limited.stderr)")
            let whole = gallery(["shot", file("page.png"), "--size", "16384x16384"], memoryKiB: limit)
            #expect(
                whole.status == 2 && whole.stderr.contains("out of memory"),
                "the page itself is refused: \(whole.stderr)")
        }
    }

    // MARK: Numbers

    @Test func anIgnoredRegionOfAnySizeIsClamped() throws {
        let a = file("n.png")
        #expect(gallery(["shot", a, "--specimen", "shape-star"]).status == 0)
        for region in ["0,0,1e19,1", "-1e300,-1e300,1e300,1e300", "0,0,1e308,1e308", "5e-324,0,5e-324,1"] {
            let r = gallery(["compare", a, a, "--ignore", region])
            #expect(r.status == 0, "\(region): \(r.status) \(r.stderr)")
        }
        for bad in ["0,0,inf,1", "nan,0,1,1", "0,0,-1,1", "1,2,3"] {
            #expect(gallery(["compare", a, a, "--ignore", bad]).status == 2, "\(bad)")
        }
    }

    // MARK: Kills and full disks

    /// Killed at random moments, a shot leaves its destination old and whole or new and
    /// whole, never a part.
    @Test func aKilledShotLeavesTheOldPictureOrTheNew() throws {
        let out = file("killed.png")
        #expect(gallery(["shot", out, "--specimen", "shape-star"]).status == 0)
        let old = try Surface(contentsOfPNG: out)
        let fresh = file("fresh.png")
        #expect(gallery(["shot", fresh, "--scale", "2"]).status == 0)
        let new = try Surface(contentsOfPNG: fresh)
        var sawOld = 0
        var sawNew = 0
        var random = SplitMix64Test(seed: 43)
        for _ in 0..<20 {
            let child = try Child(GalleryToolTests.gallery, ["shot", out, "--scale", "2"])
            usleep(UInt32(random.next() % 900_000))
            child.signal(SIGKILL)
            _ = child.wait(timeout: 30)
            let now = try Surface(contentsOfPNG: out)
            if now == old {
                sawOld += 1
            } else if now == new {
                sawNew += 1
            } else {
                Issue.record("a picture that is neither")
            }
            try old.writePNG(to: out)
        }
        #expect(sawOld + sawNew == 20, "old \(sawOld), new \(sawNew)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix(".killed") }.count
                <= 20)
    }

    /// Killed at random moments, a report and a diff are old and whole or new and whole.
    @MainActor @Test func aKilledReportOrDiffLeavesTheOldFileOrTheNew() throws {
        let x = try scratch.folder("kx")
        let y = try scratch.folder("ky")
        for name in ["shape-star", "checkbox-checked", "button-title", "gradient-vertical"] {
            #expect(gallery(["shot", x + "/\(name).png", "--specimen", name, "--scale", "2"]).status == 0)
            #expect(gallery(["shot", y + "/\(name).png", "--specimen", name]).status == 0)
        }
        let report = file("killed.html")
        let old = "<html>old</html>\n"
        try old.write(toFile: report, atomically: true, encoding: .utf8)
        #expect(gallery(["compare", x, y, "--report", report]).status == 1)
        let new = try String(contentsOfFile: report, encoding: .utf8)
        let a = file("kd-a.png")
        let b = file("kd-b.png")
        let diff = file("kd-diff.png")
        #expect(gallery(["shot", a, "--scale", "2"]).status == 0)
        #expect(gallery(["shot", b, "--scale", "2", "--replay", try replayClick()]).status == 0)
        try Surface(width: 3, height: 3).writePNG(to: diff)
        var random = SplitMix64Test(seed: 35)
        for i in 0..<20 {
            try old.write(toFile: report, atomically: true, encoding: .utf8)
            let child = try Child(
                GalleryToolTests.gallery,
                i % 2 == 0
                    ? ["compare", x, y, "--report", report]
                    : ["compare", a, b, "--diff", diff])
            usleep(UInt32(random.next() % 600_000))
            child.signal(SIGKILL)
            _ = child.wait(timeout: 30)
            let now = try String(contentsOfFile: report, encoding: .utf8)
            #expect(now == old || now == new, "run \(i): a report of \(now.utf8.count) bytes")
            let d = try Surface(contentsOfPNG: diff)
            #expect(d.width == 3 || d.width == 2560, "run \(i): the diff decodes whole")
        }
    }

    /// A replay file with one click on the first checkbox.
    @MainActor func replayClick() throws -> String {
        let path = file("click.txt")
        let box = try #require(Gallery.list().first { $0.name == "checkbox-unchecked" }).frame.center
        try "click \(box.x) \(box.y)\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A kill during `shot --all` leaves a manifest that says the set is incomplete, not
    /// an old manifest beside new pictures.
    @Test func aKilledShotAllSaysItIsIncomplete() throws {
        let dir = file("set")
        let first = gallery(["shot", "--all", dir])
        #expect(first.status == 0, "the folder is made: \(first.stderr)")
        #expect(try String(contentsOfFile: dir + "/manifest.json", encoding: .utf8).contains("\"complete\": true"))
        let child = try Child(GalleryToolTests.gallery, ["shot", "--all", dir, "--scale", "2"])
        usleep(1_500_000)
        child.signal(SIGKILL)
        _ = child.wait(timeout: 30)
        let manifest = try String(contentsOfFile: dir + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"complete\": false"), "\(manifest.prefix(200))")
    }

    /// A full disk, as a file size limit the tool cannot pass: status 3, the path and the
    /// cause named, and the old file whole.
    @Test func aFullDiskLeavesTheOldFileAndNamesTheCause() throws {
        let out = file("limited.png")
        #expect(gallery(["shot", out, "--specimen", "shape-star"]).status == 0)
        let old = try Surface(contentsOfPNG: out)
        let r = gallery(["shot", out], fileBlocks: 16)
        #expect(r.status == 3, "\(r.status) \(r.stderr)")
        #expect(r.stderr.contains(out) && r.stderr.contains("EFBIG"), "\(r.stderr)")
        #expect(try Surface(contentsOfPNG: out) == old)
        let diff = file("limited-diff.png")
        let big = file("big.png")
        #expect(gallery(["shot", big]).status == 0)
        try old.writePNG(to: diff)
        let d = gallery(["compare", big, big, "--diff", diff], fileBlocks: 16)
        #expect(d.status == 3 && d.stderr.contains("EFBIG"), "\(d.stderr)")
        #expect(try Surface(contentsOfPNG: diff) == old)
    }

    // MARK: Files that are files

    @Test(.timeLimit(.minutes(1)))
    func aFIFOAnywhereAnInputIsExpectedIsRefusedAtOnce() throws {
        let fifo = file("fifo.png")
        let a = file("f.png")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(gallery(["shot", a, "--specimen", "shape-star"]).status == 0)
        let r = gallery(["compare", a, fifo], timeout: 20)
        #expect(r.status == 2 && r.stderr.contains("not a regular file"), "\(r.stderr)")
        let replay = gallery(["shot", file("r.png"), "--replay", fifo], timeout: 20)
        #expect(replay.status == 2 && replay.stderr.contains("not a regular file"), "\(replay.stderr)")
        let x = try scratch.folder("fx")
        let y = try scratch.folder("fy")
        try Surface(contentsOfPNG: a).writePNG(to: x + "/p.png")
        #expect(mkfifo(y + "/p.png", 0o600) == 0)
        let folders = gallery(["compare", x, y], timeout: 20)
        #expect(folders.status == 1 && folders.stdout.contains("unreadable: p.png"), "\(folders.stdout)")
    }

    // MARK: Confinement

    @Test func aReplaysShotStaysInItsFolder() throws {
        let out = try scratch.folder("replay-out")
        let outside = try scratch.folder("replay-outside")
        #expect(symlink(outside, out + "/away") == 0)
        for target in ["../escape.png", "/tmp/vitrine-escape-\(getpid()).png", "away/x.png"] {
            let script = file("script.txt")
            try "shot \(target)\n".write(toFile: script, atomically: true, encoding: .utf8)
            let r = gallery(["shot", out + "/final.png", "--replay", script])
            #expect(r.status == 2, "\(target): \(r.status) \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out + "/final.png"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: scratch.file("escape.png")))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/vitrine-escape-\(getpid()).png"))
        // Inside the folder it writes where it is told.
        let script = file("good.txt")
        try "shot first.png\n".write(toFile: script, atomically: true, encoding: .utf8)
        #expect(gallery(["shot", out + "/final.png", "--replay", script]).status == 0)
        #expect(FileManager.default.fileExists(atPath: out + "/first.png"))
    }

    @Test func aFolderComparisonReportsALinkWithoutFollowingIt() throws {
        let x = try scratch.folder("lx")
        let y = try scratch.folder("ly")
        let secret = file("secret.png")
        #expect(gallery(["shot", secret, "--specimen", "shape-star"]).status == 0)
        #expect(gallery(["shot", x + "/s.png", "--specimen", "checkbox-checked"]).status == 0)
        #expect(symlink(secret, y + "/s.png") == 0)
        let report = file("links.html")
        let r = gallery(["compare", x, y, "--report", report])
        #expect(
            r.status == 1 && r.stdout.contains("unreadable: s.png") && r.stdout.contains("symbolic link"), "\(r.stdout)"
        )
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(!html.contains("data:image/png"), "nothing behind the link is inlined")
    }

    // MARK: Messages

    @Test func theSummaryEscapesNamesAndSaysWhenSizesDiffer() throws {
        let x = try scratch.folder("mx")
        let y = try scratch.folder("my")
        let name = "bell\u{7}\u{1B}[31m.png"
        #expect(gallery(["shot", x + "/" + name, "--specimen", "shape-star"]).status == 0)
        #expect(gallery(["shot", y + "/" + name, "--specimen", "checkbox-checked"]).status == 0)
        let r = gallery(["compare", x, y])
        #expect(r.status == 1 && !r.stdout.contains("\u{1B}") && r.stdout.contains("\\u{1B}"), "\(r.stdout)")
        #expect(r.stdout.contains("sizes differ") && !r.stdout.contains(": 0 pixels"), "\(r.stdout)")
    }

    @Test func optionsThatDoNotApplyAndOutputsThatAreInputsAreErrors() throws {
        let a = file("o-a.png")
        let b = file("o-b.png")
        #expect(gallery(["shot", a, "--specimen", "shape-star"]).status == 0)
        #expect(gallery(["shot", b, "--specimen", "checkbox-checked"]).status == 0)
        let dir = try scratch.folder("o-dir")
        let cases: [[String]] = [
            ["compare", a, a, "--report", file("r.html")],
            ["compare", dir, dir, "--diff", file("d.png")],
            ["compare", a, dir],
            ["shot", "--all", dir, "--specimen", "shape-star"],
            ["shot", "--all", dir, "--time", "1"],
            ["shot", file("out.jpg")],
            ["compare", a, b, "--diff", a]
        ]
        for args in cases {
            let r = gallery(args)
            #expect(r.status == 2 && r.stderr.split(separator: "\n").count == 1, "\(args): \(r.status) \(r.stderr)")
        }
        #expect(try Surface(contentsOfPNG: a).width > 0, "the input is whole")
        // A diff of pictures of different sizes says so, with status 1.
        let r = gallery(["compare", a, b, "--diff", file("sizes.png")])
        #expect(
            r.status == 1 && r.stderr.contains("sizes differ")
                && !FileManager.default.fileExists(atPath: file("sizes.png")),
            "\(r.stderr)")
        // A bad replay is status 2 for one shot and for all.
        let script = file("bad.txt")
        try "jump 1 2\n".write(toFile: script, atomically: true, encoding: .utf8)
        #expect(gallery(["shot", file("x.png"), "--replay", script]).status == 2)
        #expect(gallery(["shot", "--all", file("xs"), "--replay", script]).status == 2)
        // The statuses are listed in the help.
        let help = gallery(["--help"])
        #expect(help.stdout.contains("3  an output that cannot be written"))
    }
}

/// A small seeded generator for test pictures.
struct SplitMix64Test {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The live window under a memory limit.
@Suite(.serialized, .enabled(if: XvfbServer.unavailableReason == nil, "\(XvfbServer.unavailableReason ?? "")"))
struct LiveIntegrityTests {
    /// A resize past what memory allows keeps the old frame, says so, and the window goes
    /// on answering (it released the old frame first and again in deinit: a double free).
    @MainActor @Test func aResizePastTheMemoryLimitKeepsTheWindowRunning() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let scratch = try ScratchDirectory("live-integrity")
        let out = scratch.file("stdout.txt")
        let err = scratch.file("stderr.txt")
        // Tall enough (within the server's 900 rows) to show the checkboxes unscrolled.
        let child = try Child(
            "/bin/sh",
            ["-c", "cd '\(scratch.path)' && ulimit -v 1048576 && exec '\(GalleryToolTests.gallery)' --size 1280x880"],
            set: ["DISPLAY": server.displayName], stdout: out, stderr: err)
        defer {
            child.signal(SIGTERM)
            _ = child.wait(timeout: 5)
        }
        let xdotool = try #require(XvfbServer.which("xdotool"))
        let found = XvfbServer.run(
            xdotool, ["search", "--sync", "--class", "Vitrine"], environment: ["DISPLAY": server.displayName],
            timeout: 20)
        let id = try #require(found.stdout.split(separator: "\n").first.map(String.init), "\(found.stderr)")
        server.xdotool("windowsize", id, "16384", "16384")
        func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline && !text(err).contains("the window keeps its size") && child.isRunning {
            usleep(50_000)
        }
        #expect(child.isRunning, "the window is still running: \(text(err))")
        #expect(text(err).contains("out of memory") && text(err).contains("the window keeps its size"), "\(text(err))")
        // It answers keys and clicks: a screenshot before and after a click on a checkbox,
        // each named on standard output, differ where the checkbox is.
        func screenshot(_ count: Int) -> String? {
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline && child.isRunning {
                let names = text(out).split(separator: "\n")
                if names.count >= count, let last = names.last { return scratch.file(String(last)) }
                server.xdotool("key", "--window", id, "F12")
                usleep(300_000)
            }
            return nil
        }
        _ = try #require(screenshot(1), "\(text(out)) \(text(err))")
        usleep(1_000_000)  // F12 presses still queued land before the click
        let names = text(out).split(separator: "\n")
        let taken = names.count
        let before = scratch.file(String(names[taken - 1]))
        let box = try #require(
            Gallery.list(size: Size(width: 1280, height: 880)).first { $0.name == "checkbox-unchecked" }
        ).frame
        server.xdotool("mousemove", "--window", id, "\(Int(box.midX))", "\(Int(box.midY))", "click", "1")
        usleep(300_000)
        let after = try #require(screenshot(taken + 1), "\(text(out)) \(text(err))")
        let a = try Surface(contentsOfPNG: before)
        let b = try Surface(contentsOfPNG: after)
        var changed = 0
        for y in Int(box.minY)..<Int(box.maxY) {
            for x in Int(box.minX)..<Int(box.maxX) where a[x, y] != b[x, y] { changed += 1 }
        }
        #expect(changed > 20, "the click toggled the checkbox: \(changed) pixels changed")
        #expect(child.isRunning)
    }

    /// A window larger than a frame can be is refused with the limit named, not a raw X
    /// error.
    @Test func anOversizedWindowIsRefusedWithItsLimit() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let r = XvfbServer.run(
            GalleryToolTests.gallery, ["--size", "16384x16384", "--scale", "2"],
            environment: ["DISPLAY": server.displayName], timeout: 30)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("32768 x 32768 pixels is too large: at most 16384 pixels a side"), "\(r.stderr)")
        #expect(!r.stderr.contains("BadValue"))
    }
}
