import Foundation
import TextAttributes
import TextContent
import TextEditing
import TextLayout

/// The host side of Writing Tools for an engine `TextView`: its text as contexts, the changes
/// made through the view (a session is one undo step), the selection, and the ranges no change
/// may touch (code blocks and quotations by default, as the seed's example protects them). While
/// a session runs `isWritingToolsActive` is true and `willBegin` / `didEnd` bracket it, so that
/// the app pauses syncing its backing store; a change whose text the app changed meanwhile is
/// refused (the text there is no longer what the assistant read).
public final class TextViewWritingTools: WritingToolsCoordinatorDelegate {
    public private(set) weak var textView: TextView?
    /// Whether a session is running.
    public private(set) var isWritingToolsActive = false
    /// Told when a session begins and when it ends (AppKit's `textViewWritingToolsWillBegin`
    /// and `DidEnd`).
    public var willBegin: (() -> Void)?
    public var didEnd: (() -> Void)?
    /// More ranges no change may touch, in document offsets, within the range given (AppKit's
    /// `writingToolsIgnoredRangesInEnclosingRange`); code blocks and quotations are protected
    /// without it.
    public var ignoredRanges: ((Range<Int>) -> [Range<Int>])?
    /// Changes refused because the text had changed under them (for the app, and tests).
    public private(set) var refusedChanges = 0
    /// Draws the pictures of text for animations: given a rectangle of the view's container,
    /// the text there as an image (TextRendering's `TextLayoutManager.previewImage(of:scale:)`
    /// in a host that may draw with Cairo). Without it previews have frames and no image.
    public var previewImage: ((CGRect) -> TextImage?)?
    /// Plays an animation (a GTK host fades the text, for instance): called when the coordinator
    /// prepares it and when it finishes it, with the document range animated; the session waits
    /// for it. The view marks the text meanwhile (text going is drawn faint, text coming on a
    /// light green) without it.
    public var playAnimation: ((WritingToolsCoordinator.TextAnimation, AnimationPhase, Range<Int>) async -> Void)?
    /// Where an animation is.
    public enum AnimationPhase: Sendable, Hashable {
        case prepare
        case finish
    }
    /// Where each context starts in the document.
    private var contextStarts: [UUID: Int] = [:]
    /// The rendering attributes animations under way put on the text.
    private var animationMarks: [(animation: WritingToolsCoordinator.TextAnimation, range: TextRange)] = []

    public init(textView: TextView) {
        self.textView = textView
    }

