import Foundation

/// What a text view tells the input method through, as AppKit's `NSTextInputContext`: that the
/// characters moved on screen (`invalidateCharacterCoordinates()`), or that what it composes
/// must be dropped (`discardMarkedText()`). The input method hears it through the client's
/// input delegate (`TextInputDelegate`). Every `TextView` has one (`inputContext`).
///
/// ```swift
/// // The host scrolled the view: the candidate window must follow the text.
/// view.inputContext.invalidateCharacterCoordinates()
/// // Focus left the view: the composition ends, its text stays as typed.
/// view.inputContext.discardMarkedText()
/// ```
public final class TextInputContext {
    /// The view whose input this context carries; nil once the view is gone.
    public private(set) weak var client: TextView?

    public init(client: TextView) {
        self.client = client
    }

    /// Tells the input method that the characters' rectangles changed (the text was laid out
    /// again, scrolled, or the view moved), so that it asks `firstRect(forCharacterRange:actualRange:)`
    /// again: the client's input delegate gets `invalidateCharacterCoordinates(_:)`. The view
    /// calls it itself when its own layout moves the text (an edit made elsewhere, a new font
    /// resolution context, `scrollRangeToVisible(_:)` scrolling); a host calls it when it moves the
    /// view (scrolling, resizing, a window moving). Does nothing once the view is gone.
    public func invalidateCharacterCoordinates() {
        guard let client else { return }
        client.inputDelegate?.invalidateCharacterCoordinates(client)
    }

    /// Ends the composition as AppKit's input context does when told to discard it: the input
    /// delegate gets `discardMarkedText(_:)`, and the marked text stays in the document as
    /// ordinary text, its clause underlines gone (one undo step, as a commit). Does nothing
    /// without marked text or once the view is gone.
    public func discardMarkedText() {
        client?.discardComposition()
    }
}
