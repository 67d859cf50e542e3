import Foundation
import TextContent
import TextLayout
import TextRendering

/// AppKit's `NSTextInputClient` and the text half of UIKit's `UITextInput`, with their
/// semantics: what an input method (or a key press) calls.
extension TextView: TextInputClient {
    /// The range a replacement range of `NSNotFound` means: the marked text, else the selection.
    private var defaultReplacementRanges: [Range<Int>] {
        if let markedOffsets { return [markedOffsets] }
        return allSelectedOffsets
    }

    /// Inserts `string` as typing does: over `replacementRange`, or with `NSNotFound` over the
    /// marked text (committing it) or else over every selection (several cursors type at once).
    /// Consecutive typing is one undo step; a commit is one step that gives back the text from
    /// before the composition (also when `replacementRange` covers only part of the marked
    /// text, or more). A bad range (a negative or overflowing one, one past the end, one
    /// splitting a surrogate pair) is ignored: nothing changes and nothing is recorded.
    public func insertText(_ string: String, replacementRange: NSRange) {
        insert(plain: string, attributed: nil, replacementRange: replacementRange)
    }

    /// Inserts attributed text, as `insertText(_:replacementRange:)` does with a string.
    public func insertText(_ string: AttributedString, replacementRange: NSRange) {
        insert(plain: nil, attributed: string, replacementRange: replacementRange)
    }

    private func insert(plain: String?, attributed: AttributedString?, replacementRange: NSRange) {
        let ranges: [Range<Int>]
        if replacementRange.location == NSNotFound {
            ranges = defaultReplacementRanges
        } else {
            guard let range = offsets(of: replacementRange) else { return }
            ranges = [range]
        }
        isInputMethodChange = true
        defer { isInputMethodChange = false }
        if hasMarkedText {
            // Committing: the composition ends in one undo step, from before marking.
            guard let target = ranges.first, compose(target, plain: plain ?? "", attributed: attributed) else { return }
            finishComposition()
            return
        }
        replace(ranges, with: attributed, plain: plain ?? "", kind: .typing)
    }

    /// Shows `string` as marked text (what an input method composes) over `replacementRange`,
    /// or with `NSNotFound` over the marked text or else the selection; `selectedRange` is the
    /// selection inside it (the clause being converted), clipped to it (`NSNotFound` as its
    /// location: the end). Marked text is drawn with an underline (thick under the selected
    /// clause) through rendering attributes, never stored as content attributes, and enters
    /// undo only when the composition ends. An empty string removes the marked text. A bad
    /// replacement range (negative, overflowing, past the end, splitting a surrogate pair) is
    /// ignored: nothing changes and nothing is recorded.
    public func setMarkedText(_ string: String, selectedRange: NSRange, replacementRange: NSRange) {
        let target: Range<Int>
        if replacementRange.location == NSNotFound {
            target = markedOffsets ?? selectionOffsets.first?.first ?? 0 ..< 0
        } else {
            guard let range = offsets(of: replacementRange) else { return }
            target = range
        }
        let start = clamp(target).lowerBound
        isInputMethodChange = true
        defer { isInputMethodChange = false }
        guard compose(target, plain: string) else { return }
        let length = string.utf16.count
        guard length > 0 else {
            // Nothing marked any more: the composition ends (an undo step only if the text changed).
            finishComposition()
            return
        }
        markedOffsets = start ..< start + length
        // Clipped without arithmetic that can overflow: {1, NSNotFound} selects to the end.
        let location = selectedRange.location == NSNotFound ? length : selectedRange.location
        let lower = min(max(0, location), length)
        let upper = lower + min(max(0, selectedRange.length), length - lower)
        markedSelection = NSRange(location: lower, length: upper - lower)
        setSelections([start + lower ..< start + upper], notifying: false)
        drawMarkedDecoration()
    }

    /// Commits the marked text as it is: one undo step.
    public func unmarkText() {
        finishComposition()
    }

    public var hasMarkedText: Bool { markedOffsets != nil }

    /// The marked text's range, or `{NSNotFound, 0}`.
    public func markedRange() -> NSRange {
        guard let markedOffsets else { return NSRange(location: NSNotFound, length: 0) }
        return NSRange(location: markedOffsets.lowerBound, length: markedOffsets.count)
    }

