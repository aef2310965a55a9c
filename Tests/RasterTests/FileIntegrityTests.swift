import Foundation
import RasterScenes
import TestSupport
import Testing

@testable import Raster

/// Files that are files, writes that are whole or not at all, and writes confined to
/// their folder.
@Suite struct FileIntegrityTests {
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory("file-integrity") }

    func picture(_ colour: Pixel, side: Int = 8) throws -> Surface {
        let s = try Surface(width: side, height: side)
        s.clear(to: colour)
        return s
    }

    /// The names in the scratch folder that are temporaries left behind.
    func temporaries(in dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".tmp") }
    }

    @Test(.timeLimit(.minutes(1)))
    func aFIFOOrAFolderIsRefusedAtOnceNotRead() throws {
        let fifo = scratch.file("pipe.png")
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opening a FIFO for reading waits for a writer: the read must not.
        let start = Date()
        #expect(throws: RasterError.notAFile(path: fifo)) { try Surface(contentsOfPNG: fifo) }
        #expect(throws: RasterError.notAFile(path: scratch.path)) { try Surface(contentsOfPNG: scratch.path) }
        #expect(Date().timeIntervalSince(start) < 5, "refused promptly")
        // Nor is a FIFO a destination.
        #expect(throws: RasterError.notAFile(path: fifo)) { try picture(.clear).writePNG(to: fifo) }
    }

    @Test func aWriteIsWholeOrNotAtAllAndLeavesNoTemporary() throws {
        let path = scratch.file("a.png")
        let red = try picture(Pixel(r: 255, g: 0, b: 0, a: 255))
        let blue = try picture(Pixel(r: 0, g: 0, b: 255, a: 255))
        try red.writePNG(to: path)
        chmod(path, 0o640)
        // An atomic file dropped before its commit leaves the destination as it was.
        do {
            let file = try AtomicFile(path: path)
            try file.write(Array("not a picture".utf8))
            #expect(try Surface(contentsOfPNG: path) == red, "untouched before the commit")
        }
        #expect(try Surface(contentsOfPNG: path) == red)
        #expect(try temporaries(in: scratch.path).isEmpty)
        try blue.writePNG(to: path)
        #expect(try Surface(contentsOfPNG: path) == blue)
        #expect(try temporaries(in: scratch.path).isEmpty)
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o640, "the new file keeps the old one's permissions")
    }

    @Test func aLinkIsRefusedWhereLinksAreAndNeverWrittenThrough() throws {
        let target = scratch.file("target.png")
        let link = scratch.file("link.png")
        let red = try picture(Pixel(r: 255, g: 0, b: 0, a: 255))
        try red.writePNG(to: target)
        #expect(symlink(target, link) == 0)
        #expect(throws: RasterError.symbolicLink(path: link)) {
            try picture(.clear).writePNG(to: link, refusingSymbolicLinks: true)
        }
        // Without refusing, the link itself is replaced: its target is never written.
        try picture(.clear).writePNG(to: link)
        #expect(try Surface(contentsOfPNG: target) == red)
        #expect(!AtomicFile.isLink(link))
    }

    @Test func aConfinedWriteStaysBelowItsFolder() throws {
        let base = try scratch.folder("out")
        let outside = try scratch.folder("outside")
        try FileManager.default.createDirectory(atPath: base + "/sub", withIntermediateDirectories: false)
        #expect(symlink(outside, base + "/away") == 0)
        #expect(symlink(outside + "/x.png", base + "/last.png") == 0)
        let p = try picture(.clear)
        for path in ["../escape.png", "/tmp/escape.png", "sub/../../escape.png", "..", "sub/.."] {
            #expect(throws: RasterError.escapes(path: path, folder: base), "\(path)") {
                try p.writePNG(to: path, beneath: base)
            }
        }
        #expect(throws: RasterError.symbolicLink(path: base + "/away")) {
            try p.writePNG(to: "away/x.png", beneath: base)
        }
        #expect(throws: RasterError.symbolicLink(path: base + "/last.png")) {
            try p.writePNG(to: "last.png", beneath: base)
        }
        try p.writePNG(to: "sub/in.png", beneath: base)
        try p.writePNG(to: "./top.png", beneath: base)
        #expect(
            FileManager.default.fileExists(atPath: base + "/sub/in.png")
                && FileManager.default.fileExists(atPath: base + "/top.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty, "nothing written outside")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("escape.png")))
    }

    @Test func aFolderListsLinksAsLinksAndReadsNoneThrough() throws {
        let dir = try scratch.folder("listed")
        try picture(.clear).writePNG(to: dir + "/a.png")
        #expect(symlink("/etc/passwd", dir + "/b.png") == 0)
        #expect(mkfifo(dir + "/c.png", 0o600) == 0)
        let folder = try Folder(dir)
        let entries = try folder.entries()
        #expect(entries.map(\.name) == ["a.png", "b.png", "c.png"])
        #expect(entries.map(\.kind) == [.file, .symbolicLink, .other])
        #expect(throws: RasterError.symbolicLink(path: dir + "/b.png")) { try folder.read("b.png") }
        #expect(throws: RasterError.notAFile(path: dir + "/c.png")) { try folder.read("c.png") }
        #expect(try folder.read("a.png").count > 0)
    }

    /// A full disk: a tmpfs of 64 KiB made by the test (root can mount one; elsewhere the
    /// tool-level test of a file size limit covers the same path).
    @Test func aFullDiskLeavesTheOldFileAndSaysWhy() throws {
        let mountPoint = try scratch.folder("small")
        guard geteuid() == 0,
            XvfbServer.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint]).status == 0
        else {
            withKnownIssue(
                "mounting a tmpfs needs root; GalleryIntegrityTests covers a full disk with a file size limit"
            ) {
                Issue.record("skipped")
            }
            return
        }
        defer { _ = XvfbServer.run("/bin/umount", [mountPoint]) }
        let path = mountPoint + "/old.png"
        let small = try picture(Pixel(r: 10, g: 200, b: 30, a: 255))
        try small.writePNG(to: path)
        // Noise does not compress: 256 x 256 pixels are far more than 64 KiB.
        let noise = try Surface(width: 256, height: 256)
        var random = SplitMix64(seed: 7)
        for y in 0..<256 {
            for x in 0..<256 { noise[x, y] = Pixel(argb: UInt32(truncatingIfNeeded: random.next()) | 0xff00_0000) }
        }
        #expect(throws: RasterError.file(path: path, errno: ENOSPC)) { try noise.writePNG(to: path) }
        #expect(RasterError.file(path: path, errno: ENOSPC).description.contains("No space left on device (ENOSPC)"))
        #expect(try Surface(contentsOfPNG: path) == small, "the old file is whole")
        #expect(try temporaries(in: mountPoint).isEmpty, "the temporary is removed")
        #expect(throws: RasterError.file(path: mountPoint + "/big.txt", errno: ENOSPC)) {
            try FileIO.write([UInt8](repeating: 7, count: 200_000), to: mountPoint + "/big.txt")
        }
    }
}
