import Foundation
import ImageDiff
import Raster

/// Where references and results live, and how a picture is checked against its reference:
/// the machinery behind `expectSnapshot`, usable on its own.
public struct Snapshotter: Sendable {
    /// The folder of the references (`__Snapshots__/<test file name>`).
    public let referenceDirectory: URL
    /// The folder failures are written to.
    public let resultsDirectory: URL
    /// The record mode.
    public let mode: RecordMode

    /// What a check found.
    public enum Outcome: Equatable, Sendable {
        /// The picture equals its reference within the tolerance.
        case matched
        /// The reference was missing and has been written (a failure: look at it).
        case recorded(reference: String)
        /// The reference was missing and the mode records nothing.
        case missing(reference: String)
        /// The picture differs; the expected, actual and diff pictures were written.
        case mismatched(report: String, expected: String, actual: String, diff: String?)
        /// The reference was rewritten by the record mode (a failure: look at it).
        case rerecorded(reference: String, report: String)

        /// Whether the check passed.
        public var passed: Bool { self == .matched }

        /// What a failing check says.
        public var message: String {
            switch self {
            case .matched: return "the snapshot matches its reference"
            case .recorded(let r): return "no reference: recorded \(r); look at it, then run the test again"
            case .missing(let r): return "no reference at \(r), and the record mode is never"
            case let .mismatched(report, e, a, d):
                return "the snapshot differs from its reference\n\(report)\nexpected: \(e)\nactual: \(a)"
                    + (d.map { "\ndiff: \($0)" } ?? "")
            case let .rerecorded(r, report): return "the reference was recorded anew: \(r)\n\(report)"
            }
        }
    }

    /// A snapshotter for the test file at `filePath`: references beside it in
    /// `__Snapshots__/<file name>/`, results in `VITRINE_SNAPSHOT_RESULTS` or
    /// `.build/snapshot-results/<file name>/` of the package holding it; the mode given,
    /// else `VITRINE_RECORD`, else `missing`.
    public init(filePath: String, mode: RecordMode? = nil) {
        let file = URL(fileURLWithPath: filePath)
        let stem = file.deletingPathExtension().lastPathComponent
        referenceDirectory = file.deletingLastPathComponent().appendingPathComponent("__Snapshots__/\(stem)")
        let results: URL
        if let env = ProcessInfo.processInfo.environment["VITRINE_SNAPSHOT_RESULTS"], !env.isEmpty {
            results = URL(fileURLWithPath: env)
        } else {
            var dir = file.deletingLastPathComponent()
            while dir.path != "/" && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                dir = dir.deletingLastPathComponent()
            }
            results = dir.appendingPathComponent(".build/snapshot-results")
        }
        resultsDirectory = results.appendingPathComponent(stem)
        self.mode = mode ?? RecordMode.fromEnvironment ?? .missing
    }

    /// A snapshotter over explicit folders.
    public init(referenceDirectory: URL, resultsDirectory: URL, mode: RecordMode) {
        self.referenceDirectory = referenceDirectory
        self.resultsDirectory = resultsDirectory
        self.mode = mode
    }

    /// Checks a picture against the reference `<file>.png`, recording as the mode says.
    public func check(_ picture: Surface, file: String, tolerance: CompareOptions = .exact) -> Outcome {
        let reference = referenceDirectory.appendingPathComponent("\(file).png")
        let fm = FileManager.default
        guard fm.fileExists(atPath: reference.path) else {
            guard mode != .never else { return .missing(reference: reference.path) }
            do {
                try fm.createDirectory(at: referenceDirectory, withIntermediateDirectories: true)
                try picture.writePNG(to: reference.path)
            } catch {
                return .mismatched(report: "cannot write the reference: \(error)", expected: reference.path,
                                   actual: "", diff: nil)
            }
            return .recorded(reference: reference.path)
        }
        let expected: Surface
        do {
            expected = try Surface(contentsOfPNG: reference.path)
        } catch {
            return .mismatched(report: "cannot read the reference: \(error)", expected: reference.path, actual: "", diff: nil)
        }
        let comparison: Comparison
        let diff: Surface?
        do {
            (comparison, diff) = try ImageDiff.compare(expected, picture, options: tolerance, diff: true)
        } catch {
            return .mismatched(report: "\(error)", expected: reference.path, actual: "", diff: nil)
        }
        if comparison.passes && mode != .all { return .matched }
        if mode == .all || mode == .failed {
            try? picture.writePNG(to: reference.path)
            return .rerecorded(reference: reference.path, report: comparison.report)
        }
        try? fm.createDirectory(at: resultsDirectory, withIntermediateDirectories: true)
        let e = resultsDirectory.appendingPathComponent("\(file).expected.png").path
        let a = resultsDirectory.appendingPathComponent("\(file).actual.png").path
        let d = resultsDirectory.appendingPathComponent("\(file).diff.png").path
        try? expected.writePNG(to: e)
        try? picture.writePNG(to: a)
        var diffPath: String?
        if let diff, (try? diff.writePNG(to: d)) != nil { diffPath = d }
        return .mismatched(report: comparison.report, expected: e, actual: a, diff: diffPath)
    }
}
