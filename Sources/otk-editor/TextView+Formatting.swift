import Foundation
import OpenTextKit

/// What the formatting toolbar shows and does, on a text view of rich text. Bold and italic are
/// read from the fonts as they resolve in the view's font resolution context, the heading level
/// from the paragraph's presentation intent. Each change is one undo step, and sets the inline
/// presentation intent beside the font, so that Markdown written from the text says it too.
extension TextView {
    /// The toolbar's state for the selection.
    struct FormattingState: Equatable {
        var isBold = false
        var isItalic = false
        var isUnderlined = false
        /// 0 for body text, 1 to 6 for a heading.
        var headingLevel = 0
    }

    /// How much of a long selection is read for the state: a selection of a whole large document
    /// shows the state of its first 64 Ki UTF-16 units.
    static let formattingStateReach = 1 << 16

    /// The state of the selection: bold when every run selected is (at a caret: when what is typed
    /// there would be), and the heading level of the paragraph where the selection starts.
    var formattingState: FormattingState {
        let storage = textContentStorage
        let selected = selectedRange()
        var runs: [AttributeContainer] = []
        if selected.length > 0,
            let range = storage.textRange(
                for: selected.location ..< selected.location + min(selected.length, Self.formattingStateReach)),
            let text = storage.attributedString(in: range)
        {
            runs = text.runs.map(\.attributes)
        } else {
            runs = [typingAttributes ?? storage.typingAttributes(at: selected.location ..< selected.location)]
        }
        let context = fontResolutionContext
        let fonts = runs.map { ($0.font ?? .default).resolve(in: context) }
        var state = FormattingState()
        state.isBold = fonts.allSatisfy(\.isBold)
        state.isItalic = fonts.allSatisfy(\.isItalic)
        state.isUnderlined = runs.allSatisfy { $0.underlineStyle != nil }
        state.headingLevel = headingLevel(at: selected.location)
        return state
    }

    /// The heading level of the paragraph holding `offset` (0: not a heading).
    private func headingLevel(at offset: Int) -> Int {
        let storage = textContentStorage
        guard let paragraph = storage.paragraphOffsets(containing: offset), !paragraph.isEmpty,
            let first = storage.textRange(for: paragraph.lowerBound ..< paragraph.lowerBound + 1),
            let intent = storage.attributedString(in: first)?.runs.first?.presentationIntent
        else { return 0 }
        for component in intent.components {
            if case .header(let level) = component.kind { return level }
        }
        return 0
    }

    /// Makes the selection bold or not (at a caret: what is typed next).
    func setBold(_ isBold: Bool) {
        transformSelection { attributes in
            attributes.font = (attributes.font ?? .default).bold(isBold)
            attributes.inlinePresentationIntent = Self.inline(attributes, .stronglyEmphasized, isBold)
        }
    }

    /// Makes the selection italic or not.
    func setItalic(_ isItalic: Bool) {
        transformSelection { attributes in
            attributes.font = (attributes.font ?? .default).italic(isItalic)
            attributes.inlinePresentationIntent = Self.inline(attributes, .emphasized, isItalic)
        }
    }

    /// Underlines the selection or not.
    func setUnderlined(_ isUnderlined: Bool) {
        transformSelection { $0.underlineStyle = isUnderlined ? .single : nil }
    }

    /// Makes the paragraphs the selection touches headings of `level` (0: body text), drawn as
    /// `presentation` draws that kind of block; code blocks and table rows are left as they
    /// are. One undo step; the selection stays.
    func setHeadingLevel(_ level: Int, presentation: MarkdownPresentation, width: Double) {
        let storage = textContentStorage
        let selected = selectedRange()
        var paragraphs: [Range<Int>] = []
        storage.enumerateParagraphRanges(fromOffset: selected.location) { range in
            paragraphs.append(range)
            return range.upperBound < selected.location + selected.length
        }
        guard !paragraphs.isEmpty else { return }
        let before = attributedTextSelection
        // Text that had no block gets one, an identity no parsed block has.
        let fresh = Int.random(in: 1 << 40 ..< 1 << 50)
        var selection = AttributedTextSelection(utf16Offsets: paragraphs)
        transformAttributes(in: &selection) { attributes in
            let kind: PresentationIntent.Kind = level == 0 ? .paragraph : .header(level: min(max(level, 1), 6))
            var intent = attributes.presentationIntent ?? PresentationIntent(.paragraph, identity: fresh)
            switch intent.components.first?.kind {
            case .paragraph, .header: intent.components[0].kind = kind
            default: return
            }
            let look = presentation.attributes(
                for: intent, inline: attributes.inlinePresentationIntent ?? [], isLink: attributes.link != nil,
                width: width)
            attributes.presentationIntent = intent
            attributes.font = look.font
            attributes.paragraphStyle = look.paragraphStyle
            attributes.blockDecoration = look.blockDecoration
        }
        attributedTextSelection = before
    }

    /// Changes the attributes of the selection (or the typing attributes at a caret), one undo step.
    private func transformSelection(_ body: (inout AttributeContainer) -> Void) {
        var selection = attributedTextSelection
        transformAttributes(in: &selection, body: body)
    }

    /// `attributes`' inline intents with `intent` set or removed (nil when none is left).
    private static func inline(
        _ attributes: AttributeContainer, _ intent: InlinePresentationIntent, _ isSet: Bool
    ) -> InlinePresentationIntent? {
        var inline = attributes.inlinePresentationIntent ?? []
        if isSet { inline.insert(intent) } else { inline.remove(intent) }
        return inline.isEmpty ? nil : inline
    }
}
