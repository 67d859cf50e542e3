import Foundation

/// How a paragraph is laid out: alignment, line height, spacing, indents, tabs, direction and
/// list membership. It is a paragraph-bound attribute: one value covers a whole paragraph.
public struct ParagraphStyle: Hashable, Sendable, Codable {
    /// How lines sit between the margins.
    public let alignment: TextAlignment
    /// The distance between baselines.
    public let lineHeight: LineHeight
    /// Space in points above the paragraph.
    public let paragraphSpacingBefore: Double
    /// Space in points below the paragraph.
    public let paragraphSpacing: Double
    /// Indent in points of every line but the first, from the leading margin.
    public let headIndent: Double
    /// The trailing edge of lines: if positive, its distance from the leading margin; if 0 or
    /// negative, its distance from the trailing margin (TextKit's convention).
    public let tailIndent: Double
    /// Indent in points of the first line, from the leading margin.
    public let firstLineHeadIndent: Double
    /// Explicit tab stops, in increasing location.
    public let tabStops: [TextTab]
    /// After the last explicit stop, tabs go to the next multiple of this many points
    /// (0 or less: a tab there is as wide as a space).
    public let defaultTabInterval: Double
    /// The paragraph's base writing direction.
    public let baseWritingDirection: WritingDirection
    /// The lists the paragraph belongs to, outermost first; empty when it is not a list item.
    public let textLists: [TextList]
    /// Whether lines wrap at the container's edge; false: each line runs on past it (a code
    /// block), breaking only where the text does.
    public let wrapsLines: Bool

    /// A paragraph style; every field has the default of plain body text.
    public init(
        alignment: TextAlignment = .natural,
        lineHeight: LineHeight = .normal,
        paragraphSpacingBefore: Double = 0,
        paragraphSpacing: Double = 0,
        headIndent: Double = 0,
        tailIndent: Double = 0,
        firstLineHeadIndent: Double = 0,
        tabStops: [TextTab] = [],
        defaultTabInterval: Double = 28,
        baseWritingDirection: WritingDirection = .natural,
        textLists: [TextList] = [],
        wrapsLines: Bool = true
    ) {
        self.alignment = alignment
        self.lineHeight = lineHeight
        self.paragraphSpacingBefore = paragraphSpacingBefore
        self.paragraphSpacing = paragraphSpacing
        self.headIndent = headIndent
        self.tailIndent = tailIndent
        self.firstLineHeadIndent = firstLineHeadIndent
        self.tabStops = tabStops
        self.defaultTabInterval = defaultTabInterval
        self.baseWritingDirection = baseWritingDirection
        self.textLists = textLists
        self.wrapsLines = wrapsLines
    }

    /// The style of a paragraph that has none.
    public static let `default` = ParagraphStyle()

    /// A copy with the given fields changed; nil keeps the current value.
    public func with(
        alignment: TextAlignment? = nil,
        lineHeight: LineHeight? = nil,
        paragraphSpacingBefore: Double? = nil,
        paragraphSpacing: Double? = nil,
        headIndent: Double? = nil,
        tailIndent: Double? = nil,
        firstLineHeadIndent: Double? = nil,
        tabStops: [TextTab]? = nil,
        defaultTabInterval: Double? = nil,
        baseWritingDirection: WritingDirection? = nil,
        textLists: [TextList]? = nil,
        wrapsLines: Bool? = nil
    ) -> ParagraphStyle {
        ParagraphStyle(
            alignment: alignment ?? self.alignment,
            lineHeight: lineHeight ?? self.lineHeight,
            paragraphSpacingBefore: paragraphSpacingBefore ?? self.paragraphSpacingBefore,
            paragraphSpacing: paragraphSpacing ?? self.paragraphSpacing,
            headIndent: headIndent ?? self.headIndent,
            tailIndent: tailIndent ?? self.tailIndent,
            firstLineHeadIndent: firstLineHeadIndent ?? self.firstLineHeadIndent,
            tabStops: tabStops ?? self.tabStops,
            defaultTabInterval: defaultTabInterval ?? self.defaultTabInterval,
            baseWritingDirection: baseWritingDirection ?? self.baseWritingDirection,
            textLists: textLists ?? self.textLists,
            wrapsLines: wrapsLines ?? self.wrapsLines)
    }

    private enum CodingKeys: String, CodingKey {
        case alignment, lineHeight, paragraphSpacingBefore, paragraphSpacing, headIndent, tailIndent
        case firstLineHeadIndent, tabStops, defaultTabInterval, baseWritingDirection, textLists, wrapsLines
    }

    /// Decodes an object with any of the fields; absent fields take the defaults of `init()`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let defaults = ParagraphStyle.default
        self.init(
            alignment: try container.decodeIfPresent(TextAlignment.self, forKey: .alignment) ?? defaults.alignment,
            lineHeight: try container.decodeIfPresent(LineHeight.self, forKey: .lineHeight) ?? defaults.lineHeight,
            paragraphSpacingBefore: try container.decodeFinite(
                .paragraphSpacingBefore, default: defaults.paragraphSpacingBefore),
            paragraphSpacing: try container.decodeFinite(.paragraphSpacing, default: defaults.paragraphSpacing),
            headIndent: try container.decodeFinite(.headIndent, default: defaults.headIndent),
            tailIndent: try container.decodeFinite(.tailIndent, default: defaults.tailIndent),
            firstLineHeadIndent: try container.decodeFinite(
                .firstLineHeadIndent, default: defaults.firstLineHeadIndent),
            tabStops: try container.decodeIfPresent([TextTab].self, forKey: .tabStops) ?? defaults.tabStops,
            defaultTabInterval: try container.decodeFinite(.defaultTabInterval, default: defaults.defaultTabInterval),
            baseWritingDirection: try container.decodeIfPresent(WritingDirection.self, forKey: .baseWritingDirection)
                ?? defaults.baseWritingDirection,
            textLists: try container.decodeIfPresent([TextList].self, forKey: .textLists) ?? defaults.textLists,
            wrapsLines: try container.decodeIfPresent(Bool.self, forKey: .wrapsLines) ?? defaults.wrapsLines)
    }

    /// Encodes every field (`wrapsLines` only when false).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(alignment, forKey: .alignment)
        try container.encode(lineHeight, forKey: .lineHeight)
        try container.encode(paragraphSpacingBefore, forKey: .paragraphSpacingBefore)
        try container.encode(paragraphSpacing, forKey: .paragraphSpacing)
        try container.encode(headIndent, forKey: .headIndent)
        try container.encode(tailIndent, forKey: .tailIndent)
        try container.encode(firstLineHeadIndent, forKey: .firstLineHeadIndent)
        try container.encode(tabStops, forKey: .tabStops)
        try container.encode(defaultTabInterval, forKey: .defaultTabInterval)
        try container.encode(baseWritingDirection, forKey: .baseWritingDirection)
        try container.encode(textLists, forKey: .textLists)
        // Written only when lines do not wrap, so that documents written before it read the same.
        if !wrapsLines { try container.encode(false, forKey: .wrapsLines) }
    }
}
