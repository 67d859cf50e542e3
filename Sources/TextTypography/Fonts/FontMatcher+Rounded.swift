/// The rounded design: fontconfig has no generic family for it, so the matcher looks for one
/// of the rounded families it knows, once.
extension FontMatcher {
    /// Rounded families in order of preference, looked for when the rounded design is asked for.
    public static let roundedFamilies = [
        "SF Pro Rounded", "Nunito", "Varela Round", "M PLUS Rounded 1c", "Rounded Mplus 1c", "Quicksand", "Comfortaa",
        "Arial Rounded MT Bold",
    ]

    /// The first of ``roundedFamilies`` that is installed, or nil (the design then falls back to
    /// sans-serif, and resolving says so). Looked up once per matcher.
    public var installedRoundedFamily: String? {
        roundedFamily.withLock { found in
            if let found { return found }
            let style = FontStyleKey(family: "", weight: 400, italic: false, width: 100)
            let installed = Self.roundedFamilies.first { exactFamilySelection($0, style: style) != nil }
            found = .some(installed)
            return installed
        }
    }
}
