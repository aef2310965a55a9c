/// The clipboard programs share (`UIPasteboard`): `general` is the desktop's clipboard
/// (X's `CLIPBOARD`, Ctrl+C and Ctrl+V), `selection` the text last selected (X's
/// `PRIMARY`, pasted with a middle click).
///
/// A window connects them to the desktop; without one (headless, in tests) they hold
/// their text within the program. Reading what another program put there waits for that
/// program to answer: `string` waits, for at most the connection's timeout, while
/// `requestString(_:)` returns at once and calls back. UIKit has no `selection` and no
/// `requestString(_:)`; this is where Vitrine differs.
@MainActor
public final class Pasteboard {
    /// A pasteboard's name (`UIPasteboard.Name`).
    public struct Name: Hashable, Sendable {
        /// The name as written.
        public let rawValue: String
        /// Makes a name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The clipboard.
        public static let general = Name(rawValue: "general")
        /// The text last selected (X's `PRIMARY`).
        public static let selection = Name(rawValue: "selection")
    }

    /// The clipboard (`general`).
    public static let general = Pasteboard(name: .general)
    /// The text last selected, as X desktops keep it.
    public static let selection = Pasteboard(name: .selection)

    /// The connection to the desktop's clipboard; nil keeps the text within the program.
    /// A window sets it when it opens. Text the program put on a pasteboard before is
    /// offered through the new connection, so that what it holds is what others read.
    public static var connection: (any PasteboardConnection)? {
        didSet {
            guard connection !== oldValue else { return }
            for board in [general, selection] {
                if let text = board.ownString { connection?.claim(board.name, string: text) }
            }
        }
    }

    /// The pasteboard's name.
    public let name: Name
    /// Counts the changes: each new string, here or from another program
    /// (`changeCount`).
    public private(set) var changeCount = 0
    /// The text this program put there, while it still owns the pasteboard.
    public private(set) var ownString: String?

    private init(name: Name) { self.name = name }

    /// The text on the pasteboard (`string`): this program's own, or another program's
    /// read through the connection (waiting at most its timeout; nil when none came).
    /// Assigning takes the pasteboard for this program; nil empties it.
    public var string: String? {
        get { ownString ?? Pasteboard.connection?.string(on: name) }
        set {
            ownString = newValue
            changeCount += 1
            Pasteboard.connection?.claim(name, string: newValue)
        }
    }

    /// Whether the pasteboard holds text (`hasStrings`), asking no program for it.
    public var hasStrings: Bool { ownString != nil || (Pasteboard.connection?.hasStrings(on: name) ?? false) }

    /// Reads the text without waiting: `completion` gets it (nil when there is none, or
    /// when the program that has it does not answer in time), now or later.
    public func requestString(_ completion: @escaping @MainActor (String?) -> Void) {
        if let ownString {
            completion(ownString)
        } else if let connection = Pasteboard.connection {
            connection.requestString(on: name, completion: completion)
        } else {
            completion(nil)
        }
    }

    /// Another program took the pasteboard: this program's text is gone from it. The
    /// connection calls this.
    public func ownershipLost() {
        guard ownString != nil else { return }
        ownString = nil
        changeCount += 1
    }
}

/// What connects the pasteboards to the desktop's clipboard: a window's host.
@MainActor
public protocol PasteboardConnection: AnyObject {
    /// Takes the pasteboard for this program with `string`, or gives it up with nil.
    func claim(_ name: Pasteboard.Name, string: String?)
    /// Reads another program's text, calling back once with it or with nil.
    func requestString(on name: Pasteboard.Name, completion: @escaping @MainActor (String?) -> Void)
    /// Reads another program's text, waiting at most the connection's timeout.
    func string(on name: Pasteboard.Name) -> String?
    /// Whether some program holds text there.
    func hasStrings(on name: Pasteboard.Name) -> Bool
}
