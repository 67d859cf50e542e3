import Foundation

/// What is drawn around a paragraph's text rather than with it: the bars of the block quotes it
/// is in, a background behind the whole paragraph (a code block), a horizontal rule (a thematic
/// break), the grid of a table row. A paragraph-bound attribute (`blockDecoration`); the
/// renderer draws it under the text, across the paragraph's whole fragment.
public struct BlockDecoration: Hashable, Sendable, Codable {
    /// Where the quote bars stand, in points from the paragraph's leading edge, outermost first.
    public var quoteBars: [Double]
    /// The bars' colour and width.
    public var quoteBarColor: TextColor
    public var quoteBarWidth: Double
    /// Filled behind the whole paragraph, margin to margin.
    public var background: TextColor?
    /// A rule across the middle of the paragraph, margin to margin.
    public var rule: TextColor?
    /// A table row's column edges, in points from the leading edge (the first is the table's
    /// left edge, the last its right): a line at each, and along the row's top and bottom.
    public var tableColumnEdges: [Double]
    /// The grid's colour; a header row's background.
    public var tableBorderColor: TextColor
    public var tableHeaderBackground: TextColor?

    /// A decoration; nothing is drawn for the parts left out.
    public init(
        quoteBars: [Double] = [], quoteBarColor: TextColor = TextColor(white: 0.8), quoteBarWidth: Double = 3,
        background: TextColor? = nil, rule: TextColor? = nil,
        tableColumnEdges: [Double] = [], tableBorderColor: TextColor = TextColor(white: 0.75),
        tableHeaderBackground: TextColor? = nil
    ) {
        self.quoteBars = quoteBars
        self.quoteBarColor = quoteBarColor
        self.quoteBarWidth = quoteBarWidth
        self.background = background
        self.rule = rule
        self.tableColumnEdges = tableColumnEdges
        self.tableBorderColor = tableBorderColor
        self.tableHeaderBackground = tableHeaderBackground
    }

    private enum CodingKeys: String, CodingKey {
        case quoteBars, quoteBarColor, quoteBarWidth, background, rule, tableColumnEdges, tableBorderColor,
            tableHeaderBackground
    }

    /// At most this many quote bars and table column edges: a document is untrusted, and each
    /// is drawn on every line of its paragraph.
    public static let maximumEdges = 1_000

    /// Decodes any of the fields (absent ones take the defaults); numbers must be finite and the
    /// lists at most `maximumEdges` long.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let defaults = BlockDecoration()
        func edges(_ key: CodingKeys) throws -> [Double] {
            let values = try container.decodeIfPresent([Double].self, forKey: key) ?? []
            guard values.count <= Self.maximumEdges, values.allSatisfy(\.isFinite) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "at most \(Self.maximumEdges) finite numbers, not \(values.count)")
            }
            return values
        }
        self.init(
            quoteBars: try edges(.quoteBars),
            quoteBarColor: try container.decodeIfPresent(TextColor.self, forKey: .quoteBarColor)
                ?? defaults.quoteBarColor,
            quoteBarWidth: try container.decodeFinite(.quoteBarWidth, default: defaults.quoteBarWidth),
            background: try container.decodeIfPresent(TextColor.self, forKey: .background),
            rule: try container.decodeIfPresent(TextColor.self, forKey: .rule),
            tableColumnEdges: try edges(.tableColumnEdges),
            tableBorderColor: try container.decodeIfPresent(TextColor.self, forKey: .tableBorderColor)
                ?? defaults.tableBorderColor,
            tableHeaderBackground: try container.decodeIfPresent(TextColor.self, forKey: .tableHeaderBackground))
    }

    /// Whether it draws nothing.
    public var isEmpty: Bool {
        quoteBars.isEmpty && background == nil && rule == nil && tableColumnEdges.count < 2
            && tableHeaderBackground == nil
    }
}

extension AttributeScopes.OpenTextKitAttributes {
    /// What is drawn around a paragraph (quote bars, a background, a rule, a table row's grid);
    /// bound to whole paragraphs.
    public enum BlockDecorationAttribute: CodableAttributedStringKey, SendableAttributedStringKey {
        public typealias Value = BlockDecoration
        public static let name = "OpenTextKit.blockDecoration"
        public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
    }
}
