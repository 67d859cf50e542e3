/// A direction in the text's logical (storage) order (UIKit's `UITextStorageDirection`).
public enum TextStorageDirection: Sendable, Equatable, CaseIterable {
    /// Toward the end of the text.
    case forward
    /// Toward the start of the text.
    case backward
}
