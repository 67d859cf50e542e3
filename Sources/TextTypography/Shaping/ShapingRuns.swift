/// A paragraph's text as it was shaped, run by run, each run in one font and one direction:
/// what font fallback and bidi chose, without glyphs. Benchmarks shape the same runs with raw
/// HarfBuzz to compare with layout (`otk layout --baseline`).
public struct ShapingRuns: Sendable {
    /// A stretch of `utf16` shaped in one font, in one direction.
    public struct Run: Hashable, Sendable {
        public var range: Range<Int>
        public var font: Font
        public var isRightToLeft: Bool

        public init(range: Range<Int>, font: Font, isRightToLeft: Bool) {
            self.range = range
            self.font = font
            self.isRightToLeft = isRightToLeft
        }
    }

    /// The text shaped, in UTF-16 code units.
    public var utf16: [UInt16]
    /// The runs, in logical order, covering `utf16`.
    public var runs: [Run]

    public init(utf16: [UInt16], runs: [Run]) {
        self.utf16 = utf16
        self.runs = runs
    }
}
