import Foundation
import TextContent
import TextLayout

/// How marked text looks: the attributes it is drawn with (`markedTextStyle`, the clause
/// attributes an input method sends, the selected clause's thick underline), put on it as
/// rendering attributes, never stored in the content, and reported by
/// `attributedSubstring(forProposedRange:actualRange:)` as AppKit's text view reports them.
extension TextView {
    typealias MarkedAttributes = [NSAttributedString.Key: Any]

    /// The attributes marked text is drawn with, in the order they apply (a later one wins for
    /// its keys), in document offsets: the style over the whole marked text, the input method's
    /// clause attributes, then the selected clause's thick underline when the input method
    /// underlines no clause itself.
    var markedTextRuns: [(range: Range<Int>, attributes: MarkedAttributes)] {
        guard let marked = markedOffsets.map(clamp) else { return [] }
        var runs: [(range: Range<Int>, attributes: MarkedAttributes)] = [
            (marked, markedTextStyle.map(Self.markedAttributes(from:)) ?? [.underlineStyle: TextDecorationStyle.single])
        ]
        for clause in markedClauseAttributes {
            let range = clamp(
                marked.lowerBound + clause.range.lowerBound ..< marked.lowerBound + clause.range.upperBound)
            if range.overlaps(marked) { runs.append((range, clause.attributes)) }
        }
        let selected =
            marked.lowerBound + markedSelection.location ..< marked.lowerBound + markedSelection.location
            + markedSelection.length
        if !selected.isEmpty, !markedClauseAttributes.contains(where: { $0.attributes[.underlineStyle] != nil }) {
            runs.append((clamp(selected), [.underlineStyle: TextDecorationStyle.thick]))
        }
        return runs
    }

    /// Of `attributes`, those marked text can be drawn with: the keys of
    /// `validAttributesForMarkedText` with values of their type.
    static func markedAttributes(from attributes: MarkedAttributes) -> MarkedAttributes {
        attributes.filter { key, value in
            switch key {
            case .underlineStyle: value is TextDecorationStyle
            case .underlineColor, .backgroundColor, .foregroundColor: value is TextColor
            default: false
            }
        }
    }

    /// The marked-text attributes `string` carries, run by run, in UTF-16 offsets from its start.
    static func markedClauses(of string: AttributedString) -> [(range: Range<Int>, attributes: MarkedAttributes)] {
        typealias Scope = AttributeScopes.OpenTextKitAttributes
        var clauses: [(range: Range<Int>, attributes: MarkedAttributes)] = []
        var offset = 0
        for run in string.runs {
            let length = string[run.range].utf16.count
            defer { offset += length }
            var attributes: MarkedAttributes = [:]
            if let style = run[Scope.UnderlineStyleAttribute.self] { attributes[.underlineStyle] = style }
            if let color = run[Scope.UnderlineColorAttribute.self] { attributes[.underlineColor] = color }
            if let color = run[Scope.BackgroundColorAttribute.self] { attributes[.backgroundColor] = color }
            if let color = run[Scope.ForegroundColorAttribute.self] { attributes[.foregroundColor] = color }
            guard !attributes.isEmpty, length > 0 else { continue }
            // Each clause says which it is, so that clauses side by side are underlined apart.
            attributes[.markedClauseSegment] = clauses.count
            clauses.append((offset ..< offset + length, attributes))
        }
        return clauses
    }

    /// The text of `offsets` (in the document) with the marked text's attributes on it: the
    /// range is cut where they change, each piece read from the storage on its own (so that no
    /// index inside a character is ever made) and given its attributes whole.
    func textWithMarkedAttributes(_ offsets: Range<Int>) -> AttributedString {
        let runs = markedTextRuns.filter { $0.range.overlaps(offsets) }
        guard !runs.isEmpty else { return textContentStorage.exactText(offsets) }
        var cuts = Set([offsets.lowerBound, offsets.upperBound])
        for run in runs {
            for edge in [run.range.lowerBound, run.range.upperBound] where offsets.contains(edge) { cuts.insert(edge) }
        }
        let edges = cuts.sorted()
        var result = AttributedString()
        for (lower, upper) in zip(edges, edges.dropFirst()) where lower < upper {
            var piece = textContentStorage.exactText(lower ..< upper)
            var container = AttributeContainer()
            for run in runs where run.range.lowerBound <= lower && upper <= run.range.upperBound {
                Self.set(run.attributes, in: &container)
            }
            piece.mergeAttributes(container)
            result.append(piece)
        }
        return result
    }

    /// Sets the marked-text `attributes` in `container`, as the content's attributes of the same names.
    private static func set(_ attributes: MarkedAttributes, in container: inout AttributeContainer) {
        typealias Scope = AttributeScopes.OpenTextKitAttributes
        if let style = attributes[.underlineStyle] as? TextDecorationStyle {
            container[Scope.UnderlineStyleAttribute.self] = style
        }
        if let color = attributes[.underlineColor] as? TextColor {
            container[Scope.UnderlineColorAttribute.self] = color
        }
        if let color = attributes[.backgroundColor] as? TextColor {
            container[Scope.BackgroundColorAttribute.self] = color
        }
        if let color = attributes[.foregroundColor] as? TextColor {
            container[Scope.ForegroundColorAttribute.self] = color
        }
    }

    // MARK: Drawing

    /// Draws the marked text's attributes again on `fragment` if it shows some of it.
    func redrawMarkedDecoration(in fragment: TextLayoutFragment) {
        guard let marked = markedOffsets, !isDrawingMarkedText, let range = fragment.rangeInElement,
            let fragmentOffsets = try? textContentStorage.offsets(of: range),
            fragmentOffsets.overlaps(marked) || (marked.isEmpty && fragmentOffsets.contains(marked.lowerBound))
        else { return }
        drawMarkedDecoration()
    }

    /// Takes away the rendering attributes the marked text was drawn with.
    func clearMarkedDecoration() {
        guard let range = markedDecorationRange else { return }
        markedDecorationRange = nil
        let keys = markedDecorationKeys.union([.underlineStyle])
        markedDecorationKeys = []
        guard let textRange = textContentStorage.textRange(for: clamp(range)) else { return }
        for key in keys { textLayoutManager.removeRenderingAttribute(key, for: textRange) }
    }

    /// Puts the marked text's attributes on it as rendering attributes.
    func drawMarkedDecoration() {
        guard let marked = markedOffsets, let textRange = textContentStorage.textRange(for: clamp(marked)) else {
            return
        }
        // Rendering attributes belong to laid-out fragments: lay the marked text out first.
        isDrawingMarkedText = true
        defer { isDrawingMarkedText = false }
        textLayoutManager.ensureLayout(for: textRange)
        for run in markedTextRuns {
            guard let runRange = textContentStorage.textRange(for: run.range) else { continue }
            for (key, value) in run.attributes {
                textLayoutManager.addRenderingAttribute(key, value: value, for: runRange)
                markedDecorationKeys.insert(key)
            }
        }
        markedDecorationRange = marked
    }
}
