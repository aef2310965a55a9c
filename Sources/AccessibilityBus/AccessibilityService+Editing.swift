import Views

/// A text field's caret and selection (`Text`) and its editing (`EditableText`) over
/// AT-SPI. AT-SPI counts characters as code points, the field as grapheme clusters: the
/// offsets are converted both ways. Every edit goes through the field as the user's
/// would: its delegate is asked, it can be undone, and `.editingChanged` is sent.
extension AccessibilityService {
    /// Answers a `Text` member that a field answers differently from a label; nil for
    /// the members they share.
    func fieldText(member: String, args: [BusValue], field: TextField) throws -> [BusValue]? {
        func int(_ i: Int) throws -> Int {
            guard args.indices.contains(i), let v = args[i].integer else { throw BusFault.invalidArguments(member) }
            return v
        }
        let text = field.text ?? ""
        let range = field.selectedRange
        switch member {
        case "GetCaretOffset":
            return [.int32(Int32(Self.scalarOffset(range.upperBound, in: text)))]
        case "SetCaretOffset":
            let o = Self.characterOffset(try int(0), in: text)
            guard field.isEditing || field.becomeFirstResponder() else { return [.bool(false)] }
            field.selectedRange = o..<o
            treeChanged()
            return [.bool(true)]
        case "GetNSelections":
            return [.int32(range.isEmpty ? 0 : 1)]
        case "GetSelection":
            guard try int(0) == 0, !range.isEmpty else { return [.int32(0), .int32(0)] }
            return [
                .int32(Int32(Self.scalarOffset(range.lowerBound, in: text))),
                .int32(Int32(Self.scalarOffset(range.upperBound, in: text)))
            ]
        case "AddSelection", "SetSelection":
            let first = member == "SetSelection" ? 1 : 0
            let a = Self.characterOffset(try int(first), in: text)
            let b = Self.characterOffset(try int(first + 1), in: text)
            guard field.isEditing || field.becomeFirstResponder() else { return [.bool(false)] }
            field.selectedRange = min(a, b)..<max(a, b)
            treeChanged()
            return [.bool(true)]
        case "RemoveSelection":
            field.selectedRange = range.upperBound..<range.upperBound
            treeChanged()
            return [.bool(true)]
        default:
            return nil
        }
    }

    /// The members of `EditableText`.
    func editableText(member: String, args: [BusValue], field: TextField) throws -> [BusValue] {
        func int(_ i: Int) throws -> Int {
            guard args.indices.contains(i), let v = args[i].integer else { throw BusFault.invalidArguments(member) }
            return v
        }
        func string(_ i: Int) throws -> String {
            guard args.indices.contains(i), let v = args[i].string else { throw BusFault.invalidArguments(member) }
            return v
        }
        guard field.isEnabled else { return [.bool(false)] }
        let text = field.text ?? ""
        let all = 0..<text.count
        func span(_ a: Int, _ b: Int) -> Range<Int> {
            let lo = Self.characterOffset(a, in: text)
            let hi = b < 0 ? text.count : Self.characterOffset(b, in: text)
            return min(lo, hi)..<max(lo, hi)
        }
        let before = field.text
        switch member {
        case "SetTextContents":
            field.replace(all, withText: try string(0))
        case "InsertText":
            let o = Self.characterOffset(try int(0), in: text)
            // The length counts bytes of the UTF-8 text; a negative one takes it all.
            let inserted = try string(1)
            let length = try int(2)
            let bytes = Array(inserted.utf8)
            let cut =
                length < 0 || length >= bytes.count ? inserted : String(decoding: bytes.prefix(length), as: UTF8.self)
            field.replace(o..<o, withText: cut)
        case "DeleteText":
            field.replace(span(try int(0), try int(1)), withText: "")
        case "CopyText", "CutText":
            field.selectedRange = span(try int(0), try int(1))
            if member == "CopyText" {
                field.copy()
                return []
            }
            field.cut()
        case "PasteText":
            let o = Self.characterOffset(try int(0), in: text)
            field.selectedRange = o..<o
            field.paste()
        default:
            throw BusFault.unknownMethod("org.a11y.atspi.EditableText", member)
        }
        treeChanged()
        return [.bool(member == "PasteText" || field.text != before)]
    }

    /// The code-point offset of a character offset.
    static func scalarOffset(_ characters: Int, in text: String) -> Int {
        text.prefix(max(0, characters)).unicodeScalars.count
    }

    /// The character offset of a code-point offset: the cluster it falls in begins there
    /// (clamped to the text).
    static func characterOffset(_ scalars: Int, in text: String) -> Int {
        var seen = 0
        for (i, c) in text.enumerated() {
            let next = seen + c.unicodeScalars.count
            if scalars < next { return i }
            seen = next
        }
        return text.count
    }
}
