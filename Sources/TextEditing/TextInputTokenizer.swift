import Foundation

/// Finds units of text (characters, words, sentences, paragraphs, lines, the document) around
/// positions: UIKit's `UITextInputTokenizer`, in UTF-16 offsets and `NSRange`s. A position at
/// the edge of two units is looked at in a direction: forward, the unit after it; backward, the
/// unit before it.
public protocol TextInputTokenizer: AnyObject {
    /// The range of the unit of `granularity` holding the character after `position` (forward)
    /// or before it (backward); nil when there is no such character or it is in no unit (a space
    /// between words, a paragraph's separator).
    func rangeEnclosingPosition(
        _ position: Int, with granularity: TextGranularity, inDirection direction: TextStorageDirection
    ) -> NSRange?

    /// Whether a unit of `granularity` ends at `position` (forward) or starts there (backward).
    func isPosition(
        _ position: Int, atBoundary granularity: TextGranularity, inDirection direction: TextStorageDirection
    ) -> Bool

    /// The next position from `position` in `direction` where a unit of `granularity` ends
    /// (forward) or starts (backward); nil when there is none.
    func position(
        from position: Int, toBoundary granularity: TextGranularity, inDirection direction: TextStorageDirection
    ) -> Int?

    /// Whether the character after `position` (forward) or before it (backward) is in a unit of
    /// `granularity`.
    func isPosition(
        _ position: Int, withinTextUnit granularity: TextGranularity, inDirection direction: TextStorageDirection
    ) -> Bool
}
