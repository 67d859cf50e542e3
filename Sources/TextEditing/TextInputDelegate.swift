import Foundation

/// Told around every change an input method did not make itself (a command, an undo, the app
/// setting the text or the selection), so that it can drop what it was composing: UIKit's
/// `UITextInputDelegate`.
public protocol TextInputDelegate: AnyObject {
    func selectionWillChange(_ textInput: TextView)
    func selectionDidChange(_ textInput: TextView)
    func textWillChange(_ textInput: TextView)
    func textDidChange(_ textInput: TextView)
    /// The view ended the composition because of a change the input method did not make (the
    /// app set the text, pasted, undid, moved the caret by a command, or another view edited the
    /// same content): drop what is being composed, as AppKit's `NSTextInputContext` does when
    /// told `discardMarkedText()`. The marked text stays in the document as ordinary text.
    func discardMarkedText(_ textInput: TextView)
}

extension TextInputDelegate {
    /// Does nothing: a delegate that keeps no composition of its own need not implement it.
    public func discardMarkedText(_ textInput: TextView) {}
}
