import Foundation

extension AttributeScopes {
    /// The attributes OpenTextKit lays out and draws, with Foundation's own (for `link`) nested in.
    ///
    /// Reach them as on Apple platforms: `string.font = ...`, `container.paragraphStyle = ...`,
    /// `string.runs[\.foregroundColor]`, or `AttributeScopes.OpenTextKitAttributes.self` wherever
    /// a scope is asked for. The engine's document format (`TextDocumentFormat`) stores every
    /// attribute declared here, plus Foundation's `link`.
    public struct OpenTextKitAttributes: AttributeScope {
        /// The font.
        public let font: FontAttribute
        /// The colour of the glyphs.
        public let foregroundColor: ForegroundColorAttribute
        /// The colour behind the glyphs.
        public let backgroundColor: BackgroundColorAttribute
        /// The underline; no attribute means no underline.
        public let underlineStyle: UnderlineStyleAttribute
        /// The underline's colour; no attribute means the foreground colour.
        public let underlineColor: UnderlineColorAttribute
        /// The strikethrough; no attribute means none.
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// The strikethrough's colour; no attribute means the foreground colour.
        public let strikethroughColor: StrikethroughColorAttribute
        /// Points added after each character.
        public let kern: KernAttribute
        /// Points added between all characters of the run.
        public let tracking: TrackingAttribute
        /// Points the glyphs are raised above the baseline.
        public let baselineOffset: BaselineOffsetAttribute
        /// The shadow under the glyphs.
        public let shadow: ShadowAttribute
        /// The colour of the glyphs' outlines; no attribute means the foreground colour.
        public let strokeColor: StrokeColorAttribute
        /// The outline's width in percent of the font size: positive outlines, negative fills
        /// and outlines.
        public let strokeWidth: StrokeWidthAttribute
        /// The skew of the glyphs (the tangent of their slant).
        public let obliqueness: ObliquenessAttribute
        /// The log of the glyphs' horizontal stretch.
        public let expansion: ExpansionAttribute
        /// An attachment drawn in place of its U+FFFC character.
        public let attachment: AttachmentAttribute
        /// How the paragraph is laid out; bound to whole paragraphs.
        public let paragraphStyle: ParagraphStyleAttribute
        /// How the paragraph's lines sit between the margins: its style's alignment as an
        /// attribute of its own (see `ParagraphStyle.init(resolving:)`); bound to whole paragraphs.
        public let alignment: AlignmentAttribute
        /// The distance between the paragraph's baselines: its style's line height as an
        /// attribute of its own; bound to whole paragraphs.
        public let lineHeight: LineHeightAttribute
        /// What is drawn around the paragraph: quote bars, a background, a rule, a table row's
        /// grid; bound to whole paragraphs.
        public let blockDecoration: BlockDecorationAttribute
        /// The block structure (paragraph, heading, list item, table cell ...) a run belongs to.
        public let presentationIntent: PresentationIntentAttribute
        /// Emphasis, code, strikethrough and breaks within a block.
        public let inlinePresentationIntent: InlinePresentationIntentAttribute
        /// A GitHub task list item's box; bound to whole paragraphs.
        public let taskListItem: TaskListItemAttribute
        /// Where a run came from in the Markdown it was parsed from.
        public let markdownSourcePosition: MarkdownSourcePositionAttribute
        /// The title of the Markdown link a run is text of.
        public let markdownLinkTitle: MarkdownLinkTitleAttribute
        /// The title of the Markdown image a run describes.
        public let markdownImageTitle: MarkdownImageTitleAttribute
        /// The loose Markdown lists a run is inside, by identity.
        public let markdownLooseLists: MarkdownLooseListsAttribute
        /// Marks the line feed of a Markdown code block with no lines.
        public let markdownEmptyCodeBlock: MarkdownEmptyCodeBlockAttribute
        /// Foundation's attributes, among them `link`.
        public let foundation: AttributeScopes.FoundationAttributes
    }

    /// OpenTextKit's attribute scope, for APIs that take a scope's key path (`\.openTextKit`).
    public var openTextKit: OpenTextKitAttributes.Type { OpenTextKitAttributes.self }
}

extension AttributeDynamicLookup {
    /// Lets `string.font`, `container.paragraphStyle` and the rest resolve, type-checked.
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.OpenTextKitAttributes, T>
    ) -> T {
        self[T.self]
    }
}

