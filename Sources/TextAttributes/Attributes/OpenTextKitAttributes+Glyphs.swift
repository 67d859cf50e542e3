import Foundation

/// Each key is a `SendableAttributedStringKey`, so that scope conversion carries it.
extension AttributeScopes.OpenTextKitAttributes {
    /// The shadow drawn under a run's glyphs (`NSShadow`'s offset, blur and colour).
    public enum ShadowAttribute: CodableAttributedStringKey, SendableAttributedStringKey {
        public typealias Value = Shadow
        public static let name = "OpenTextKit.shadow"
    }

    /// The colour of a run's glyph outlines when `strokeWidth` is not 0; no attribute means the
    /// foreground colour, as in AppKit.
    public enum StrokeColorAttribute: CodableAttributedStringKey, SendableAttributedStringKey {
        public typealias Value = TextColor
        public static let name = "OpenTextKit.strokeColor"
    }

    /// The width of a run's glyph outlines in percent of the font size, as AppKit's
    /// `strokeWidth`: 0 (or no attribute) fills the glyphs, a positive width strokes them
    /// without filling them (outlined text), a negative width fills and strokes them. A typical
    /// outline is 3.0. Drawn within ``AttributeValueLimits/maximumStrokeWidth``.
    public enum StrokeWidthAttribute: CodableAttributedStringKey, SendableAttributedStringKey {
        public typealias Value = Double
        public static let name = "OpenTextKit.strokeWidth"
    }

    /// The skew of a run's glyphs, as AppKit's `obliqueness`: the tangent of the slant, 0 for
    /// none, positive leaning the tops right. It does not change widths. Drawn within
    /// ``AttributeValueLimits/maximumObliqueness``.
    public enum ObliquenessAttribute: CodableAttributedStringKey, SendableAttributedStringKey {
        public typealias Value = Double
        public static let name = "OpenTextKit.obliqueness"
    }

    /// The log of the horizontal stretch of a run's glyphs, as AppKit's `expansion`: 0 for
    /// none, log(2) twice as wide. Advances stretch with the glyphs, so widths change. Kept
    /// within ``AttributeValueLimits/maximumExpansion``.
    public enum ExpansionAttribute: CodableAttributedStringKey, SendableAttributedStringKey {
        public typealias Value = Double
        public static let name = "OpenTextKit.expansion"
    }
}
