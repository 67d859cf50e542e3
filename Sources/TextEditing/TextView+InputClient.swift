import Foundation
import TextContent
import TextLayout

/// AppKit's `NSTextInputClient` and the text half of UIKit's `UITextInput`, with their
/// semantics: what an input method (or a key press) calls.
extension TextView: TextInputClient {
    /// The range a replacement range of `NSNotFound` means: the marked text, else the selection.
    private var defaultReplacementRanges: [Range<Int>] {
        if let markedOffsets { return [markedOffsets] }
        return allSelectedOffsets
    }

    /// Inserts as typing does; `byInputMethod` false for a command's insertion (`insertNewline:`),
    /// which the input delegate is told of as any change the input method did not make.
    func insert(plain: String?, attributed: AttributedString?, replacementRange: NSRange, byInputMethod: Bool = true) {
        let ranges: [Range<Int>]
        if replacementRange.location == NSNotFound {
            ranges = defaultReplacementRanges
        } else {
            guard let range = offsets(of: replacementRange) else { return }
            ranges = [range]
        }
        let wasInputMethodChange = isInputMethodChange
        isInputMethodChange = byInputMethod || wasInputMethodChange
        defer { isInputMethodChange = wasInputMethodChange }
        if hasMarkedText {
            // Committing: the composition ends in one undo step, from before marking.
            guard let target = ranges.first, compose(target, plain: plain ?? "", attributed: attributed) else { return }
            finishComposition()
            return
        }
        replace(ranges, with: attributed, plain: plain ?? "", kind: .typing)
    }

    func mark(
        _ string: String, clauses: [(range: Range<Int>, attributes: [NSAttributedString.Key: Any])],
        selectedRange: NSRange, replacementRange: NSRange
    ) {
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
        markedClauseAttributes = clauses
        // Clipped without arithmetic that can overflow: {1, NSNotFound} selects to the end.
        let location = selectedRange.location == NSNotFound ? length : selectedRange.location
        let lower = min(max(0, location), length)
        let upper = lower + min(max(0, selectedRange.length), length - lower)
        markedSelection = NSRange(location: lower, length: upper - lower)
        setSelections([start + lower ..< start + upper], notifying: false)
        clearMarkedDecoration()
        drawMarkedDecoration()
    }

    public var hasMarkedText: Bool { markedOffsets != nil }

    /// The marked text's range, or `{NSNotFound, 0}`.
    public func markedRange() -> NSRange {
        guard let markedOffsets else { return NSRange(location: NSNotFound, length: 0) }
        return NSRange(location: markedOffsets.lowerBound, length: markedOffsets.count)
    }

    /// The marked text's range, or nil without marked text (UIKit's `markedTextRange`).
    public var markedTextRange: NSRange? {
        markedOffsets.map { NSRange(location: $0.lowerBound, length: $0.count) }
    }

    /// The first selection's range.
    public func selectedRange() -> NSRange {
        guard let range = selectionOffsets.first?.first else { return NSRange(location: NSNotFound, length: 0) }
        return NSRange(location: range.lowerBound, length: range.count)
    }

    /// Selects `range` (one selection), as `setSelectedRange(_:)` does.
    func select(_ range: NSRange) {
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0 else { return }
        undoStack.closeStep()
        let (upper, overflow) = range.location.addingReportingOverflow(range.length)
        setSelections([range.location ..< (overflow ? Int.max : upper)])
    }

    /// The first selection's range, or nil without one (UIKit's `selectedTextRange`). Setting
    /// it selects the range as `setSelectedRange(_:)` does; nil, or a range not in the document,
    /// is ignored.
    public var selectedTextRange: NSRange? {
        get { selectionOffsets.first?.first.map { NSRange(location: $0.lowerBound, length: $0.count) } }
        set {
            guard let newValue, offsets(of: newValue) != nil else { return }
            setSelectedRange(newValue)
        }
    }

    /// The text of `range` (UIKit's `text(in:)`); nil for a range not in the document
    /// (`NSNotFound`, negative, overflowing, past the end).
    public func text(in range: NSRange) -> String? {
        guard let offsets = offsets(of: range) else { return nil }
        return String(textContentStorage.exactText(offsets).characters[...])
    }

    /// Replaces `range` with `text` as the system does (UIKit's `replace(_:withText:)`, what
    /// autocorrection calls): as `insertText(_:replacementRange:)` does over that range, one
    /// undo step with the typing around it, the caret after it. A range not in the document is
    /// ignored.
    public func replace(_ range: NSRange, withText text: String) {
        guard offsets(of: range) != nil else { return }
        insertText(text, replacementRange: range)
    }

    /// The text of `range` clipped to the document, and the range it was clipped to; nil for a
    /// range wholly outside it (a negative location or length, `NSNotFound`, a location past
    /// the end). Marked text in it carries the attributes it is drawn with (`markedTextStyle`,
    /// the input method's clause attributes, the selected clause's thick underline), as
    /// AppKit's text view reports them; the content itself never stores them.
    public func attributedSubstring(forProposedRange range: NSRange, actualRange: inout NSRange?) -> AttributedString? {
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0,
            range.location <= textContentStorage.utf16Length
        else { return nil }
        let (upper, overflow) = range.location.addingReportingOverflow(range.length)
        let clipped = range.location ..< min(overflow ? Int.max : upper, textContentStorage.utf16Length)
        actualRange = NSRange(location: clipped.lowerBound, length: clipped.count)
        return textWithMarkedAttributes(clipped)
    }

    /// The whole text (AppKit's `attributedString()` of `NSTextInputClient`), marked text with
    /// the attributes it is drawn with, as `attributedSubstring(forProposedRange:actualRange:)`
    /// gives them. O(document), as `attributedText`.
    public func attributedString() -> AttributedString {
        guard hasMarkedText else { return textContentStorage.attributedString }
        return textWithMarkedAttributes(0 ..< textContentStorage.utf16Length)
    }

    /// The attributes an input method may give marked text (drawn, never stored): the
    /// underline's style and colour, the background and the text colour.
    public var validAttributesForMarkedText: [NSAttributedString.Key] {
        [.underlineStyle, .underlineColor, .backgroundColor, .foregroundColor]
    }
}
