/// A font's vertical metrics in points at its size, in the y-down convention of layout: distances
/// below the baseline are positive.
public struct FontMetrics: Hashable, Sendable {
    /// Design units per em, from the font's `head` table.
    public var unitsPerEm: Int
    /// From the baseline up to the top of the line (OS/2 typo ascender when the font asks for it,
    /// else hhea).
    public var ascent: Double
    /// From the baseline down to the bottom of the line, positive.
    public var descent: Double
    /// Extra space the font suggests between lines (line gap), 0 or more.
    public var leading: Double
    /// Height of flat capital letters above the baseline.
    public var capHeight: Double
    /// Height of flat lowercase letters above the baseline.
    public var xHeight: Double
    /// From the baseline down to the top of the underline stroke (positive means below).
    public var underlinePosition: Double
    /// Thickness of the underline stroke.
    public var underlineThickness: Double
    /// From the baseline up to the top of the strikethrough stroke.
    public var strikethroughPosition: Double
    /// Thickness of the strikethrough stroke.
    public var strikethroughThickness: Double

    /// `ascent + descent + leading`: the font's natural line height.
    public var lineHeight: Double { ascent + descent + leading }
}
