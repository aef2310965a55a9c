/// What a text field asks and tells its delegate (`UITextFieldDelegate`). Every method
/// has a default: allow, or do nothing.
///
/// Ranges count characters (grapheme clusters, Swift's `Character`) where UIKit's
/// `NSRange` counts UTF-16 units.
@MainActor
public protocol TextFieldDelegate: AnyObject {
    /// Whether the field may begin editing (`textFieldShouldBeginEditing(_:)`).
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    /// The field began editing (`textFieldDidBeginEditing(_:)`).
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Whether the field may end editing (`textFieldShouldEndEditing(_:)`).
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    /// The field ended editing (`textFieldDidEndEditing(_:)`).
    func textFieldDidEndEditing(_ textField: TextField)
    /// Whether an edit may replace the characters in `range` with `string`
    /// (`textField(_:shouldChangeCharactersIn:replacementString:)`).
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String)
        -> Bool
    /// Whether the clear button may empty the field (`textFieldShouldClear(_:)`).
    func textFieldShouldClear(_ textField: TextField) -> Bool
    /// Return was pressed (`textFieldShouldReturn(_:)`): whether the field does what
    /// Return does by default, which is to end editing.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
    /// The selection or the caret moved (`textFieldDidChangeSelection(_:)`).
    func textFieldDidChangeSelection(_ textField: TextField)
}

extension TextFieldDelegate {
    /// Allows it.
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    /// Does nothing.
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    /// Allows it.
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    /// Does nothing.
    public func textFieldDidEndEditing(_ textField: TextField) {}
    /// Allows it.
    public func textField(
        _ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String
    ) -> Bool { true }
    /// Allows it.
    public func textFieldShouldClear(_ textField: TextField) -> Bool { true }
    /// Allows it.
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
    /// Does nothing.
    public func textFieldDidChangeSelection(_ textField: TextField) {}
}
