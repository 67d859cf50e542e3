import Foundation
@_spi(Coding) import TextAttributes

/// The attributes of one run as the document format writes them: one optional field per
/// attribute, under names that never change.
struct DocumentAttributes: Codable, Equatable {
    var font: FontDescriptor?
    var foregroundColor: TextColor?
    var backgroundColor: TextColor?
    var underlineStyle: TextDecorationStyle?
    var underlineColor: TextColor?
    var strikethroughStyle: TextDecorationStyle?
    var strikethroughColor: TextColor?
    var kern: Double?
    var tracking: Double?
    var baselineOffset: Double?
    var shadow: Shadow?
    var strokeColor: TextColor?
    var strokeWidth: Double?
    var obliqueness: Double?
    var expansion: Double?
    var attachment: TextAttachment?
    var link: DocumentLink?
    /// Foundation's `imageURL`: an image's location on its alt text (Markdown images).
    var imageURL: DocumentLink?
    /// Foundation's `languageIdentifier`, a BCP 47 tag ("ja", "zh-Hant-TW"): shaping and the
    /// regional CJK font follow it.
    var languageIdentifier: String?
    /// The block structure (Markdown's headings, lists, tables ...).
    var presentationIntent: PresentationIntent?
    /// Emphasis, code and breaks within a block.
    var inlinePresentationIntent: InlinePresentationIntent?
    /// Where the run came from in a Markdown source.
    var markdownSourcePosition: AttributedString.MarkdownSourcePosition?
    /// What Markdown says that Foundation's attributes do not: link and image titles, the
    /// loose lists a run is in, a code block with no lines.
    var markdownLinkTitle: String?
    var markdownImageTitle: String?
    var markdownLooseLists: Set<Int>?
    var markdownEmptyCodeBlock: Bool?
    /// Paragraph-bound, like `paragraphStyle`: the same on every run of a paragraph.
    var taskListItem: TaskListItem?
    /// Paragraph-bound; it must be the same on every run of a paragraph.
    var paragraphStyle: ParagraphStyle?
    /// Paragraph-bound too: what is drawn around the paragraph.
    var blockDecoration: BlockDecoration?

    init() {}

    /// The stored attributes of `container`; any others are left out (see `unstoredKeyName`).
    init(_ container: AttributeContainer) {
        font = container.font
        foregroundColor = container.foregroundColor
        backgroundColor = container.backgroundColor
        underlineStyle = container.underlineStyle
        underlineColor = container.underlineColor
        strikethroughStyle = container.strikethroughStyle
        strikethroughColor = container.strikethroughColor
        kern = container.kern
        tracking = container.tracking
        baselineOffset = container.baselineOffset
        shadow = container.shadow
        strokeColor = container.strokeColor
        strokeWidth = container.strokeWidth
        obliqueness = container.obliqueness
        expansion = container.expansion
        attachment = container.attachment
        link = container.link.map(DocumentLink.init)
        imageURL = container.imageURL.map(DocumentLink.init)
        languageIdentifier = container.languageIdentifier
        presentationIntent = container.presentationIntent
        inlinePresentationIntent = container.inlinePresentationIntent
        markdownSourcePosition = container.markdownSourcePosition
        markdownLinkTitle = container.markdownLinkTitle
        markdownImageTitle = container.markdownImageTitle
        markdownLooseLists = container.markdownLooseLists
        markdownEmptyCodeBlock = container.markdownEmptyCodeBlock
        taskListItem = container.taskListItem
        // Alignment, line height and direction set as attributes of their own are stored in
        // the paragraph style they are part of.
        paragraphStyle = ParagraphStyle(resolving: container)
        blockDecoration = container.blockDecoration
    }

    /// Every attribute but the paragraph-bound ones.
    var characterAttributes: AttributeContainer {
        var container = AttributeContainer()
        container.font = font
        container.foregroundColor = foregroundColor
        container.backgroundColor = backgroundColor
        container.underlineStyle = underlineStyle
        container.underlineColor = underlineColor
        container.strikethroughStyle = strikethroughStyle
        container.strikethroughColor = strikethroughColor
        container.kern = kern
        container.tracking = tracking
        container.baselineOffset = baselineOffset
        container.shadow = shadow
        container.strokeColor = strokeColor
        container.strokeWidth = strokeWidth
        container.obliqueness = obliqueness
        container.expansion = expansion
        container.attachment = attachment
        container.link = link?.url
        container.imageURL = imageURL?.url
        container.languageIdentifier = languageIdentifier
        container.presentationIntent = presentationIntent
        container.inlinePresentationIntent = inlinePresentationIntent
        container.markdownSourcePosition = markdownSourcePosition
        container.markdownLinkTitle = markdownLinkTitle
        container.markdownImageTitle = markdownImageTitle
        container.markdownLooseLists = markdownLooseLists
        container.markdownEmptyCodeBlock = markdownEmptyCodeBlock
        return container
    }

