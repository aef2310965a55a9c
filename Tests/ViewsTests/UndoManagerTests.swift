import Raster
import Testing

@testable import Views

/// The undo manager against Foundation's documented behaviour: groups undone together,
/// what an undo registers becomes the redo, a new change forgets the redos, limits,
/// names, and the changes of one event grouped on their own.
@MainActor
@Suite struct UndoManagerTests {
    /// A value with an undoable setter, as a text field's text is.
    @MainActor
    final class Document {
        var text = ""
        let undo: UndoManager
        init(_ undo: UndoManager) { self.undo = undo }
        func set(_ new: String) {
            let old = text
            undo.registerUndo(withTarget: self) { $0.set(old) }
            text = new
        }
    }

    @Test func undoRevertsAGroupAndRedoRepeatsIt() {
        let undo = UndoManager()
        undo.groupsByEvent = false
        let doc = Document(undo)
        doc.set("a")
        undo.beginUndoGrouping()
        doc.set("ab")
        doc.set("abc")
        undo.endUndoGrouping()
        #expect(undo.canUndo && !undo.canRedo)
        undo.undo()
        #expect(doc.text == "a" && undo.canRedo)
        undo.undo()
        #expect(doc.text == "" && !undo.canUndo)
        undo.redo()
        #expect(doc.text == "a")
        undo.redo()
        #expect(doc.text == "abc" && !undo.canRedo)
        // A new change after an undo forgets what could be redone.
        undo.undo()
        doc.set("x")
        #expect(!undo.canRedo && doc.text == "x")
        undo.undo()
        #expect(doc.text == "a")
    }

    @Test func nestedGroupsJoinTheOuterOne() {
        let undo = UndoManager()
        undo.groupsByEvent = false
        let doc = Document(undo)
        undo.beginUndoGrouping()
        doc.set("1")
        undo.beginUndoGrouping()
        doc.set("12")
        undo.endUndoGrouping()
        #expect(undo.groupingLevel == 1)
        undo.endUndoGrouping()
        undo.undo()
        #expect(doc.text == "" && !undo.canUndo)
    }

    @Test func levelsNamesAndDisabledRegistration() {
        let undo = UndoManager()
        undo.groupsByEvent = false
        let doc = Document(undo)
        for s in ["a", "b", "c", "d"] { doc.set(s) }
        undo.setActionName("Typing")
        #expect(undo.undoActionName == "Typing")
        undo.levelsOfUndo = 2
        undo.undo()
        undo.undo()
        #expect(doc.text == "b" && !undo.canUndo)
        #expect(undo.redoActionName == "")
        undo.disableUndoRegistration()
        doc.set("z")
        undo.enableUndoRegistration()
        #expect(undo.canRedo, "an unrecorded change leaves the redos")
        undo.removeAllActions(withTarget: doc)
        #expect(!undo.canRedo && !undo.canUndo)
    }

    @Test func theChangesOfOneEventAreOneGroup() {
        let root = RootView(size: Size(width: 100, height: 100))
        guard let undo = root.undoManager else {
            Issue.record("a root view has an undo manager")
            return
        }
        let doc = Document(undo)
        // Two changes while one key is handled, then one while another is.
        doc.set("a")
        doc.set("ab")
        root.handle(KeyEvent(.down, key: Key(characters: "a", keyCode: .keyboardA), timestamp: 0))
        doc.set("abc")
        root.handle(KeyEvent(.up, key: Key(characters: "a", keyCode: .keyboardA), timestamp: 0.1))
        undo.undo()
        #expect(doc.text == "ab")
        undo.undo()
        #expect(doc.text == "")
        // A view's undo manager is its root's.
        let view = View(frame: .zero)
        root.addSubview(view)
        #expect(view.undoManager === undo)
        #expect(View(frame: .zero).undoManager == nil)
    }

    @Test func aGoneTargetsActionsDoNothing() {
        let undo = UndoManager()
        undo.groupsByEvent = false
        var doc: Document? = Document(undo)
        doc?.set("a")
        doc = nil
        undo.undo()
        #expect(!undo.canUndo)
    }
}
