import Foundation

/// Told around every change an input method did not make itself (a command, an undo, the app
/// setting the text or the selection), so that it can drop what it was composing: UIKit's
/// `UITextInputDelegate`.
public protocol TextInputDelegate: AnyObject {
    func selectionWillChange(_ textInput: TextView)
    func selectionDidChange(_ textInput: TextView)
    func textWillChange(_ textInput: TextView)
    func textDidChange(_ textInput: TextView)
}