    /// The paragraph-bound attributes, which must be the same on every run of a paragraph.
    var paragraphAttributes: ParagraphAttributes {
        ParagraphAttributes(
            paragraphStyle: paragraphStyle, taskListItem: taskListItem, blockDecoration: blockDecoration)
    }

    var hasCharacterAttributes: Bool {
        font != nil || foregroundColor != nil || backgroundColor != nil || underlineStyle != nil
            || underlineColor != nil || strikethroughStyle != nil || strikethroughColor != nil || kern != nil
            || tracking != nil || baselineOffset != nil || shadow != nil || strokeColor != nil || strokeWidth != nil
            || obliqueness != nil || expansion != nil || attachment != nil || link != nil || imageURL != nil
            || languageIdentifier != nil || presentationIntent != nil || inlinePresentationIntent != nil
            || markdownSourcePosition != nil || markdownLinkTitle != nil || markdownImageTitle != nil
            || markdownLooseLists != nil || markdownEmptyCodeBlock != nil
    }

    /// The name of an attribute in `container` that the format does not store, or nil if it
    /// stores them all.
    static func unstoredKeyName(in container: AttributeContainer) -> String? {
        // Remove the stored keys and see what is left; comparing values instead would trip over NaN.
        var rest = container
        rest.font = nil
        rest.foregroundColor = nil
        rest.backgroundColor = nil
        rest.underlineStyle = nil
        rest.underlineColor = nil
        rest.strikethroughStyle = nil
        rest.strikethroughColor = nil
        rest.kern = nil
        rest.tracking = nil
        rest.baselineOffset = nil
        rest.shadow = nil
        rest.strokeColor = nil
        rest.strokeWidth = nil
        rest.obliqueness = nil
        rest.expansion = nil
        rest.attachment = nil
        rest.link = nil
        rest.imageURL = nil
        rest.languageIdentifier = nil
        rest.presentationIntent = nil
        rest.inlinePresentationIntent = nil
        rest.markdownSourcePosition = nil
        rest.markdownLinkTitle = nil
        rest.markdownImageTitle = nil
        rest.markdownLooseLists = nil
        rest.markdownEmptyCodeBlock = nil
        rest.taskListItem = nil
        rest.paragraphStyle = nil
        rest.blockDecoration = nil
        rest.alignment = nil
        rest.lineHeight = nil
        rest.writingDirection = nil
        guard rest != AttributeContainer() else { return nil }
        return rest.attributeKeyNames.first ?? "(an attribute Foundation does not name)"
    }

    /// Whether `tag` looks like a BCP 47 tag: 1 to 64 ASCII letters, digits, hyphens and underscores.
    static func isLanguageTag(_ tag: String) -> Bool {
        let utf8 = tag.utf8
        return (1 ... 64).contains(utf8.count)
            && utf8.allSatisfy {
                $0 == 0x2D || $0 == 0x5F || (0x30 ... 0x39).contains($0) || (0x41 ... 0x5A).contains($0)
                    || (0x61 ... 0x7A).contains($0)
            }
    }

    private enum CodingKeys: String, CodingKey {
        case font, foregroundColor, backgroundColor, underlineStyle, underlineColor
        case strikethroughStyle, strikethroughColor, kern, tracking, baselineOffset, attachment, link, imageURL,
            languageIdentifier
        case presentationIntent, inlinePresentationIntent, markdownSourcePosition, taskListItem, paragraphStyle,
            blockDecoration
        case markdownLinkTitle, markdownImageTitle, markdownLooseLists, markdownEmptyCodeBlock
        case shadow, strokeColor, strokeWidth, obliqueness, expansion
    }

