/// The font fontconfig found for a request, and whether it is of the family asked for.
///
/// fontconfig always answers with some font: a family that is not installed gets the default
/// sans-serif. ``isExactFamily`` tells the caller so it can say which fallback was used instead of
/// substituting silently.
public struct FontMatch: Hashable, Sendable {
    /// The font to use.
    public let font: Font
    /// Whether the font's family is the requested one (case-insensitively, any of the names the
    /// face declares). A generic family ("sans-serif", "serif", "monospace"...) always counts.
    public let isExactFamily: Bool
}
