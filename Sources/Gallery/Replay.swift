import Layers
import Raster
import Views
import X11Host

/// Recorded input: one action a line, in window points — `press X Y`, `move X Y`,
/// `release X Y`, `click X Y`, `hover X Y`, `scroll DX DY`, `key NAME`, `keydown NAME`,
/// `keyup NAME`, `wait MS`, `shot FILE` — with `#` starting a comment. `wait` advances the
/// animation clock, which a replay runs by hand.
///
/// NAME is an X keysym name after optional modifiers joined by `+` (`Tab`, `shift+Tab`,
/// `space`, `Return`, `Escape`, `ctrl+q`, `adiaeresis`); see `XKeys.key(named:)`.
public enum Replay {
    /// One replayed action.
    public enum Action: Equatable, Sendable {
        /// A press of button 1.
        case press(Point)
        /// A move.
        case move(Point)
        /// A release of button 1.
        case release(Point)
        /// A press and a release at the same place.
        case click(Point)
        /// A screenshot of the state so far, written to a file.
        case shot(String)
        /// The animation clock advanced by this many milliseconds.
        case wait(Double)
        /// The pointer moved with no button held.
        case hover(Point)
        /// The wheel turned by this many points (positive down and right), at the
        /// pointer's last place.
        case scroll(Point)
        /// A key pressed and released.
        case key(Key)
        /// A key going down.
        case keyDown(Key)
        /// A key going up.
        case keyUp(Key)
    }

    /// A line that is not a valid action.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// The line's number, from 1.
        public let line: Int
        /// What is wrong with it.
        public let reason: String
        /// The line and what is wrong with it, as printed.
        public var description: String { "replay line \(line): \(reason)" }
    }

    /// Parses a replay file's text; lines may end in LF, CRLF or CR.
    ///
    /// - Throws: `ParseError` naming the first bad line.
    public static func parse(_ text: String) throws(ParseError) -> [Action] {
        var out: [Action] = []
        // A CRLF is one Character in Swift, and a newline as much as LF and CR are.
        for (i, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var line = Substring(raw)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let verb = words.first else { continue }
            let n = i + 1
            if verb == "wait" {
                guard words.count == 2, let ms = InputText.number(words[1]), ms >= 0, ms <= 3_600_000 else {
                    throw ParseError(line: n, reason: "wait takes one number of milliseconds, 0 to 3600000")
                }
                out.append(.wait(ms))
                continue
            }
            if verb == "shot" {
                guard words.count == 2 else { throw ParseError(line: n, reason: "shot takes one file name") }
                out.append(.shot(String(words[1])))
                continue
            }
            if verb == "key" || verb == "keydown" || verb == "keyup" {
                guard words.count == 2 else {
                    throw ParseError(line: n, reason: "\(verb) takes one key name, such as shift+Tab")
                }
                guard let key = XKeys.key(named: String(words[1])) else {
                    throw ParseError(
                        line: n,
                        reason: "unknown key '\(words[1])': expected an X keysym name after modifiers "
                            + "(shift, ctrl, alt, super) joined by +")
                }
                out.append(verb == "key" ? .key(key) : verb == "keydown" ? .keyDown(key) : .keyUp(key))
                continue
            }
            guard ["press", "move", "release", "click", "hover", "scroll"].contains(verb) else {
                throw ParseError(line: n, reason: "unknown action '\(verb)'")
            }
            guard words.count == 3, let x = InputText.number(words[1]), let y = InputText.number(words[2]) else {
                throw ParseError(
                    line: n, reason: "\(verb) takes two finite numbers, \(verb == "scroll" ? "DX and DY" : "X and Y")")
            }
            let p = Point(x: x, y: y)
            switch verb {
            case "press": out.append(.press(p))
            case "move": out.append(.move(p))
            case "release": out.append(.release(p))
            case "hover": out.append(.hover(p))
            case "scroll": out.append(.scroll(p))
            default: out.append(.click(p))
            }
        }
        return out
    }

    /// Delivers the actions to a root, in order; `shot` calls `takeShot` with its file.
    @MainActor
    public static func run(_ actions: [Action], on root: RootView, takeShot: (String) throws -> Void) rethrows {
        var t = 0.0
        var pointer = Point(x: 0, y: 0)
        func send(_ kind: PointerEvent.Kind, _ p: Point) {
            t += 0.05
            pointer = p
            root.handle(
                PointerEvent(
                    kind, at: p, button: kind == .move || kind == .press || kind == .release ? 1 : 0,
                    timestamp: t))
        }
        func type(_ kind: KeyEvent.Kind, _ key: Key) {
            t += 0.05
            root.handle(KeyEvent(kind, key: key, timestamp: t))
        }
        for a in actions {
            switch a {
            case .press(let p): send(.press, p)
            case .move(let p): send(.move, p)
            case .release(let p): send(.release, p)
            case .click(let p):
                send(.press, p)
                send(.release, p)
            case .shot(let file): try takeShot(file)
            case .wait(let ms): MediaClock.advance(by: ms / 1000)
            case .hover(let p): send(.move, p)
            case .scroll(let d): send(.scroll(delta: d), pointer)
            case .key(let k):
                type(.down, k)
                type(.up, k)
            case .keyDown(let k): type(.down, k)
            case .keyUp(let k): type(.up, k)
            }
        }
    }
}
