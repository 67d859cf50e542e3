import Foundation
import TextContent

/// The view's content and selection as SwiftUI's rich-text editor has them: an
/// `AttributedString` and an `AttributedTextSelection`, kept in step with the view's own
/// (setting one changes the other), with the same operations: `transformAttributes(in:body:)`
/// and `replaceSelection(_:with:)`, each one undo step.
extension TextView {
    /// The whole content. Reading it copies the document (O(n)); setting it replaces the
    /// content in one undo step and leaves a caret at the end.
    public var attributedText: AttributedString {
        get { textContentStorage.attributedString }
        set { replace([0 ..< textContentStorage.utf16Length], with: newValue, kind: .other) }
    }

    /// What is selected: every selected range (several cursors are several ranges), and the typing
    /// attributes when the app set them (its `affinity` is `.automatic`: set one on the selection
    /// given to `replaceSelection(_:withCharacters:)` to type on the other side). Handed out in
    /// UTF-16 offsets, so reading it costs nothing on a large document; `indices(in:
    /// attributedText)` gives indices. Setting it selects its ranges (a caret: its insertion point)
    /// and sets typing attributes.
    public var attributedTextSelection: AttributedTextSelection {
        get { AttributedTextSelection(utf16Offsets: allSelectedOffsets, typingAttributes: typingAttributes) }
        set {
            let offsets = offsets(of: newValue)
            typingAttributes = newValue.typingAttributes
            setSelections(
                offsets.isEmpty ? [textContentStorage.utf16Length ..< textContentStorage.utf16Length] : offsets)
        }
    }

    /// Changes the attributes of everything `selection` covers (or, at an insertion point, the
    /// typing attributes; a paragraph-bound one goes to the caret's paragraph), in one undo step;
    /// the selection still covers the same text, and becomes the view's selection.
    ///
    /// ```swift
    /// var selection = view.attributedTextSelection
    /// view.transformAttributes(in: &selection) { $0.underlineStyle = .single }
    /// ```
    public func transformAttributes(
        in selection: inout AttributedTextSelection, body: (inout AttributeContainer) -> Void
    ) {
        guard !isEditingSuspended else { return }
        // A change the input method did not make: its composition ends first.
        endComposition()
        let ranges = offsets(of: selection).filter { !$0.isEmpty }
        guard !ranges.isEmpty else {
            transformTypingAttributes(of: &selection, body: body)
            return
        }
        let before = selectionOffsets
        let originals = ranges.map { textContentStorage.contentSlice($0) }
        changingText {
            try? textContentStorage.performEditingTransaction {
                for range in ranges {
                    guard let textRange = textContentStorage.textRange(for: range) else { continue }
                    try textContentStorage.transformRunAttributes(in: textRange) { attributes in
                        body(&attributes)
                        formattingDefinition?.constrain(&attributes)
                    }
                }
            }
            // A paragraph-bound attribute spreads to whole paragraphs: the selection keeps its text.
            setSelections(ranges, notifying: false)
            let records = zip(ranges, originals).map { TextUndoStack.Record(range: $0, original: $1) }
            undoStack.record(
                .init(
                    kind: .other, batches: [records], selectionBefore: before, selectionAfter: selectionOffsets,
                    isOpen: false))
        }
        selection = attributedTextSelection
    }

    /// Replaces what `selection` covers with `newContent` (inserts it at a caret) in one undo
    /// step and leaves a caret after it; of several ranges the first is replaced and the others
    /// removed. The view's selection becomes that caret.
    public func replaceSelection(
        _ selection: inout AttributedTextSelection, with newContent: some AttributedStringProtocol
    ) {
        var content = AttributedString()
        content.append(newContent)
        let ranges = offsets(of: selection)
        guard let first = ranges.first else { return }
        let pieces = [content] + Array(repeating: AttributedString(), count: ranges.count - 1)
        // The text and the caret after it: one change for the input delegate.
        let replaced = changingText {
            guard replace(ranges, with: nil, kind: .other, pieces: pieces) else { return false }
            let caret = first.lowerBound + content.utf16.count
            setSelections([caret ..< caret])
            return true
        }
        guard replaced else { return }
        selection = attributedTextSelection
    }

    /// Replaces what `selection` covers with `newContent` in the selection's typing attributes.
    /// At a caret whose `affinity` is `.downstream` they are those of the character after it
    /// (within its paragraph), else those of the character before it.
    public func replaceSelection(
        _ selection: inout AttributedTextSelection, withCharacters newContent: some Collection<Character>
    ) {
        let ranges = offsets(of: selection)
        guard let first = ranges.first else { return }
        // Downstream reads the character after the caret, unless it ends the paragraph.
        var source = first
        if selection.affinity == .downstream, first.isEmpty, first.lowerBound < textContentStorage.utf16Length {
            let after = first.lowerBound ..< first.lowerBound + 1
            if let scalar = textContentStorage.exactText(after).unicodeScalars.first, scalar != "\n", scalar != "\r",
                scalar != "\u{2029}"
            {
                source = after
            }
        }
        var attributes =
            selection.typingAttributes ?? typingAttributes ?? textContentStorage.typingAttributes(at: source)
        if selection.typingAttributes == nil, typingAttributes == nil { attributes.link = nil }
        replaceSelection(&selection, with: AttributedString(String(newContent), attributes: attributes))
    }

    /// The typing attributes at a caret changed by `body`; a paragraph-bound attribute among the
    /// changes goes to the caret's paragraph too (one undo step).
    private func transformTypingAttributes(
        of selection: inout AttributedTextSelection, body: (inout AttributeContainer) -> Void
    ) {
        let caret = offsets(of: selection).first?.lowerBound ?? 0
        let before =
            selection.typingAttributes ?? typingAttributes ?? textContentStorage.typingAttributes(at: caret ..< caret)
        var after = before
        body(&after)
        formattingDefinition?.constrain(&after)
        typingAttributes = after
        let paragraphBound = after.filter(runBoundaries: .paragraph)
        if paragraphBound != before.filter(runBoundaries: .paragraph),
            let paragraph = textContentStorage.paragraphOffsets(containing: caret), !paragraph.isEmpty,
            let range = textContentStorage.textRange(for: paragraph)
        {
            let selectionBefore = selectionOffsets
            let original = textContentStorage.contentSlice(paragraph)
            // The paragraph's attributes and the caret: one change for the input delegate.
            changingText {
                try? textContentStorage.performEditingTransaction {
                    try textContentStorage.transformAttributes(in: range) { $0.mergeAttributes(paragraphBound) }
                }
                undoStack.record(
                    .init(
                        kind: .other, batches: [[TextUndoStack.Record(range: paragraph, original: original)]],
                        selectionBefore: selectionBefore, selectionAfter: selectionOffsets, isOpen: false))
                setSelections([caret ..< caret])
            }
        } else {
            setSelections([caret ..< caret])
        }
        selection = attributedTextSelection
    }

    /// A selection's ranges in the document's offsets, clamped to it. A selection given in
    /// `AttributedString` indices is read against the document's text (O(n)); one the view
    /// handed out is in offsets already.
    func offsets(of selection: AttributedTextSelection) -> [Range<Int>] {
        if let offsets = selection.givenUTF16Offsets { return offsets.map(clamp) }
        return selection.utf16Offsets(in: textContentStorage.attributedString).map(clamp)
    }
}
