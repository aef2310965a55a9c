import Layers
import Raster
import Testing
import VitrineTesting

@testable import Views

/// The text field's editing, by keys and pointer, as GTK's entry does it; its undo by
/// words, its clipboard and its caret. The expected texts and positions are the keys'
/// documented effects, worked out by hand.
@MainActor
@Suite(.manualClock(), .serialized) struct TextFieldTests {
    let root = RootView(size: Size(width: 400, height: 120))
    let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 34))
    let recorder = Recorder()

    init() {
        field.borderStyle = .roundedRect
        root.addSubview(field)
        root.layoutIfNeeded()
        recorder.watch(field)
        MediaClock.manualTime = 0
    }

    /// A key going down and up.
    func key(
        _ code: KeyboardHIDUsage, _ characters: String = "", _ flags: KeyModifierFlags = [],
        ignoring: String? = nil
    ) {
        let k = Key(characters: characters, charactersIgnoringModifiers: ignoring, keyCode: code, modifierFlags: flags)
        root.handle(KeyEvent(.down, key: k))
        root.handle(KeyEvent(.up, key: k))
    }

    /// Types each character as its own key.
    func type(_ text: String) {
        for c in text { key(.keyboardA, String(c)) }
    }

    func ctrl(_ letter: String, shift: Bool = false) {
        key(.keyboardA, "", shift ? [.control, .shift] : [.control], ignoring: letter)
    }

    /// The root point of the caret's position `offset`.
    func point(at offset: Int) -> Point {
        let r = field.layout!.caretRect(at: offset, in: field.lineRect, alignment: field.lineAlignment)
        return field.convert(Point(x: r.minX, y: r.midY), to: root)
    }

    @Test func aClickBeginsEditingAndTypingChangesTheText() {
        root.click(40, 37)
        #expect(field.isEditing)
        #expect(root.focusedView === field)
        #expect(recorder.events.contains("editingDidBegin"))
        type("héllo")
        #expect(field.text == "héllo")
        #expect(field.selectedRange == 5..<5)
        #expect(recorder.events.filter { $0 == "editingChanged" }.count == 5)
    }

    @Test func backspaceAndDeleteTakeWholeCharactersAndCtrlTakesWords() {
        field.text = "e\u{301}x hello brave world"
        field.becomeFirstResponder()
        key(.keyboardHome)
        key(.keyboardDeleteForward)
        #expect(field.text == "\u{301}x hello brave world" || field.text == "x hello brave world")
        #expect(field.text == "x hello brave world", "Delete takes the whole cluster e + acute")
        key(.keyboardEnd)
        key(.keyboardDeleteOrBackspace, "", [.control])
        #expect(field.text == "x hello brave ")
        key(.keyboardHome)
        key(.keyboardDeleteForward, "", [.control])
        #expect(field.text == " hello brave ")
        key(.keyboardEnd)
        key(.keyboardDeleteOrBackspace)
        #expect(field.text == " hello brave")
    }

    @Test func arrowsMoveAndShiftSelects() {
        field.text = "abc def ghi"
        field.becomeFirstResponder()
        key(.keyboardHome)
        key(.keyboardRightArrow, "", [.shift])
        key(.keyboardRightArrow, "", [.shift])
        #expect(field.selectedRange == 0..<2)
        #expect(field.selectedText == "ab")
        key(.keyboardRightArrow)
        #expect(field.selectedRange == 2..<2, "Right collapses a selection to its right end")
        key(.keyboardRightArrow, "", [.control])
        #expect(field.selectedRange == 3..<3)
        key(.keyboardRightArrow, "", [.control])
        #expect(field.selectedRange == 7..<7)
        key(.keyboardLeftArrow, "", [.control, .shift])
        #expect(field.selectedRange == 4..<7)
        key(.keyboardEnd, "", [.shift])
        #expect(field.selectedRange == 7..<11, "the anchor stays where the selection began")
        ctrl("a")
        #expect(field.selectedRange == 0..<11)
    }

    @Test func leftAndRightGoInVisualOrderInRightToLeftText() {
        field.text = "שלום"
        field.becomeFirstResponder()
        key(.keyboardHome)
        key(.keyboardLeftArrow)
        #expect(field.selectedRange == 1..<1, "Left moves forward through Hebrew")
        key(.keyboardRightArrow)
        #expect(field.selectedRange == 0..<0)
        key(.keyboardLeftArrow, "", [.control])
        #expect(field.selectedRange == 4..<4, "Ctrl+Left moves to the word's end in Hebrew")
    }

    @Test func undoTakesTypingBackAWordAtATime() {
        root.click(40, 37)
        type("hello world")
        ctrl("z")
        #expect(field.text == "hello ")
        ctrl("z")
        #expect(field.text == "")
        ctrl("z", shift: true)
        #expect(field.text == "hello ")
        ctrl("y")
        #expect(field.text == "hello world")
        key(.keyboardLeftArrow)
        type("X")
        key(.keyboardDeleteOrBackspace)
        ctrl("z")
        #expect(field.text == "hello worlXd", "a deletion is a step of its own")
        ctrl("z")
        #expect(field.text == "hello world", "typing after a move is a new step")
    }

    @Test func copyCutAndPasteGoThroughTheClipboardAndSecureTextStaysIn() {
        Pasteboard.general.string = nil
        field.text = "one two"
        field.becomeFirstResponder()
        field.selectedRange = 4..<7
        ctrl("c")
        #expect(Pasteboard.general.string == "two")
        ctrl("x")
        #expect(field.text == "one ")
        key(.keyboardHome)
        ctrl("v")
        #expect(field.text == "twoone ")
        ctrl("z")
        #expect(field.text == "one ", "a paste is one step")
        Pasteboard.general.string = "line one\nline two"
        ctrl("v")
        #expect(field.text == "line one line twoone ", "line breaks become spaces")

        Pasteboard.general.string = "kept"
        field.isSecureTextEntry = true
        ctrl("a")
        ctrl("c")
        ctrl("x")
        #expect(Pasteboard.general.string == "kept")
        #expect(field.text == "line one line twoone ")
        #expect(field.accessibilityValue == String(repeating: "\u{2022}", count: 21))
    }

    @Test func theDelegateDecidesAndReturnEndsEditing() {
        final class Guard: TextFieldDelegate {
            var returns = 0
            func textField(
                _ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString: String
            )
                -> Bool
            { replacementString.allSatisfy(\.isNumber) }
            func textFieldShouldReturn(_ textField: TextField) -> Bool {
                returns += 1
                return returns > 1
            }
        }
        let d = Guard()
        field.delegate = d
        root.click(40, 37)
        type("1a2")
        #expect(field.text == "12")
        key(.keyboardReturnOrEnter)
        #expect(field.isEditing, "the delegate said no the first time")
        key(.keyboardReturnOrEnter)
        #expect(!field.isEditing)
        #expect(recorder.events.suffix(2) == ["editingDidEndOnExit", "editingDidEnd"])
        #expect(root.focusedView == nil)
    }

    @Test func tabBeginsEditingAndEscapeLeaves() {
        let other = Button(frame: Rect(x: 20, y: 70, width: 80, height: 30))
        root.addSubview(other)
        key(.keyboardTab)
        #expect(field.isEditing)
        type(" ")
        #expect(field.text == " ", "Space types in a field")
        key(.keyboardTab)
        #expect(!field.isEditing)
        #expect(root.focusedView === other)
        key(.keyboardTab, "", [.shift])
        #expect(field.isEditing)
        key(.keyboardEscape)
        #expect(!field.isEditing)
        #expect(recorder.events.filter { $0 == "editingDidEnd" }.count == 2)
    }

    @Test func clicksPlaceTheCaretAndSelectWordsAndAll() {
        field.text = "alpha beta gamma"
        root.click(40, 37)
        let p = point(at: 8)
        root.handle(PointerEvent(.press, at: p, timestamp: 10))
        root.handle(PointerEvent(.release, at: p, timestamp: 10.05))
        #expect(field.selectedRange == 8..<8)
        root.handle(PointerEvent(.press, at: p, timestamp: 10.1))
        root.handle(PointerEvent(.release, at: p, timestamp: 10.15))
        #expect(field.selectedRange == 6..<10, "a double click selects the word")
        #expect(Pasteboard.selection.string == "beta", "a selection is offered as PRIMARY")
        root.handle(PointerEvent(.press, at: p, timestamp: 10.2))
        root.handle(PointerEvent(.release, at: p, timestamp: 10.25))
        #expect(field.selectedRange == 0..<16, "a triple click selects everything")
        let q = point(at: 2)
        root.handle(PointerEvent(.press, at: q, timestamp: 20))
        root.handle(PointerEvent(.release, at: q, timestamp: 20.05))
        root.handle(PointerEvent(.press, at: point(at: 13), modifiers: .shift, timestamp: 21))
        root.handle(PointerEvent(.release, at: point(at: 13), modifiers: .shift, timestamp: 21.05))
        #expect(field.selectedRange == 2..<13, "Shift+click extends")
        root.handle(PointerEvent(.press, at: point(at: 1), timestamp: 30))
        root.handle(PointerEvent(.move, at: point(at: 4), timestamp: 30.1))
        root.handle(PointerEvent(.release, at: point(at: 4), timestamp: 30.2))
        #expect(field.selectedRange == 1..<4, "a drag selects")
    }

    @Test func aMiddleClickPastesThePrimarySelectionWhereItIs() {
        field.text = "ac"
        root.click(40, 37)
        Pasteboard.selection.string = "b"
        let p = point(at: 1)
        root.handle(PointerEvent(.press, at: p, button: 2))
        root.handle(PointerEvent(.release, at: p, button: 2))
        #expect(field.text == "abc")
    }

    @Test func theTextScrollsToKeepTheCaretInside() {
        root.click(40, 37)
        type(String(repeating: "wide text ", count: 8))
        let area = field.editingRect(forBounds: field.bounds)
        #expect(field.scrollX > 0)
        #expect(field.caretLayer.frame.maxX <= area.maxX + 0.001)
        #expect(field.caretLayer.frame.minX >= area.maxX - 4, "the caret at the end stands at the right edge")
        key(.keyboardHome)
        #expect(field.scrollX == 0)
        #expect(abs(field.caretLayer.frame.minX - area.minX) < 1)
        // Dragging past the left edge scrolls back a character each move.
        key(.keyboardEnd)
        let before = field.scrollX
        let y = field.convert(Point(x: 0, y: 17), to: root).y
        root.handle(PointerEvent(.press, at: Point(x: 300, y: y), timestamp: 50))
        for i in 0..<5 { root.handle(PointerEvent(.move, at: Point(x: 5, y: y), timestamp: 50.1 + Double(i) / 10)) }
        root.handle(PointerEvent(.release, at: Point(x: 5, y: y), timestamp: 51))
        #expect(field.scrollX < before)
    }

    @Test func theCaretBlinksAsItsOwnDamageAndRestsWhenTheWindowIsInactive() throws {
        // The caret is the tint's blue; the text beside it is grey at most.
        func blue(_ p: Pixel) -> Bool { p.b > 200 && p.r < 120 }
        root.caretBlinkInterval = 1.0
        root.backgroundColor = .white
        root.click(40, 37)
        type("abc")
        let surface = try Surface(width: 400, height: 120)
        root.render(into: surface)
        #expect(!field.caretLayer.isHidden)
        #expect(field.caretLayer.isBlinking)
        MediaClock.manualTime = 0.75
        let damage = root.render(into: surface)
        let caret = field.convert(field.caretLayer.frame, to: root)
        #expect(!damage.isEmpty)
        for d in damage {
            #expect(d.width <= caret.width + 2 && d.height <= caret.height + 2, "only the caret redraws: \(d)")
        }
        #expect(!blue(surface[Int(caret.midX), Int(caret.midY)]), "off in the cycle's second half")
        MediaClock.manualTime = 1.25
        root.render(into: surface)
        #expect(blue(surface[Int(caret.midX), Int(caret.midY)]), "on again")
        // A key in the off half of a cycle shows the caret at once: it stays on while typing.
        MediaClock.manualTime = 1.8
        root.render(into: surface)
        #expect(!blue(surface[Int(caret.midX), Int(caret.midY)]), "off again at 1.8 s")
        key(.keyboardLeftArrow)
        root.render(into: surface)
        let moved = field.convert(field.caretLayer.frame, to: root)
        #expect(blue(surface[Int(moved.midX), Int(moved.midY)]), "on after a key")
        root.isWindowActive = false
        #expect(field.caretLayer.isHidden)
        root.isWindowActive = true
        #expect(!field.caretLayer.isHidden)
        MediaClock.manualTime = 30
        root.render(into: surface)
        #expect(!field.caretLayer.isBlinking, "it stops blinking after the timeout")
        #expect(blue(surface[Int(moved.midX), Int(moved.midY)]), "and stays on")
    }

    @Test func theClearButtonEmptiesTheField() {
        field.text = "remove me"
        field.clearButtonMode = .always
        let r = field.convert(field.clearButtonRect(forBounds: field.bounds), to: root)
        root.handle(PointerEvent(.move, at: Point(x: r.midX, y: r.midY)))
        #expect(root.currentCursor == .arrow)
        root.handle(PointerEvent(.move, at: Point(x: 40, y: 37)))
        #expect(root.currentCursor == .iBeam)
        root.click(r.midX, r.midY)
        #expect(field.text == "")
        #expect(field.isEditing)
    }

    @Test func markedTextIsShownInlineAndTheCaretIsToldToTheInputMethod() throws {
        #expect(root.textInputCaretRect == nil, "no field is editing")
        field.text = "ab"
        root.click(40, 37)
        key(.keyboardEnd)
        let before = try #require(root.textInputCaretRect)
        root.setMarkedText("xyz", selectedRange: 1..<1)
        #expect(field.markedTextRange == 2..<5)
        #expect(field.display == "abxyz")
        #expect(field.text == "ab", "composing inserts nothing")
        let inside = try #require(root.textInputCaretRect)
        #expect(inside.minX > before.minX, "the caret stands inside the composed text, after x")
        #expect(inside.minX < point(at: 5).x, "and before its end")
        field.unmarkText()
        #expect(field.text == "abxyz")
        #expect(field.markedTextRange == nil)
        root.setMarkedText("q", selectedRange: 1..<1)
        root.setMarkedText(nil, selectedRange: 0..<0)
        #expect(field.text == "abxyz", "ending composing without a commit inserts nothing")
    }

    @Test func anotherResponderEndsTheEditing() {
        final class Taker: View {
            override var canBecomeFirstResponder: Bool { true }
        }
        let other = Taker(frame: Rect(x: 0, y: 80, width: 10, height: 10))
        root.addSubview(other)
        root.click(40, 37)
        #expect(field.isEditing)
        #expect(other.becomeFirstResponder())
        #expect(!field.isEditing)
        #expect(recorder.events.last == "editingDidEnd")
        #expect(field.caretLayer.isHidden, "the caret goes with the editing")
    }

    @Test func aDisabledFieldTakesNothing() {
        field.isEnabled = false
        root.click(40, 37)
        #expect(!field.isEditing)
        key(.keyboardTab)
        #expect(!field.isEditing)
    }
}

extension Recorder {
    /// The events sent, by name, in order.
    var events: [String] { log.map { String($0.split(separator: ":")[1].dropLast()) } }
}
