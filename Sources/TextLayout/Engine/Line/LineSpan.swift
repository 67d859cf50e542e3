import Foundation

/// Stage 1 of a line, what ``LineBreaker`` gives: the line's share of a paragraph, before placement.
/// Then ``LinePlacer`` places it (stage 2, a ``PlacedLine``), its fragment keeps a ``LineRecord``
/// (stage 3), and ``TextLineFragment`` shows it to the public (stage 4).
struct LineSpan: Sendable {
    /// The line's UTF-16 range, with its trailing white space and any separator.
    var range: Range<Int>
    /// Where the trailing white space (which hangs past the line's end) starts.
    var hangStart: Int
    /// The line ends with U+2028 or the paragraph separator.
    var endsWithHardBreak: Bool
}
