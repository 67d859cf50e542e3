import Foundation

/// The ranges layout and drawing keep numeric attribute values within, so that a document's
/// absurd numbers (a kern of 10³⁰⁰, a stroke 10⁹ % of the font size, a NaN) lay out and draw in
/// bounded time and space instead of trapping or hanging. The stored attribute keeps the value
/// it was given; these say what the engine makes of it.
///
/// ```swift
/// AttributeValueLimits.expansion(1000)   // log(10): glyphs at most ten times as wide
/// AttributeValueLimits.kern(.nan)        // 0
/// ```
public enum AttributeValueLimits {
    /// The largest `kern` or `tracking`, either way, in points.
    public static let maximumSpacing: Double = 10_000
    /// The largest `baselineOffset`, either way, in points (as an attachment's bounds).
    public static let maximumBaselineOffset: Double = 100_000
    /// The largest `strokeWidth`, either way, in percent of the font size.
    public static let maximumStrokeWidth: Double = 100
    /// The largest `obliqueness`, either way (the tangent of the skew: 2 is about 63°).
    public static let maximumObliqueness: Double = 2
    /// The largest `expansion`, either way: the log of 10, so that glyphs are drawn between a
    /// tenth and ten times their width.
    public static let maximumExpansion: Double = log(10)

    /// `kern` as laid out: NaN and infinities are 0, the rest within ±``maximumSpacing``.
    public static func kern(_ value: Double) -> Double { clamp(value, maximumSpacing) }
    /// `tracking` as laid out: NaN and infinities are 0, the rest within ±``maximumSpacing``.
    public static func tracking(_ value: Double) -> Double { clamp(value, maximumSpacing) }
    /// `baselineOffset` as laid out: NaN and infinities are 0, the rest within
    /// ±``maximumBaselineOffset``.
    public static func baselineOffset(_ value: Double) -> Double { clamp(value, maximumBaselineOffset) }
    /// `strokeWidth` as drawn: NaN and infinities are 0 (no stroke), the rest within
    /// ±``maximumStrokeWidth``.
    public static func strokeWidth(_ value: Double) -> Double { clamp(value, maximumStrokeWidth) }
    /// `obliqueness` as drawn: NaN and infinities are 0, the rest within ±``maximumObliqueness``.
    public static func obliqueness(_ value: Double) -> Double { clamp(value, maximumObliqueness) }
    /// `expansion` as laid out and drawn: NaN and infinities are 0, the rest within
    /// ±``maximumExpansion``.
    public static func expansion(_ value: Double) -> Double { clamp(value, maximumExpansion) }

    private static func clamp(_ value: Double, _ limit: Double) -> Double {
        value.isFinite ? min(max(value, -limit), limit) : 0
    }
}
