import Glibc

/// When `expectSnapshot` writes references.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Rewrite every reference, and fail so that the change is looked at.
    case all
    /// Write a missing reference and fail, saying so (the default).
    case missing
    /// Rewrite the references that differ or cannot be read, and fail.
    case failed
    /// Compare only: a missing reference is a failure (for CI).
    case never

    /// Whether the mode rewrites references that exist (`all` and `failed`).
    public var rewrites: Bool { self == .all || self == .failed }

    /// The mode the `VITRINE_RECORD` environment variable names, if any; nil when it is
    /// unset, empty or not a mode (see `environment()` for the error).
    public static var fromEnvironment: RecordMode? { try? environment() }

    /// The mode the `VITRINE_RECORD` environment variable names (case aside), or nil when
    /// it is unset or empty.
    ///
    /// - Throws: `RecordModeError` naming the value and the valid ones when it is not a mode.
    public static func environment() throws(RecordModeError) -> RecordMode? {
        try named(getenv("VITRINE_RECORD").map { String(cString: $0) })
    }

    /// The mode a `VITRINE_RECORD` value names (case aside); nil for nil or empty.
    ///
    /// - Throws: `RecordModeError` when the value is not a mode.
    static func named(_ text: String?) throws(RecordModeError) -> RecordMode? {
        guard let text, !text.isEmpty else { return nil }
        guard let mode = RecordMode(rawValue: text.lowercased()) else { throw RecordModeError(value: text) }
        return mode
    }
}

/// A `VITRINE_RECORD` value that is not a record mode.
public struct RecordModeError: Error, Equatable, CustomStringConvertible {
    /// The value given.
    public let value: String

    /// What went wrong, in words, as printed.
    public var description: String {
        "VITRINE_RECORD='\(value)' is not a record mode: use one of "
            + RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
    }
}
