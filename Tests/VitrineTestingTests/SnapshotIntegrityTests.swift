import Foundation
import ImageDiff
import Raster
import Testing
import Views

@testable import VitrineTesting

/// What the snapshot library says when files misbehave: only what it did, and a way to
/// repair what it cannot read.
@MainActor
@Suite struct SnapshotIntegrityTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitrine-snapint-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func picture(_ checked: Bool) throws -> Surface {
        let b = Checkbox(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        b.checked = checked
        return try #require(snapshotPicture(of: b, size: nil, scale: 1))
    }

    func snapshotter(_ mode: RecordMode, references: String = "refs", results: String = "results") -> Snapshotter {
        Snapshotter(
            referenceDirectory: root.appendingPathComponent(references),
            resultsDirectory: root.appendingPathComponent(results),
            mode: mode)
    }

    @Test func aCorruptReferenceIsReportedAndRepairedByFailed() throws {
        let never = snapshotter(.never)
        try FileManager.default.createDirectory(at: never.referenceDirectory, withIntermediateDirectories: true)
        let reference = never.referenceDirectory.appendingPathComponent("x.png")
        try Data("not a picture".utf8).write(to: reference)
        let p = try picture(true)
        guard case .unreadable(let path, let reason) = never.check(p, file: "x") else {
            Issue.record("not reported")
            return
        }
        #expect(path == reference.path && reason.contains("cannot decode PNG"))
        #expect(never.check(p, file: "x").message.contains("VITRINE_RECORD=failed"))
        // failed repairs it, and says so.
        guard case .rerecorded(_, let report) = snapshotter(.failed).check(p, file: "x") else {
            Issue.record("not repaired")
            return
        }
        #expect(report.contains("could not be read"))
        #expect(never.check(p, file: "x") == .matched)
    }

    @Test func aReferenceThatCannotBeWrittenIsSaidNotToBe() throws {
        // A folder where the reference's file should be: nothing can be written there.
        let s = snapshotter(.failed)
        try FileManager.default.createDirectory(
            at: s.referenceDirectory.appendingPathComponent("y.png"),
            withIntermediateDirectories: true)
        let outcome = s.check(try picture(true), file: "y")
        guard case .notWritten(let path, let reason) = outcome else {
            Issue.record("got \(outcome)")
            return
        }
        #expect(path.hasSuffix("y.png") && reason.contains("not a regular file"))
        #expect(!outcome.message.contains("recorded anew"))
        // The same for a missing reference whose folder cannot be made (a file is in its way).
        try Data().write(to: root.appendingPathComponent("blocked"))
        let blocked = snapshotter(.missing, references: "blocked/refs")
        guard case .notWritten = blocked.check(try picture(true), file: "z") else {
            Issue.record("claimed a recording")
            return
        }
    }

    @Test func aMismatchNamesOnlyTheFilesItWrote() throws {
        let record = snapshotter(.missing)
        _ = record.check(try picture(false), file: "w")
        try Data().write(to: root.appendingPathComponent("no-results"))
        let s = snapshotter(.missing, results: "no-results/here")
        let outcome = s.check(try picture(true), file: "w")
        guard case .mismatched(_, let written, let problems) = outcome else {
            Issue.record("got \(outcome)")
            return
        }
        #expect(written.isEmpty && problems.count == 1)
        #expect(!outcome.message.contains("written:") && outcome.message.contains("no picture saved"))
    }

    // No time limit: on the main actor behind a loaded suite, waiting counts against it.
    @Test func aFIFOAsAReferenceIsAnErrorNotAHang() throws {
        let s = snapshotter(.never)
        try FileManager.default.createDirectory(at: s.referenceDirectory, withIntermediateDirectories: true)
        #expect(mkfifo(s.referenceDirectory.appendingPathComponent("f.png").path, 0o600) == 0)
        guard case .unreadable(_, let reason) = s.check(try picture(true), file: "f") else {
            Issue.record("not refused")
            return
        }
        #expect(reason.contains("not a regular file"))
    }

    @Test func withoutARecordModeMissingReferencesAreRecorded() throws {
        #expect(Snapshotter(filePath: #filePath, mode: nil, recordVariable: nil).mode == .missing)
        #expect(Snapshotter(filePath: #filePath, mode: nil, recordVariable: "").mode == .missing)
        #expect(Snapshotter(filePath: #filePath, mode: nil, recordVariable: "never").mode == .never)
        #expect(
            Snapshotter(filePath: #filePath, mode: .all, recordVariable: "never").mode == .all, "the mode given wins")
    }

    @Test func anUnknownRecordModeIsAnErrorNamingTheValidOnes() throws {
        #expect(throws: RecordModeError(value: "sometimes")) { try RecordMode.named("sometimes") }
        #expect(
            try RecordMode.named("FAILED") == .failed && RecordMode.named("") == nil && RecordMode.named(nil) == nil)
        let s = Snapshotter(filePath: #filePath, mode: nil, recordVariable: "sometimes")
        let outcome = s.check(try picture(true), file: "never-read")
        #expect(
            !outcome.passed
                && outcome.message
                    == "VITRINE_RECORD='sometimes' is not a record mode: use one of all, missing, failed, never"
        )
    }

    @Test func anIgnoredRegionOfAnySizeIsSafe() throws {
        let s = snapshotter(.missing)
        _ = s.check(try picture(false), file: "i")
        for r in [
            Rect(x: 0, y: 0, width: 1e300, height: 1e300), Rect(x: .nan, y: 0, width: 1, height: 1),
            Rect(x: -.infinity, y: 0, width: .infinity, height: 5), Rect(x: 0, y: 0, width: 1e19, height: 1)
        ] {
            _ = s.check(try picture(true), file: "i", tolerance: CompareOptions(ignoredRegions: [r]))
        }
        #expect(
            s.check(
                try picture(true), file: "i",
                tolerance: CompareOptions(ignoredRegions: [Rect(x: -1e300, y: -1e300, width: 1e301, height: 1e301)]))
                == .matched)
    }
}
