import Foundation
import TestSupport
import Testing

/// The directory a test writes its files in: its own, and gone with it.
@Suite struct ScratchDirectoryTests {
    @Test func itsFilesGoWhenItIsDropped() throws {
        var scratch: ScratchDirectory? = try ScratchDirectory("scratch-test")
        let path = try #require(scratch?.path)
        let inner = try #require(try scratch?.folder("inner"))
        try "x".write(toFile: inner + "/file.txt", atomically: false, encoding: .utf8)
        #expect(FileManager.default.fileExists(atPath: inner + "/file.txt"))
        #expect(path.hasPrefix(NSTemporaryDirectory()))
        let other = try ScratchDirectory("scratch-test")
        #expect(other.path != path, "two scratch directories share no name")
        scratch = nil
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(FileManager.default.fileExists(atPath: other.path))
    }

    @Test func aDirectoryThatCannotBeMadeIsAnError() throws {
        // The label names a folder that does not exist, so the directory cannot be made.
        #expect(throws: ScratchError.self) { try ScratchDirectory("no-such-folder/x") }
    }
}
