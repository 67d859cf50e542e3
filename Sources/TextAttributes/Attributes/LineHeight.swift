import Foundation

/// The distance from one baseline to the next in a paragraph.
public enum LineHeight: Hashable, Sendable, Codable {
    /// The font's own line height: ascent plus descent plus line gap.
    case normal
    /// Each line as tall as the fonts in it make it (the largest ascent plus the largest
    /// descent and line gap of its runs), as Apple's `LineHeight.variable`: a line with a
    /// larger run is taller than its neighbours. (The engine's `normal` measures the same way;
    /// Apple's `normal` is a constant multiple of the point size.)
    case variable
    /// A preset tighter than `normal`, for headings; the layout defines the factor.
    case tight
    /// A preset looser than `normal`, for easy reading; the layout defines the factor.
    case loose
    /// `factor` times the normal line height, regardless of ascent and descent.
    case multiple(factor: Double)
    /// The normal line height plus `increase` points (negative to tighten).
    case leading(increase: Double)
    /// Exactly `points`, regardless of the fonts in the line.
    case exact(points: Double)

    private enum CodingKeys: String, CodingKey {
        case kind, factor, increase, points
    }

    private enum Kind: String, Codable {
        case normal, variable, tight, loose, multiple, leading, exact
    }

    /// Decodes `{"kind": "normal"}`, `{"kind": "variable"}`, `{"kind": "multiple", "factor": 1.5}`,
    /// `{"kind": "leading", "increase": 2}` or `{"kind": "exact", "points": 18}`. A key that does not
    /// belong to the kind is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let kind = try container.decode(Kind.self, forKey: .kind)
        let payload: CodingKeys?
        switch kind {
        case .normal: self = .normal; payload = nil
        case .variable: self = .variable; payload = nil
        case .tight: self = .tight; payload = nil
        case .loose: self = .loose; payload = nil
        case .multiple: self = .multiple(factor: try container.decodeFinite(.factor)); payload = .factor
        case .leading: self = .leading(increase: try container.decodeFinite(.increase)); payload = .increase
        case .exact: self = .exact(points: try container.decodeFinite(.points)); payload = .points
        }
        for key in [CodingKeys.factor, .increase, .points] where key != payload && container.contains(key) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath + [key],
                    debugDescription:
                        "\"\(key.stringValue)\" does not belong to a line height of kind \"\(kind.rawValue)\"",
                    underlyingError: UnknownKeyError()))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .normal: try container.encode(Kind.normal, forKey: .kind)
        case .variable: try container.encode(Kind.variable, forKey: .kind)
        case .tight: try container.encode(Kind.tight, forKey: .kind)
        case .loose: try container.encode(Kind.loose, forKey: .kind)
        case .multiple(let factor):
            try container.encode(Kind.multiple, forKey: .kind)
            try container.encode(factor, forKey: .factor)
        case .leading(let increase):
            try container.encode(Kind.leading, forKey: .kind)
            try container.encode(increase, forKey: .increase)
        case .exact(let points):
            try container.encode(Kind.exact, forKey: .kind)
            try container.encode(points, forKey: .points)
        }
    }
}