    /// Decodes an object of attributes by name; a name this version does not know is an error.
    init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        font = try container.decodeIfPresent(FontDescriptor.self, forKey: .font)
        foregroundColor = try container.decodeIfPresent(TextColor.self, forKey: .foregroundColor)
        backgroundColor = try container.decodeIfPresent(TextColor.self, forKey: .backgroundColor)
        underlineStyle = try container.decodeIfPresent(TextDecorationStyle.self, forKey: .underlineStyle)
        underlineColor = try container.decodeIfPresent(TextColor.self, forKey: .underlineColor)
        strikethroughStyle = try container.decodeIfPresent(TextDecorationStyle.self, forKey: .strikethroughStyle)
        strikethroughColor = try container.decodeIfPresent(TextColor.self, forKey: .strikethroughColor)
        kern = try container.decodeFiniteIfPresent(.kern)
        tracking = try container.decodeFiniteIfPresent(.tracking)
        baselineOffset = try container.decodeFiniteIfPresent(.baselineOffset)
        shadow = try container.decodeIfPresent(Shadow.self, forKey: .shadow)
        strokeColor = try container.decodeIfPresent(TextColor.self, forKey: .strokeColor)
        strokeWidth = try container.decodeFiniteIfPresent(.strokeWidth)
        obliqueness = try container.decodeFiniteIfPresent(.obliqueness)
        expansion = try container.decodeFiniteIfPresent(.expansion)
        attachment = try container.decodeIfPresent(CodableTextAttachment.self, forKey: .attachment)?.attachment
        link = try container.decodeIfPresent(DocumentLink.self, forKey: .link)
        imageURL = try container.decodeIfPresent(DocumentLink.self, forKey: .imageURL)
        languageIdentifier = try container.decodeIfPresent(String.self, forKey: .languageIdentifier)
        if let tag = languageIdentifier, !Self.isLanguageTag(tag) {
            // Only the tag's first characters are echoed: the document may be hostile.
            throw DecodingError.dataCorruptedError(
                forKey: .languageIdentifier, in: container,
                debugDescription:
                    "\(String(tag.prefix(24)).debugDescription)\(tag.count > 24 ? "…" : "") is not a language tag "
                    + "(letters, digits and hyphens, at most 64)"
            )
        }
        presentationIntent = try container.decodeIfPresent(PresentationIntent.self, forKey: .presentationIntent)
        inlinePresentationIntent = try container.decodeIfPresent(
            InlinePresentationIntent.self, forKey: .inlinePresentationIntent)
        markdownSourcePosition = try container.decodeIfPresent(
            AttributedString.MarkdownSourcePosition.self, forKey: .markdownSourcePosition)
        markdownLinkTitle = try container.decodeIfPresent(String.self, forKey: .markdownLinkTitle)
        markdownImageTitle = try container.decodeIfPresent(String.self, forKey: .markdownImageTitle)
        markdownLooseLists = try container.decodeIfPresent(Set<Int>.self, forKey: .markdownLooseLists)
        markdownEmptyCodeBlock = try container.decodeIfPresent(Bool.self, forKey: .markdownEmptyCodeBlock)
        taskListItem = try container.decodeIfPresent(TaskListItem.self, forKey: .taskListItem)
        paragraphStyle = try container.decodeIfPresent(ParagraphStyle.self, forKey: .paragraphStyle)
        blockDecoration = try container.decodeIfPresent(BlockDecoration.self, forKey: .blockDecoration)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(font, forKey: .font)
        try container.encodeIfPresent(foregroundColor, forKey: .foregroundColor)
        try container.encodeIfPresent(backgroundColor, forKey: .backgroundColor)
        try container.encodeIfPresent(underlineStyle, forKey: .underlineStyle)
        try container.encodeIfPresent(underlineColor, forKey: .underlineColor)
        try container.encodeIfPresent(strikethroughStyle, forKey: .strikethroughStyle)
        try container.encodeIfPresent(strikethroughColor, forKey: .strikethroughColor)
        try container.encodeIfPresent(kern, forKey: .kern)
        try container.encodeIfPresent(tracking, forKey: .tracking)
        try container.encodeIfPresent(baselineOffset, forKey: .baselineOffset)
        try container.encodeIfPresent(shadow, forKey: .shadow)
        try container.encodeIfPresent(strokeColor, forKey: .strokeColor)
        try container.encodeIfPresent(strokeWidth, forKey: .strokeWidth)
        try container.encodeIfPresent(obliqueness, forKey: .obliqueness)
        try container.encodeIfPresent(expansion, forKey: .expansion)
        try container.encodeIfPresent(attachment.map(CodableTextAttachment.init), forKey: .attachment)
        try container.encodeIfPresent(link, forKey: .link)
        try container.encodeIfPresent(imageURL, forKey: .imageURL)
        try container.encodeIfPresent(blockDecoration, forKey: .blockDecoration)
        try container.encodeIfPresent(languageIdentifier, forKey: .languageIdentifier)
        try container.encodeIfPresent(presentationIntent, forKey: .presentationIntent)
        try container.encodeIfPresent(inlinePresentationIntent, forKey: .inlinePresentationIntent)
        try container.encodeIfPresent(markdownSourcePosition, forKey: .markdownSourcePosition)
        try container.encodeIfPresent(markdownLinkTitle, forKey: .markdownLinkTitle)
        try container.encodeIfPresent(markdownImageTitle, forKey: .markdownImageTitle)
        try container.encodeIfPresent(markdownLooseLists.map { $0.sorted() }, forKey: .markdownLooseLists)
        try container.encodeIfPresent(markdownEmptyCodeBlock, forKey: .markdownEmptyCodeBlock)
        try container.encodeIfPresent(taskListItem, forKey: .taskListItem)
        try container.encodeIfPresent(paragraphStyle, forKey: .paragraphStyle)
    }
}

/// The paragraph-bound attributes of a run, compared as one.
struct ParagraphAttributes: Equatable {
    var paragraphStyle: ParagraphStyle?
    var taskListItem: TaskListItem?
    var blockDecoration: BlockDecoration?
}
