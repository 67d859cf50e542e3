import Foundation
@_spi(Layout) import TextContent

/// What `TextSelectionNavigation` reads, in UTF-16 offsets from the document's start. The layout
/// manager answers it from its paragraphs and lines directly (the fast path); any other
/// `TextSelectionDataSource` answers it through `DataSourceOffsetReader`, which asks only
/// what the protocol offers.
protocol NavigationOffsetReading {
    var documentRange: TextRange { get }
    var documentLength: Int { get }
    /// The offset of `location`, if it is of this document.
    func documentOffset(of location: any TextLocation) -> Int?
    func documentLocation(_ offset: Int) -> (any TextLocation)?
    func textRange(_ offsets: Range<Int>) -> TextRange?
    /// Whether the paragraph at `offset` runs right to left.
    func isRightToLeft(at offset: Int) -> Bool
    /// The unit of `granularity` around `offset` (a line with its separator); nil for an empty document.
    func enclosingSegment(_ granularity: TextSelection.Granularity, at offset: Int) -> Range<Int>?
    /// The paragraph holding `offset` without its separator (the end of a paragraph's text
    /// belongs to it; the document's end after a final separator is an empty paragraph there);
    /// nil for an empty document.
    func paragraphContentRange(at offset: Int) -> Range<Int>?
    /// Calls `body` with the units of `kind` from `offset`: forward, those that end after it (the
    /// one around it first); backward, those that start before it, nearest first. Stops when
    /// `body` returns false.
    func forEachSegment(of kind: TextUnitKind, from offset: Int, reverse: Bool, _ body: (TextUnitSegment) -> Bool)
    /// The line holding `offset`; at a soft wrap the line that starts there, unless `upstream`.
    func visualLine(at offset: Int, upstream: Bool) -> VisualLine?
    func visualLine(after line: VisualLine) -> VisualLine?
    func visualLine(before line: VisualLine) -> VisualLine?
    /// The line at or nearest `point` (container coordinates).
    func visualLine(closestTo point: CGPoint) -> VisualLine?
    /// The text of `range`; nil when it cannot be read.
    func text(in range: Range<Int>) -> String?
}