    public func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, requestContextsFor scope: WritingToolsCoordinator.ContextScope
    ) async -> [WritingToolsCoordinator.Context] {
        guard let textView, let range = documentRange(of: scope, in: textView) else { return [] }
        var actual: NSRange?
        guard
            let text = textView.attributedSubstring(
                forProposedRange: NSRange(location: range.lowerBound, length: range.count), actualRange: &actual)
        else { return [] }
        let context = WritingToolsCoordinator.Context(attributedString: text, range: 0 ..< text.utf16.count)
        contextStarts[context.id] = actual?.location ?? range.lowerBound
        return [context]
    }

    public func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, replace range: Range<Int>, in context: WritingToolsCoordinator.Context,
        proposedText: AttributedString, reason: WritingToolsCoordinator.TextReplacementReason
    ) async {
        guard let textView, let start = contextStarts[context.id] else { return }
        let target = NSRange(location: start + range.lowerBound, length: range.count)
        let text = context.attributedString
        let read = String(
            text[
                text.utf16.index(text.startIndex, offsetBy: range.lowerBound)
                    ..< text.utf16.index(
                        text.startIndex, offsetBy: range.upperBound)
            ].characters)
        guard textView.text(in: target) == read else {
            refusedChanges += 1
            return
        }
        // The session's own change, while the view refuses every other.
        let suspended = textView.isEditingSuspended
        textView.isEditingSuspended = false
        textView.insertText(proposedText, replacementRange: target)
        textView.isEditingSuspended = suspended
    }

    public func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, select ranges: [Range<Int>], in context: WritingToolsCoordinator.Context
    ) async {
        guard let textView, let start = contextStarts[context.id], let first = ranges.first else { return }
        textView.setSelectedRange(NSRange(location: start + first.lowerBound, length: first.count))
    }

    public func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, ignoredRangesIn context: WritingToolsCoordinator.Context
    ) async -> [Range<Int>] {
        let text = context.attributedString
        var protected: [Range<Int>] = []
        var offset = 0
        for run in text.runs {
            let length = text.utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            let kinds = run.presentationIntent?.components.map(\.kind) ?? []
            if kinds.contains(where: Self.isProtected) { protected.append(offset ..< offset + length) }
            offset += length
        }
        if let ignoredRanges, let start = contextStarts[context.id] {
            let enclosing = start + context.range.lowerBound ..< start + context.range.upperBound
            protected += ignoredRanges(enclosing).map { $0.lowerBound - start ..< $0.upperBound - start }
        }
        return protected
    }

    public func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, willChangeTo state: WritingToolsCoordinator.State
    ) async {
        if state != .inactive, !isWritingToolsActive {
            isWritingToolsActive = true
            textView?.undoStack.beginUndoGrouping()
            textView?.isEditingSuspended = true
            willBegin?()
        } else if state == .inactive, isWritingToolsActive {
            textView?.isEditingSuspended = false
            textView?.undoStack.endUndoGrouping()
            isWritingToolsActive = false
            contextStarts.removeAll()
            didEnd?()
        }
    }

    public func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, requestsPreviewFor textAnimation: WritingToolsCoordinator.TextAnimation,
        of range: Range<Int>, in context: WritingToolsCoordinator.Context
    ) async -> [TextPreview] {
        guard let textView, let target = documentRange(range, of: context) else { return [] }
        // One picture a line: the rectangles of the range grouped by the line they are on.
        var lines: [(frame: CGRect, rects: [CGRect])] = []
        for piece in textView.selectionRects(for: target) where !piece.rect.isEmpty {
            if let last = lines.last, abs(last.frame.minY - piece.rect.minY) < 0.5 {
                lines[lines.count - 1] = (last.frame.union(piece.rect), last.rects + [piece.rect])
            } else {
                lines.append((piece.rect, [piece.rect]))
            }
        }
        return lines.map { line in
            TextPreview(
                image: previewImage?(line.frame), presentationFrame: line.frame,
                candidateRects: line.rects.map { $0.offsetBy(dx: -line.frame.minX, dy: -line.frame.minY) })
        }
    }

    public func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, requestsUnderlinePathsFor range: Range<Int>,
        in context: WritingToolsCoordinator.Context
    ) async -> [WritingToolsCoordinator.UnderlinePath] {
        guard let textView, let target = documentRange(range, of: context) else { return [] }
        // Under each piece of the range, a point and a half above its line's bottom.
        return textView.selectionRects(for: target).filter { $0.rect.width > 0 }.map { piece in
            let y = piece.rect.maxY - 1.5
            return WritingToolsCoordinator.UnderlinePath(
                points: [CGPoint(x: piece.rect.minX, y: y), CGPoint(x: piece.rect.maxX, y: y)])
        }
    }

    public func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, prepareFor textAnimation: WritingToolsCoordinator.TextAnimation,
        for range: Range<Int>, in context: WritingToolsCoordinator.Context
    ) async {
        guard let textView, let target = documentRange(range, of: context) else { return }
        let offsets = target.location ..< target.location + target.length
        var marking = RenderingAttributes()
        switch textAnimation {
        case .remove, .translucent: marking.foregroundColor = TextColor(red: 0.55, green: 0.55, blue: 0.55)
        case .insert: marking.backgroundColor = TextColor(red: 0.85, green: 0.96, blue: 0.85)
        case .anticipate, .anticipateInactive: break
        }
        if !marking.isEmpty, let textRange = textView.textContentStorage.textRange(for: offsets) {
            textView.textLayoutManager.addRenderingAttributes(marking, for: textRange)
            animationMarks.append((textAnimation, textRange))
        }
        await playAnimation?(textAnimation, .prepare, offsets)
    }

    public func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, finish textAnimation: WritingToolsCoordinator.TextAnimation,
        for range: Range<Int>, in context: WritingToolsCoordinator.Context
    ) async {
        guard let textView, let target = documentRange(range, of: context) else { return }
        await playAnimation?(textAnimation, .finish, target.location ..< target.location + target.length)
        // The marks of this animation go (those of a removal went with its text).
        let manager = textView.textLayoutManager
        animationMarks.removeAll { mark in
            guard mark.animation == textAnimation else { return false }
            manager.removeRenderingAttribute(.foregroundColor, for: mark.range)
            manager.removeRenderingAttribute(.backgroundColor, for: mark.range)
            return true
        }
    }

    /// `range` of `context` in the document, when the context is this host's.
    private func documentRange(_ range: Range<Int>, of context: WritingToolsCoordinator.Context) -> NSRange? {
        guard let start = contextStarts[context.id] else { return nil }
        return NSRange(location: start + range.lowerBound, length: range.count)
    }

    /// Code and quotations are left as they are.
    private static func isProtected(_ kind: PresentationIntent.Kind) -> Bool {
        switch kind {
        case .codeBlock, .blockQuote: true
        default: false
        }
    }

    /// The document range `scope` covers (UTF-16 offsets).
    private func documentRange(of scope: WritingToolsCoordinator.ContextScope, in textView: TextView) -> Range<Int>? {
        let length = textView.textContentStorage.utf16Length
        switch scope {
        case .fullDocument:
            return 0 ..< length
        case .userSelection:
            let selection = textView.selectedRange()
            guard selection.location != NSNotFound else { return nil }
            if selection.length > 0 { return selection.location ..< selection.location + selection.length }
            // Nothing selected: the paragraph around the caret.
            let paragraph = textView.textLayoutManager.textLayoutFragment(
                for: textView.textContentStorage.location(
                    textView.textContentStorage.documentRange.location, offsetBy: selection.location)
                    ?? textView.textContentStorage.documentRange.location)
            guard let element = paragraph?.rangeInElement else { return 0 ..< length }
            let storage = textView.textContentStorage
            let lower = storage.offset(from: storage.documentRange.location, to: element.location)
            let upper = storage.offset(from: storage.documentRange.location, to: element.endLocation)
            return lower ..< upper
        case .visibleArea:
            let storage = textView.textContentStorage
            let ranges = textView.renderingSurfaces.compactMap(\.textLayoutFragment.rangeInElement)
            guard let first = ranges.first, let last = ranges.last else { return nil }
            return storage.offset(from: storage.documentRange.location, to: first.location)
                ..< storage.offset(from: storage.documentRange.location, to: last.endLocation)
        }
    }
}