extension AttributeScopes.OpenTextKitAttributes {
    /// The font of a run.
    public enum FontAttribute: CodableAttributedStringKey {
        public typealias Value = FontDescriptor
        public static let name = "OpenTextKit.font"
    }

    /// The colour of a run's glyphs.
    public enum ForegroundColorAttribute: CodableAttributedStringKey {
        public typealias Value = TextColor
        public static let name = "OpenTextKit.foregroundColor"
    }

    /// The colour filling the background of a run's line boxes.
    public enum BackgroundColorAttribute: CodableAttributedStringKey {
        public typealias Value = TextColor
        public static let name = "OpenTextKit.backgroundColor"
    }

    /// How a run is underlined.
    public enum UnderlineStyleAttribute: CodableAttributedStringKey {
        public typealias Value = TextDecorationStyle
        public static let name = "OpenTextKit.underlineStyle"
    }

    /// The colour of a run's underline.
    public enum UnderlineColorAttribute: CodableAttributedStringKey {
        public typealias Value = TextColor
        public static let name = "OpenTextKit.underlineColor"
    }

    /// How a run is struck through.
    public enum StrikethroughStyleAttribute: CodableAttributedStringKey {
        public typealias Value = TextDecorationStyle
        public static let name = "OpenTextKit.strikethroughStyle"
    }

    /// The colour of a run's strikethrough.
    public enum StrikethroughColorAttribute: CodableAttributedStringKey {
        public typealias Value = TextColor
        public static let name = "OpenTextKit.strikethroughColor"
    }

    /// Points added after each character of a run (negative to tighten), as TextKit's `kern`:
    /// it adjusts pair spacing and leaves ligatures alone.
    public enum KernAttribute: CodableAttributedStringKey {
        public typealias Value = Double
        public static let name = "OpenTextKit.kern"
    }

    /// Points added between all characters of a run, as TextKit's `tracking`: uniform letter
    /// spacing, which turns off optional ligatures.
    public enum TrackingAttribute: CodableAttributedStringKey {
        public typealias Value = Double
        public static let name = "OpenTextKit.tracking"
    }

    /// Points a run's glyphs are raised above the baseline (negative to lower them).
    public enum BaselineOffsetAttribute: CodableAttributedStringKey {
        public typealias Value = Double
        public static let name = "OpenTextKit.baselineOffset"
    }

    /// An attachment on its U+FFFC character.
    ///
    /// Text typed next to an attachment does not become another attachment, and an edit that
    /// changes the attachment's text removes the attribute from the changed runs: a replaced
    /// U+FFFC must not keep drawing the old image.
    public enum AttachmentAttribute: CodableAttributedStringKey {
        public typealias Value = TextAttachment
        public static let name = "OpenTextKit.attachment"
        public static let inheritedByAddedText = false
        public static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [.textChanged]

        public static func encode(_ value: TextAttachment, to encoder: any Encoder) throws {
            try value.encode(to: encoder)
        }

        public static func decode(from decoder: any Decoder) throws -> TextAttachment {
            try TextAttachment.decoded(from: decoder)
        }
    }

    /// The layout of a paragraph.
    ///
    /// Paragraph-bound: setting it on part of a paragraph sets it on the whole paragraph, and each
    /// paragraph has one value (separators are `\n`, `\r`, `\r\n` and U+2029). Text added within a
    /// paragraph takes the paragraph's style.
    public enum ParagraphStyleAttribute: CodableAttributedStringKey {
        public typealias Value = ParagraphStyle
        public static let name = "OpenTextKit.paragraphStyle"
        public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
    }

    /// A paragraph's alignment (`text.alignment = .center`). It and `paragraphStyle` are one
    /// model: where it is set, it is the paragraph style's alignment (layout reads
    /// `ParagraphStyle(resolving:)`, and the content storage writes it into `paragraphStyle`).
    public enum AlignmentAttribute: CodableAttributedStringKey {
        public typealias Value = TextAlignment
        public static let name = "OpenTextKit.alignment"
        public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
    }

    /// A paragraph's line height (`text.lineHeight = .exact(points: 32)`), one model with
    /// `paragraphStyle` as `alignment` is.
    public enum LineHeightAttribute: CodableAttributedStringKey {
        public typealias Value = LineHeight
        public static let name = "OpenTextKit.lineHeight"
        public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
    }
}
