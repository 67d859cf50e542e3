import Foundation

/// `alignment`, `lineHeight` and Foundation's `writingDirection` are three of the paragraph
/// style's fields as attributes of their own, as SwiftUI's `AttributedString` has them
/// (`text.alignment = .center`, `text.lineHeight = .multiple(factor: 1.5)`,
/// `text.writingDirection = .rightToLeft`). They and `paragraphStyle` are one model: where one
/// is set, it is the paragraph's value of that field, whatever `paragraphStyle` says, and the
/// content storage writes it into the paragraph's `paragraphStyle` too, so a document never
/// holds two that disagree.
extension ParagraphStyle {
    /// The style of a paragraph whose attributes are `attributes` (those of its first run):
    /// its `paragraphStyle` (or the default) with `alignment`, `lineHeight` and
    /// `writingDirection` put in where they are set; nil when none of the four is.
    ///
    /// ```swift
    /// var text = AttributedString("مرحبا\nHello")
    /// text.alignment = .center
    /// ParagraphStyle(resolving: text.runs.first!.attributes)?.alignment  // .center
    /// ```
    public init?(resolving attributes: AttributeContainer) {
        let alignment = attributes.alignment, lineHeight = attributes.lineHeight
        let direction = attributes.writingDirection.map(WritingDirection.init)
        let hasBlockAttributes = alignment != nil || lineHeight != nil || direction != nil
        guard let style = attributes.paragraphStyle ?? (hasBlockAttributes ? .default : nil) else { return nil }
        self = style.with(alignment: alignment, lineHeight: lineHeight, baseWritingDirection: direction)
    }
}

extension WritingDirection {
    /// The engine's direction for Foundation's (which has no "natural": an unset attribute is).
    public init(_ direction: AttributedString.WritingDirection) {
        switch direction {
        case .rightToLeft: self = .rightToLeft
        default: self = .leftToRight
        }
    }
}

extension AttributedString {
    /// Makes one paragraph's `paragraphStyle` agree with its block attributes (`alignment`,
    /// `lineHeight`, `writingDirection`): the storage calls it on every paragraph whose
    /// attributes it takes in. A paragraph with none of them is left alone.
    public mutating func unifyParagraphStyle() {
        guard let attributes = runs.first?.attributes,
            attributes.alignment != nil || attributes.lineHeight != nil || attributes.writingDirection != nil,
            let style = ParagraphStyle(resolving: attributes), attributes.paragraphStyle != style
        else { return }
        self.paragraphStyle = style
    }
}

extension AttributeContainer {
    /// Makes the container's `paragraphStyle` agree with its block attributes, as
    /// `AttributedString.unifyParagraphStyle()` does for a paragraph.
    public mutating func unifyParagraphStyle() {
        guard self.alignment != nil || self.lineHeight != nil || self.writingDirection != nil,
            let style = ParagraphStyle(resolving: self), self.paragraphStyle != style
        else { return }
        self.paragraphStyle = style
    }
}
