import Foundation
@_spi(Layout) import TextContent

/// How a text flows in its container.
public enum TextLayoutOrientation: Sendable, Equatable {
    case horizontal, vertical
}

/// What selection navigation asks of the text it moves through: TextKit's
/// `NSTextSelectionDataSource`. `TextLayoutManager` is one; any other source of text with
/// lines and caret positions can be.
public protocol TextSelectionDataSource: AnyObject {
    /// The whole text.
    var documentRange: TextRange { get }

    /// Calls `block` with each substring of the kind `options` names (composed character
    /// sequences, words, sentences, lines as laid out, paragraphs) from `location` on, forward
    /// or, with `.reverse`, backward, continuing across paragraphs, until `stop` is set. A
    /// substring's range starts at or after `location` going forward and ends at or before it
    /// going backward.
    func enumerateSubstrings(
        from location: any TextLocation, options: String.EnumerationOptions,
        using block: (
            _ substring: String?, _ substringRange: TextRange, _ enclosingRange: TextRange?, _ stop: inout Bool
        ) -> Void)

    /// The range of the unit of `granularity` around `location` (for `.line`, the line as laid
    /// out, soft wraps included); nil for an empty document.
    func textRange(for granularity: TextSelection.Granularity, enclosing location: any TextLocation) -> TextRange?

    /// `location` moved by `offset` UTF-16 units; nil outside the document.
    func location(_ location: any TextLocation, offsetBy offset: Int) -> (any TextLocation)?

    /// UTF-16 units from `from` to `to`; 0 when either is not a location of this text.
    func offset(from: any TextLocation, to: any TextLocation) -> Int

    /// The resolved base direction of the paragraph holding `location`.
    func baseWritingDirection(at location: any TextLocation) -> TextSelectionNavigation.WritingDirection

    /// Calls `block` with the caret positions of the line holding `location`, visually from left
    /// to right: two calls for every character (composed character sequence), one for its
    /// leading edge and one for its trailing edge, each with the x in container coordinates, the
    /// character's location, and which edge it is; one call for an empty line. A character's
    /// leading edge is where a caret before it (downstream) stands, its trailing edge where a
    /// caret after it (upstream) stands: where the text changes direction these are two places
    /// for one offset, and navigation stops at both.
    func enumerateCaretOffsetsInLineFragment(
        at location: any TextLocation,
        using block: (_ caretOffset: CGFloat, _ location: any TextLocation, _ leadingEdge: Bool, _ stop: inout Bool) ->
            Void)

    /// The range of the line at `point` (container coordinates) in the container holding
    /// `location`; a point past a line's trailing edge belongs to that line, a point above or
    /// below the text to its first or last line.
    func lineFragmentRange(for point: CGPoint, inContainerAt location: any TextLocation) -> TextRange?

    /// How the text at `location` flows.
    func textLayoutOrientation(at location: any TextLocation) -> TextLayoutOrientation
}

extension TextSelectionDataSource {
    public func textLayoutOrientation(at location: any TextLocation) -> TextLayoutOrientation { .horizontal }
}
