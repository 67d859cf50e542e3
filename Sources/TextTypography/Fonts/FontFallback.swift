/// A font that was asked for and not found, and the one drawn instead: what a resolved font
/// says rather than substituting silently.
public struct FontFallback: Hashable, Sendable, CustomStringConvertible {
    /// The family asked for ("Fancy Script", or "ui-rounded" for the rounded design).
    public let requestedFamily: String
    /// The family fontconfig chose instead, as the chosen face names it; empty when no font
    /// could be found at all.
    public let chosenFamily: String
    /// Why: the family is not installed, or (for a design) which families were looked for.
    public let reason: String

    public var description: String {
        guard !chosenFamily.isEmpty else { return "\"\(requestedFamily)\" is not available (\(reason)); no font is" }
        return "\"\(requestedFamily)\" is not available (\(reason)); \"\(chosenFamily)\" is used instead"
    }
}