    /// The first selection's range.
    public func selectedRange() -> NSRange {
        guard let range = selectionOffsets.first?.first else { return NSRange(location: NSNotFound, length: 0) }
        return NSRange(location: range.lowerBound, length: range.count)
    }

    /// Selects `range` (one selection); out-of-bounds parts are clipped.
    public func setSelectedRange(_ range: NSRange) {
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0 else { return }
        undoStack.closeStep()
        let (upper, overflow) = range.location.addingReportingOverflow(range.length)
        setSelections([range.location ..< (overflow ? Int.max : upper)])
    }

    /// The text of `range` clipped to the document, and the range it was clipped to; nil for a
    /// range wholly outside it.
    public func attributedSubstring(forProposedRange range: NSRange, actualRange: inout NSRange?) -> AttributedString? {
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0,
              range.location <= textContentStorage.utf16Length else { return nil }
        let (upper, overflow) = range.location.addingReportingOverflow(range.length)
        let clipped = range.location ..< min(overflow ? Int.max : upper, textContentStorage.utf16Length)
        actualRange = NSRange(location: clipped.lowerBound, length: clipped.count)
        return textContentStorage.exactText(clipped)
    }

    /// The attributes an input method may give marked text (drawn, never stored).
    public var validAttributesForMarkedText: [NSAttributedString.Key] { [.underlineStyle, .underlineColor, .backgroundColor] }

    /// The rectangle of the first line piece of `range` (container coordinates), and in
    /// `actualRange` the part of the range it covers. A range running past the end is clipped to
    /// the text (an empty one at the end gives the end caret's rectangle); a range wholly
    /// outside the text (starting past its end, a negative location or length, `NSNotFound`)
    /// gives `.null` and leaves `actualRange` alone.
    public func firstRect(forCharacterRange range: NSRange, actualRange: inout NSRange?) -> CGRect {
        let length = textContentStorage.utf16Length
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0, range.location <= length else { return .null }
        let offsets = range.location ..< range.location + min(range.length, length - range.location)
        guard let textRange = textContentStorage.textRange(for: offsets) else { return .null }
        var first: (range: TextRange?, rect: CGRect)?
        _ = textLayoutManager.enumerateTextSegments(in: textRange, type: offsets.isEmpty ? .standard : .selection) { segment, rect, _, _ in
            first = (segment, rect)
            return false
        }
        guard let first else { return .null }
        if let segment = first.range, let found = try? textContentStorage.offsets(of: segment) {
            actualRange = NSRange(location: found.lowerBound, length: found.count)
        } else {
            actualRange = NSRange(location: offsets.lowerBound, length: 0)
        }
        return first.rect
    }

    /// The offset of the character whose caret position is nearest `point` (container
    /// coordinates); `NSNotFound` for an empty document or a NaN point.
    public func characterIndex(for point: CGPoint) -> Int {
        guard let (location, _) = textLayoutManager.caretPosition(closestTo: point),
              let offset = try? textContentStorage.offset(of: location) else { return NSNotFound }
        return offset
    }

    /// The caret's rectangle at `offset` (container coordinates, one point wide, the line's
    /// height); `.null` outside the text. `affinity` says which of an offset's two places the
    /// caret is at: at a soft wrap, upstream is the end of the line before, downstream the start
    /// of the next; where the text changes direction, upstream is after the character before the
    /// offset, downstream before the character after it.
    public func caretRect(for offset: Int, affinity: TextSelection.Affinity = .downstream) -> CGRect {
        guard offset >= 0, offset <= textContentStorage.utf16Length,
              let segment = textLayoutManager.caretSegment(atOffset: offset, upstream: affinity == .upstream) else { return .null }
        return CGRect(x: segment.minX, y: segment.minY, width: 1, height: segment.height)
    }

    /// The rectangles a selection of `range` is drawn with: one per line piece, split where the
    /// direction changes.
    public func selectionRects(for range: NSRange) -> [CGRect] {
        guard let offsets = offsets(of: range), let textRange = textContentStorage.textRange(for: offsets) else { return [] }
        var rects: [CGRect] = []
        _ = textLayoutManager.enumerateTextSegments(in: textRange, type: .selection) { _, rect, _, _ in
            rects.append(rect)
            return true
        }
        return rects
    }

