import Foundation
import ImageDiff
import Raster
import Testing
import Views

@testable import VitrineTesting

/// Snapshot tests of views, with references beside this file. No independent check of the
/// pictures: these tests are about the library recording and comparing them; what the
/// views draw is checked elsewhere (`ControlStateGoldenTests`, the Cairo oracle).
@MainActor
@Suite struct SnapshotTests {
    func box(checked: Bool) -> Checkbox {
        let b = Checkbox(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        b.checked = checked
        return b
    }

    @Test func aCheckedCheckbox() {
        expectSnapshot(of: box(checked: true), named: "checked")
        expectSnapshot(of: box(checked: true), named: "checked-2x", scale: 2)
    }

    @Test func theReferencePathsFollowTheTest() {
        let s = Snapshotter(filePath: #filePath, mode: .never)
        #expect(s.referenceDirectory.path.hasSuffix("Tests/VitrineTestingTests/__Snapshots__/SnapshotTests"))
        #expect(s.resultsDirectory.path.hasSuffix(".build/snapshot-results/SnapshotTests"))
        #expect(testName("aCheckedCheckbox()") == "aCheckedCheckbox")
    }

    /// A snapshotter over fresh folders.
    func fresh(_ mode: RecordMode) throws -> (Snapshotter, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitrine-snap-\(getpid())-\(UUID().uuidString)")
        let s = Snapshotter(
            referenceDirectory: root.appendingPathComponent("refs"),
            resultsDirectory: root.appendingPathComponent("results"), mode: mode)
        return (s, root)
    }

    @Test func missingThenMatchedThenFailingWithTheThreePictures() throws {
        let (s, root) = try fresh(.missing)
        defer { try? FileManager.default.removeItem(at: root) }
        let unchecked = try #require(snapshotPicture(of: box(checked: false), size: nil, scale: 1))
        let first = s.check(unchecked, file: "test.box")
        guard case .recorded(let path) = first else {
            Issue.record("expected a recording, got \(first)")
            return
        }
        #expect(!first.passed && FileManager.default.fileExists(atPath: path))
        #expect(s.check(unchecked, file: "test.box") == .matched)
        let checked = try #require(snapshotPicture(of: box(checked: true), size: nil, scale: 1))
        let failed = s.check(checked, file: "test.box")
        guard case .mismatched(let report, let written, let problems) = failed else {
            Issue.record("expected a mismatch, got \(failed)")
            return
        }
        #expect(written.count == 3 && problems.isEmpty)
        for p in written { #expect(FileManager.default.fileExists(atPath: p) && failed.message.contains(p)) }
        #expect(report.contains("differing pixels") && written.first?.hasSuffix("test.box.expected.png") == true)
    }

    @Test func recordModes() throws {
        let picture = try #require(snapshotPicture(of: box(checked: false), size: nil, scale: 1))
        let other = try #require(snapshotPicture(of: box(checked: true), size: nil, scale: 1))
        let (never, r1) = try fresh(.never)
        defer { try? FileManager.default.removeItem(at: r1) }
        guard case .missing = never.check(picture, file: "x") else {
            Issue.record("never writes nothing")
            return
        }
        let (failed, r2) = try fresh(.failed)
        defer { try? FileManager.default.removeItem(at: r2) }
        _ = failed.check(picture, file: "x")
        #expect(failed.check(picture, file: "x") == .matched)
        guard case .rerecorded = failed.check(other, file: "x") else {
            Issue.record("failed rewrites what differs")
            return
        }
        #expect(failed.check(other, file: "x") == .matched, "the new reference")
        let (all, r3) = try fresh(.all)
        defer { try? FileManager.default.removeItem(at: r3) }
        _ = all.check(picture, file: "x")
        guard case .rerecorded = all.check(picture, file: "x") else {
            Issue.record("all rewrites everything")
            return
        }
        // A perceptual tolerance lets a small change through.
        let (lenient, r4) = try fresh(.never)
        defer { try? FileManager.default.removeItem(at: r4) }
        try FileManager.default.createDirectory(at: lenient.referenceDirectory, withIntermediateDirectories: true)
        try picture.writePNG(to: lenient.referenceDirectory.appendingPathComponent("y.png").path)
        let nudged = try picture.copy()
        nudged[20, 20] = Pixel(r: 0, g: 0, b: 0, a: 255)
        #expect(lenient.check(nudged, file: "y", tolerance: CompareOptions(maxDiffPixels: 1)) == .matched)
        #expect(lenient.check(nudged, file: "y") != .matched)
    }
}
