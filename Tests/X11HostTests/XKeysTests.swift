import Testing
import Views
import X11Host

/// Keys named as replay files name them: each modifier word and what the key types.
@MainActor
@Suite struct XKeysTests {
    @Test func eachModifierWordSetsItsFlag() throws {
        let cases: [(String, KeyModifierFlags, String)] = [
            ("a", [], "a"), ("shift+a", [.shift], "A"), ("ctrl+a", [.control], "a"), ("control+a", [.control], "a"),
            ("alt+a", [.alternate], "a"), ("super+a", [.command], "a"),
            ("shift+ctrl+alt+super+a", [.shift, .control, .alternate, .command], "a")
        ]
        for (name, flags, typed) in cases {
            let key = try #require(XKeys.key(named: name), "\(name)")
            #expect(key.modifierFlags == flags, "\(name): \(key.modifierFlags)")
            #expect(key.characters == typed && key.charactersIgnoringModifiers == "a", "\(name): \(key.characters)")
        }
        #expect(
            XKeys.key(named: "hyper+a") == nil && XKeys.key(named: "shift+") == nil
                && XKeys.key(named: "NoSuchKeysym") == nil)
        #expect(XKeys.key(named: "KP_5")?.modifierFlags == [.numericPad])
    }
}
