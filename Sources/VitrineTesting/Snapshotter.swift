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

    /// Why the environment's record mode could not be used, if it could not: every check
    /// then fails with this message rather than guess a mode.
    public let modeProblem: String?

    /// What a check found.
    public enum Outcome: Equatable, Sendable {
        /// The picture equals its reference within the tolerance.
        case matched
        /// The reference was missing and has been written (a failure: look at it).
        case recorded(reference: String)
        /// The reference was missing and the mode records nothing.
        case missing(reference: String)
        /// The picture differs; `written` lists the result files actually written (the
        /// expected, actual and diff pictures, as far as they could be), and `problems`
        /// why any could not be.
        case mismatched(report: String, written: [String], problems: [String])
        /// The reference was rewritten by the record mode (a failure: look at it).
        case rerecorded(reference: String, report: String)
        /// The reference could not be read, and the mode does not rewrite it.
        case unreadable(reference: String, reason: String)
        /// A reference that should have been written was not.
        case notWritten(reference: String, reason: String)
        /// The record mode in the environment is not a mode.
        case invalidMode(String)

        /// Whether the check passed.
        public var passed: Bool { self == .matched }

        /// What a failing check says: only files that were written are named as such.
        public var message: String {
            switch self {
            case .matched: return "the snapshot matches its reference"
            case .recorded(let r): return "no reference: recorded \(r); look at it, then run the test again"
            case .missing(let r): return "no reference at \(r), and the record mode is never"
            case .mismatched(let report, let written, let problems):
                var lines = ["the snapshot differs from its reference", report]
                lines += written.map { "written: \($0)" }
                lines += problems
                return lines.joined(separator: "\n")
            case .rerecorded(let r, let report): return "the reference was recorded anew: \(r)\n\(report)"
            case .unreadable(let r, let reason):
                return "cannot read the reference \(r): \(reason); VITRINE_RECORD=failed records it anew"
            case .notWritten(let r, let reason): return "the reference \(r) could not be written: \(reason)"
            case .invalidMode(let m): return m
            }
        }
    }

    /// A snapshotter for the test file at `filePath`: references beside it in
    /// `__Snapshots__/<file name>/`, results in `VITRINE_SNAPSHOT_RESULTS` or
    /// `.build/snapshot-results/<file name>/` of the package holding it; the mode given,
    /// else `VITRINE_RECORD`, else `missing`. A `VITRINE_RECORD` that is not a mode makes
    /// every check fail, naming the valid ones.
    public init(filePath: String, mode: RecordMode? = nil) {
        self.init(filePath: filePath, mode: mode, recordVariable: getenv("VITRINE_RECORD").map { String(cString: $0) })
    }

    /// As `init(filePath:mode:)`, with the value of `VITRINE_RECORD` given.
    init(filePath: String, mode: RecordMode?, recordVariable: String?) {
        let file = URL(fileURLWithPath: filePath)
        let stem = file.deletingPathExtension().lastPathComponent
        referenceDirectory = file.deletingLastPathComponent().appendingPathComponent("__Snapshots__/\(stem)")
        let results: URL
        if let env = ProcessInfo.processInfo.environment["VITRINE_SNAPSHOT_RESULTS"], !env.isEmpty {
            results = URL(fileURLWithPath: env)
        } else {
            var dir = file.deletingLastPathComponent()
            while dir.path != "/"
                && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path)
            {
                dir = dir.deletingLastPathComponent()
            }
            results = dir.appendingPathComponent(".build/snapshot-results")
        }
        resultsDirectory = results.appendingPathComponent(stem)
        if let mode {
            self.mode = mode
            modeProblem = nil
        } else {
            do {
                self.mode = try RecordMode.named(recordVariable) ?? .missing
                modeProblem = nil
            } catch {
                self.mode = .never
                modeProblem = error.description
            }
        }
    }

    /// A snapshotter over explicit folders.
    public init(referenceDirectory: URL, resultsDirectory: URL, mode: RecordMode) {
        self.referenceDirectory = referenceDirectory
        self.resultsDirectory = resultsDirectory
        self.mode = mode
        modeProblem = nil
    }

    /// Checks a picture against the reference `<file>.png`, recording as the mode says.
    /// Every file is written atomically; a reference that cannot be read is a failure,
    /// repaired by the modes that rewrite (`failed`, `all`).
    public func check(_ picture: Surface, file: String, tolerance: CompareOptions = .exact) -> Outcome {
        if let modeProblem { return .invalidMode(modeProblem) }
        let reference = referenceDirectory.appendingPathComponent("\(file).png")
        let fm = FileManager.default
        func record() -> String? {
            do {
                try fm.createDirectory(at: referenceDirectory, withIntermediateDirectories: true)
                try picture.writePNG(to: reference.path)
                return nil
            } catch {
                return "\(error)"
            }
        }
        guard FileIO.exists(reference.path) || AtomicFile.isLink(reference.path) else {
            guard mode != .never else { return .missing(reference: reference.path) }
            if let problem = record() { return .notWritten(reference: reference.path, reason: problem) }
            return .recorded(reference: reference.path)
        }
        let expected: Surface
        do {
            expected = try Surface(contentsOfPNG: reference.path)
        } catch {
            guard mode.rewrites else { return .unreadable(reference: reference.path, reason: "\(error)") }
            if let problem = record() { return .notWritten(reference: reference.path, reason: problem) }
            return .rerecorded(reference: reference.path, report: "the old reference could not be read: \(error)")
        }
        let comparison: Comparison
        let diff: Surface?
        do {
            (comparison, diff) = try ImageDiff.compare(expected, picture, options: tolerance, diff: true)
        } catch {
            return .mismatched(report: "\(error)", written: [], problems: [])
        }
        if comparison.passes && mode != .all { return .matched }
        if mode.rewrites {
            if let problem = record() { return .notWritten(reference: reference.path, reason: problem) }
            return .rerecorded(reference: reference.path, report: comparison.report)
        }
        var written: [String] = []
        var problems: [String] = []
        do {
            try fm.createDirectory(at: resultsDirectory, withIntermediateDirectories: true)
        } catch {
            problems.append(
                "no picture saved: the results folder \(resultsDirectory.path) cannot be made "
                    + "(\(error.localizedDescription))")
            return .mismatched(report: comparison.report, written: [], problems: problems)
        }
        for (suffix, surface) in [("expected", Optional(expected)), ("actual", picture), ("diff", diff)] {
            guard let surface else { continue }
            let path = resultsDirectory.appendingPathComponent("\(file).\(suffix).png").path
            do {
                try surface.writePNG(to: path)
                written.append(path)
            } catch {
                problems.append("the \(suffix) picture not saved: \(error)")
            }
        }
        return .mismatched(report: comparison.report, written: written, problems: problems)
    }
}
