import Foundation

/// Told around every change an input method did not make itself (a command, an undo, the app
/// setting the text or the selection, an edit made elsewhere on the same content), so that it
/// can drop what it was composing: UIKit's `UITextInputDelegate`. Each change is told once, as
/// a will/did pair around it: a text change as `textWillChange`/`textDidChange` (the selection
/// moving with the text is part of it), a change of the selection alone as
/// `selectionWillChange`/`selectionDidChange`. Pairs never nest. An edit made elsewhere (on the
/// storage itself, or through another view) is only heard of once it is done: both calls of its
/// pair then come one after the other. What the input method does itself (`insertText`,
/// `setMarkedText`, `unmarkText`) is not told back to it.
public protocol TextInputDelegate: AnyObject {
    func selectionWillChange(_ textInput: TextView)
    func selectionDidChange(_ textInput: TextView)
    func textWillChange(_ textInput: TextView)
    func textDidChange(_ textInput: TextView)
    /// The view ended the composition because of a change the input method did not make (the
    /// app set the text, pasted, undid, moved the caret by a command, or another view edited the
    /// same content), or the app told the input context to (`TextInputContext.discardMarkedText()`):
    /// drop what is being composed, as AppKit's `NSTextInputContext` does when told
    /// `discardMarkedText()`. The marked text stays in the document as ordinary text.
    func discardMarkedText(_ textInput: TextView)
    /// The characters' rectangles changed (`TextInputContext.invalidateCharacterCoordinates()`):
    /// ask `firstRect(forCharacterRange:actualRange:)` again to place a candidate window.
    func invalidateCharacterCoordinates(_ textInput: TextView)
}

extension TextInputDelegate {
    /// Does nothing: a delegate that keeps no composition of its own need not implement it.
    public func discardMarkedText(_ textInput: TextView) {}
    /// Does nothing: a delegate that places no window by the text need not implement it.
    public func invalidateCharacterCoordinates(_ textInput: TextView) {}
}
