public import TextContent

/// The font a run of text asks for, validated: what the typography layer matches against the
/// installed fonts. OpenType features are not part of it: they change shaping, not the font.
///
/// ```swift
/// let request = try FontRequest(family: "DejaVu Sans", size: 13, weight: 700)
/// let match = try FontMatcher.shared.match(request)
/// ```
public struct FontRequest: Hashable, Sendable, CustomStringConvertible {
    /// The largest size accepted, in points. Far beyond any display use; it keeps HarfBuzz's
    /// 32-bit fixed-point positions (1/1024 point) from overflowing.
    public static let maximumSize: Double = 10_000

    /// The family name, or a generic family ("sans-serif", "serif", "monospace", "emoji"...).
    public let family: String
    /// The size in points, in (0, ``maximumSize``].
    public let size: Double
    /// The weight on the OpenType scale, 1...1000 (400 regular, 700 bold).
    public let weight: Double
    /// Whether an italic or oblique style is wanted.
    public let italic: Bool
    /// The width as a percentage of normal, 50...200 (fontconfig's and CSS's scale).
    public let width: Double

    /// A validated request; throws ``FontError`` for a blank family, a size that is not finite or
    /// not in (0, ``maximumSize``], a weight outside 1...1000 or a width outside 50...200.
    public init(
        family: String, size: Double, weight: Double = 400, italic: Bool = false, width: Double = 100
    ) throws(FontError) {
        guard !family.allSatisfy(\.isWhitespace), !family.unicodeScalars.contains("\0") else {
            throw .invalidFamily(family)
        }
        guard size.isFinite, size > 0, size <= Self.maximumSize else { throw .invalidSize(size) }
        guard weight.isFinite, (1 ... 1000).contains(weight) else { throw .invalidWeight(weight) }
        guard width.isFinite, (50 ... 200).contains(width) else { throw .invalidWidth(width) }
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
        self.width = width
    }

    /// The request for a content-model font descriptor (its features go to the shaper); a
    /// semantic one as it resolves in the standard context (see `init(_:in:matcher:)`).
    public init(_ descriptor: FontDescriptor) throws(FontError) {
        try self.init(descriptor, in: .standard)
    }

    /// The same request at another size.
    public func withSize(_ size: Double) throws(FontError) -> FontRequest {
        try FontRequest(family: family, size: size, weight: weight, italic: italic, width: width)
    }

    public var description: String {
        "\(family) \(size)pt weight \(weight)\(italic ? " italic" : "")\(width == 100 ? "" : " width \(width)")"
    }

    /// Everything but the size: what fontconfig matches and fallback decisions depend on.
    var style: FontStyleKey {
        FontStyleKey(family: family, weight: weight, italic: italic, width: width)
    }
}

/// A request without its size: the key of match and fallback caches, which do not depend on it.
struct FontStyleKey: Hashable, Sendable {
    var family: String
    var weight: Double
    var italic: Bool
    var width: Double
}
