import Foundation
import _RopeModule

/// Heights in the tree are whole multiples of 2⁻²⁰ point: sums of them are exact, so a
/// paragraph's y is the same whichever way it is added up. Resolution is about a millionth of a
/// point.
///
/// Two bounds keep every sum inside `Int`. A paragraph counts for at most 10¹² points (a 2 GB
/// paragraph one character to a line is about 3 × 10¹⁰), and the whole tree for at most
/// `maximumTotalUnits`, about 4.4 × 10¹² points: seventeen thousand times a 1 GB file of
/// one-line paragraphs at 13 points (2.5 × 10⁸). The tree clamps a height that would take the
/// total past it (only absurd styles get there, say 10¹² points of spacing on every paragraph),
/// so no sum can trap. Document positions are converted without the paragraph bound.
enum LayoutHeight {
    static let scale: CGFloat = 1_048_576
    /// The most one paragraph counts for, in points.
    static let maximumParagraphPoints: CGFloat = 1e12
    /// The most the whole tree counts for, in units.
    static let maximumTotalUnits = Int.max / 2

    /// A paragraph's height in units: 0 for NaN or negative, at most `maximumParagraphPoints`.
    static func units(_ points: CGFloat) -> Int {
        guard points.isFinite, points > 0 else { return 0 }
        return Int((min(points, maximumParagraphPoints) * scale).rounded())
    }

    /// A document position in units, clamped to `0 ... maximumTotalUnits` (NaN counts as 0).
    static func position(_ y: CGFloat) -> Int {
        guard y > 0 else { return 0 }
        let scaled = (y * scale).rounded()
        return scaled < CGFloat(maximumTotalUnits) ? Int(scaled) : maximumTotalUnits
    }

    static func points(_ units: Int) -> CGFloat { CGFloat(units) / scale }
}