    /// The caret position nearest `point`, as an offset; nil for an empty document.
    public func closestPosition(to point: CGPoint) -> Int? {
        let index = characterIndex(for: point)
        return index == NSNotFound ? nil : index
    }

    /// The caret position nearest `point` inside `range`.
    public func closestPosition(to point: CGPoint, within range: NSRange) -> Int? {
        guard let offsets = offsets(of: range), let nearest = closestPosition(to: point) else { return nil }
        return min(max(nearest, offsets.lowerBound), offsets.upperBound)
    }

    /// `offset` moved by `by` UTF-16 units; nil outside the document.
    public func position(from offset: Int, offset by: Int) -> Int? {
        let (target, overflow) = offset.addingReportingOverflow(by)
        guard !overflow, target >= 0, target <= textContentStorage.utf16Length else { return nil }
        return target
    }

    /// `offset` moved `count` characters (grapheme clusters) in `direction` on screen or in
    /// logical order (lines for up and down), as navigation moves a caret; nil when it cannot
    /// move that far (the offset runs past the text, as UIKit's `position(from:in:offset:)`),
    /// for a negative count, or for an offset outside the text.
    public func position(from offset: Int, in direction: TextSelectionNavigation.Direction, offset count: Int) -> Int? {
        let length = textContentStorage.utf16Length
        guard offset >= 0, offset <= length, count >= 0,
              var selection = textContentStorage.textRange(for: offset ..< offset).map({ TextSelection(range: $0) }) else { return nil }
        // A caret has at most two places an offset (its two affinities), and a walk one way never
        // comes back to one: more steps than places cannot all move.
        guard count <= 2 * (length + 1) else { return nil }
        for _ in 0 ..< count {
            guard let next = textLayoutManager.textSelectionNavigation.destinationSelection(
                for: selection, direction: direction, destination: .character, extending: false, confined: false),
                  next.textRanges != selection.textRanges || next.affinity != selection.affinity else { return nil }
            selection = next
        }
        return try? textContentStorage.offset(of: selection.textRanges[0].location)
    }

    /// The resolved direction of the paragraph at `offset`.
    public func baseWritingDirection(for offset: Int) -> TextSelectionNavigation.WritingDirection {
        guard let location = textContentStorage.textRange(for: min(max(0, offset), textContentStorage.utf16Length) ..< min(max(0, offset), textContentStorage.utf16Length))?.location else { return .leftToRight }
        return textLayoutManager.baseWritingDirection(at: location)
    }

    // MARK: Marked text drawing

    /// Draws the marked text's underline again on `fragment` if it shows some of it.
    func redrawMarkedDecoration(in fragment: TextLayoutFragment) {
        guard let marked = markedOffsets, !isDrawingMarkedText, let range = fragment.rangeInElement,
              let fragmentOffsets = try? textContentStorage.offsets(of: range),
              fragmentOffsets.overlaps(marked) || (marked.isEmpty && fragmentOffsets.contains(marked.lowerBound)) else { return }
        drawMarkedDecoration()
    }

    func clearMarkedDecoration() {
        guard let range = markedDecorationRange else { return }
        markedDecorationRange = nil
        let clamped = clamp(range)
        guard let textRange = textContentStorage.textRange(for: clamped) else { return }
        textLayoutManager.removeRenderingAttribute(.underlineStyle, for: textRange)
    }

    func drawMarkedDecoration() {
        guard let marked = markedOffsets, let textRange = textContentStorage.textRange(for: clamp(marked)) else { return }
        // Rendering attributes belong to laid-out fragments: lay the marked text out first.
        isDrawingMarkedText = true
        defer { isDrawingMarkedText = false }
        textLayoutManager.ensureLayout(for: textRange)
        textLayoutManager.addRenderingAttribute(.underlineStyle, value: TextDecorationStyle.single, for: textRange)
        let clause = marked.lowerBound + markedSelection.location ..< marked.lowerBound + markedSelection.location + markedSelection.length
        if !clause.isEmpty, let clauseRange = textContentStorage.textRange(for: clamp(clause)) {
            textLayoutManager.addRenderingAttribute(.underlineStyle, value: TextDecorationStyle.thick, for: clauseRange)
        }
        markedDecorationRange = marked
    }
}
