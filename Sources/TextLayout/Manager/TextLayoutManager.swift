import Foundation
import TextContent
import TextTypography

/// Lays a content manager's paragraphs out in a text container: TextKit's
/// `NSTextLayoutManager`.
///
/// ```swift
/// let storage = TextContentStorage(string: "Hello, مرحبا")
/// let layoutManager = TextLayoutManager()
/// storage.addTextLayoutManager(layoutManager)
/// layoutManager.textContainer = TextContainer(size: CGSize(width: 600, height: 0))
/// layoutManager.ensureLayoutForEntireDocument()
/// layoutManager.enumerateTextLayoutFragments(from: nil) { fragment in print(fragment); return true }
/// ```
///
/// Layout is kept per paragraph: an edit invalidates only the paragraphs it touched, a new
/// container re-breaks lines from the kept shaping, and fragments below a change are moved (not
/// laid out again) when they are next asked for. A fragment depends only on its paragraph, the
/// container and the default font. Not thread-safe: use it from the isolation domain of its
/// content manager.
public final class TextLayoutManager: TextContentObserving {
    /// The content this manager lays out; set when a content manager adds it.
    public private(set) weak var textContentManager: TextContentManager?

    /// The container lines fill. Changing it lays lines out again, from the kept shaping.
    public var textContainer: TextContainer {
        didSet { if textContainer != oldValue { invalidateLayout(keepingShaping: true) } }
    }

    /// The font of text that has no font attribute.
    public var defaultFont: FontDescriptor {
        didSet { if defaultFont != oldValue { invalidateLayout() } }
    }

    /// Why the last layout could not lay a paragraph out (it then gets an empty fragment).
    public private(set) var lastLayoutError: TextLayoutError?

    /// One paragraph of the document and what is kept of its layout.
    private struct Entry {
        /// The paragraph's UTF-16 range in the document now.
        var range: Range<Int>
        /// Its fragment, possibly at a stale position or with a stale element (see `settle`).
        var fragment: TextLayoutFragment?
        /// Its shaping, kept across container changes.
        var shaped: ShapedParagraph?
        /// Whether the fragment must be laid out again (from `shaped` when there is one).
        var needsLayout = true
        /// After edits inside the paragraph: its shaping before, and the edits, so that only the
        /// words the edits touched are shaped again.
        var previous: (shaped: ShapedParagraph, edits: [ParagraphEdit])?
    }

    private var entries: [Entry] = []
    /// Entries from this index on are stored `pendingShift` units before where they are: an edit
    /// moves every paragraph after it, and moving them one by one would make typing cost
    /// O(paragraphs). The shift is applied lazily, only to the entries between one edit and
    /// the next, so typing in one place costs O(log n).
    private var shiftFrom = Int.max
    private var pendingShift = 0
    private var isIndexed = false
    /// Entries before this index have fragments with their final position and element.
    private var settledCount = 0
    private let scratch = LayoutScratch()

    public init(textContainer: TextContainer = TextContainer(size: CGSize(width: 600, height: 0)),
                defaultFont: FontDescriptor = FontDescriptor(family: "DejaVu Sans", size: 13)) {
        self.textContainer = textContainer
        self.defaultFont = defaultFont
    }

    public func textContentManagerDidAdd(_ textContentManager: TextContentManager) {
        self.textContentManager = textContentManager
        invalidateLayout()
    }

    public func textContentManagerDidRemove(_ textContentManager: TextContentManager) {
        if self.textContentManager === textContentManager { self.textContentManager = nil }
        invalidateLayout()
    }

    /// Invalidates the paragraphs the changes touched: O(log n) to find them plus the paragraphs
    /// themselves; the entries after them only move (their offsets shift).
    public func textContentManager(_ textContentManager: TextContentManager, didProcess changes: TextContentChangeSet) {
        guard isIndexed, let edited = changes.editedRange else { return }
        let delta = changes.changeInLength
        let low = edited.lowerBound, oldHigh = edited.upperBound - delta
        // Touched: every paragraph that meets [low, oldHigh], edges included (an edit at a
        // paragraph's end can join it to the next, or make it the last one).
        var first = firstEntry { $0.upperBound >= low }
        let last = firstEntry { $0.lowerBound > oldHigh } - 1
        // A paragraph that merely ends where the edit starts keeps its text, unless it ends with
        // CR (an LF typed after it joins it) or is the last (it loses its extra line fragment).
        if first < last, range(at: first).upperBound == low, let units = entries[first].shaped?.content.units, units.last != 0x0D {
            first += 1
        }
        guard first <= last, first < entries.count else { return invalidateLayout() }
        let start = range(at: first).lowerBound
        let end = range(at: last).upperBound + delta
        guard let replacements = paragraphRanges(from: start, to: end) else { return invalidateLayout() }
        // Everything after the edit moves by `delta`: fold it into the one pending shift. Entries
        // on the near side of the old shift's start are brought to the same footing, which costs
        // the distance between this edit and the last, not the document.
        let owed = shiftFrom < entries.count ? pendingShift : 0
        if shiftFrom < first {
            shiftStoredRanges(shiftFrom ..< first, by: owed)
        } else if shiftFrom > last + 1 {
            shiftStoredRanges(last + 1 ..< min(shiftFrom, entries.count), by: -owed)
        }
        pendingShift = owed + delta
        shiftFrom = first + replacements.count
        var replacing = replacements.map { Entry(range: $0) }
        if first == last, replacing.count == 1 {
            let edit = ParagraphEdit(range: low - start ..< oldHigh - start, replacementLength: oldHigh - low + delta)
            if let shaped = entries[first].shaped {
                replacing[0].previous = (shaped, [edit])
            } else if let pending = entries[first].previous {
                // Edited again before it was laid out: edits of the text last shaped.
                replacing[0].previous = (pending.shaped, ParagraphEdit.adding(edit, to: pending.edits))
            }
        }
        entries.replaceSubrange(first ... last, with: replacing)
        settledCount = min(settledCount, first)
    }

    /// Drops every fragment; the next query lays out again. With `keepingShaping`, paragraphs
    /// keep their shaping and only lines are broken and placed again.
    public func invalidateLayout() {
        invalidateLayout(keepingShaping: false)
    }

    private func invalidateLayout(keepingShaping: Bool) {
        settledCount = 0
        lastLayoutError = nil
        guard keepingShaping else {
            entries.removeAll()
            (shiftFrom, pendingShift) = (Int.max, 0)
            isIndexed = false
            return
        }
        for index in entries.indices {
            entries[index].needsLayout = true
        }
    }

    /// Lays out every paragraph that is not laid out.
    public func ensureLayoutForEntireDocument() {
        settle(through: Int.max)
    }

    /// Ensures layout of the paragraphs up to the end of `range` (those above it too, for their
    /// positions).
    public func ensureLayout(for range: TextRange) {
        guard let last = fragmentIndex(containing: range.endLocation) else { return ensureLayoutForEntireDocument() }
        settle(through: last)
    }

    /// Lays out one paragraph afresh with its top at `y` (container coordinates), leaving the
    /// rest of the layout alone. Shaping comes from the shaper's word cache, so only the words
    /// that changed are shaped again.
    public func layoutFragment(for paragraph: TextParagraph, at y: CGFloat) throws(TextLayoutError) -> TextLayoutFragment {
        try ParagraphLayout(container: textContainer, defaultFont: defaultFont, scratch: scratch)
            .layout(paragraph, at: y, extraLineFragment: needsExtraLineFragment(paragraph))
    }

    /// The rectangle the laid-out text uses in the container.
    public var usageBoundsForTextContainer: CGRect {
        ensureLayoutForEntireDocument()
        let height = entries.last?.fragment?.layoutFragmentFrame.maxY ?? 0
        let width = textContainer.layoutWidth.isFinite
            ? textContainer.layoutWidth : (entries.compactMap { $0.fragment?.layoutFragmentFrame.width }.max() ?? 0)
        return CGRect(x: 0, y: 0, width: width, height: height)
    }

    /// Calls `block` with layout fragments from the one containing `location` (nil: the first;
    /// with `.reverse`, the last) until it returns false; returns the location it stopped at.
    /// Going forward, paragraphs are laid out as they are reached.
    @discardableResult
    public func enumerateTextLayoutFragments(
        from location: (any TextLocation)?,
        options: TextLayoutFragmentEnumerationOptions = [],
        using block: (TextLayoutFragment) -> Bool
    ) -> (any TextLocation)? {
        indexIfNeeded()
        guard !entries.isEmpty else { return location }
        let reverse = options.contains(.reverse)
        var index: Int
        if let location {
            guard let found = fragmentIndex(containing: location) else { return nil }
            index = found
        } else {
            index = reverse ? entries.count - 1 : 0
        }
        if reverse { settle(through: index) }
        var edge: (any TextLocation)? = location
        while entries.indices.contains(index) {
            if !reverse { settle(through: index) }
            guard let fragment = entries[index].fragment else { break }
            edge = reverse ? fragment.rangeInElement?.location : fragment.rangeInElement?.endLocation
            guard block(fragment) else { break }
            index += reverse ? -1 : 1
        }
        return edge
    }

    /// The fragment of the paragraph containing `location`, laid out if it was not.
    public func textLayoutFragment(for location: any TextLocation) -> TextLayoutFragment? {
        guard let index = fragmentIndex(containing: location) else { return nil }
        settle(through: index)
        return entries[index].fragment
    }

    /// The fragment at `point` (container coordinates), or nil outside every fragment.
    public func textLayoutFragment(for point: CGPoint) -> TextLayoutFragment? {
        ensureLayoutForEntireDocument()
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if (entries[mid].fragment?.layoutFragmentFrame.maxY ?? 0) <= point.y { low = mid + 1 } else { high = mid }
        }
        guard entries.indices.contains(low), let fragment = entries[low].fragment, fragment.layoutFragmentFrame.minY <= point.y else { return nil }
        return fragment
    }

    // MARK: Keeping entries

    /// The paragraphs of the document, as entries not yet laid out.
    private func indexIfNeeded() {
        guard !isIndexed else { return }
        isIndexed = true
        settledCount = 0
        entries = (textContentManager.flatMap { _ in paragraphRanges(from: 0, to: nil) } ?? []).map { Entry(range: $0) }
        (shiftFrom, pendingShift) = (Int.max, 0)
    }

    /// The ranges of the paragraphs that start in `start ..< end` (nil: to the document's end),
    /// or nil when the content cannot say.
    private func paragraphRanges(from start: Int, to end: Int?) -> [Range<Int>]? {
        guard let content = textContentManager else { return nil }
        var ranges: [Range<Int>] = []
        if let storage = content as? TextContentStorage {
            guard start <= storage.utf16Length else { return nil }
            // The whole document's ranges are as many as its paragraphs (no regrowing on the way).
            if start == 0, end == nil { ranges.reserveCapacity(storage.paragraphCount) }
            storage.enumerateParagraphRanges(fromOffset: start) { range in
                if let end, range.lowerBound >= end { return false }
                if range.lowerBound >= start { ranges.append(range) }
                return true
            }
            return ranges
        }
        let documentStart = content.documentRange.location
        guard let location = content.location(documentStart, offsetBy: start) else { return start == 0 ? [] : nil }
        var failed = false
        content.enumerateTextElements(from: location) { element in
            guard let range = element.elementRange else { return true }
            let lower = content.offset(from: documentStart, to: range.location)
            let upper = content.offset(from: documentStart, to: range.endLocation)
            guard lower != NSNotFound, upper != NSNotFound else { failed = true; return false }
            if let end, lower >= end { return false }
            if lower >= start { ranges.append(lower ..< upper) }
            return true
        }
        return failed ? nil : ranges
    }

    /// The first entry index where `isPast` holds for its range (entries are in document
    /// order), or the count.
    private func firstEntry(where isPast: (Range<Int>) -> Bool) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if isPast(range(at: mid)) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The UTF-16 range in the document now of entry `index`.
    private func range(at index: Int) -> Range<Int> {
        let stored = entries[index].range
        return index >= shiftFrom ? stored.lowerBound + pendingShift ..< stored.upperBound + pendingShift : stored
    }

    /// Moves the stored ranges of entries `indices` by `amount`.
    private func shiftStoredRanges(_ indices: Range<Int>, by amount: Int) {
        guard amount != 0 else { return }
        for index in indices {
            entries[index].range = entries[index].range.lowerBound + amount ..< entries[index].range.upperBound + amount
        }
    }

    /// Makes the fragments of entries up to `target` current: laid out where needed, otherwise
    /// moved to their position below the one before and given their paragraph's current element.
    private func settle(through target: Int) {
        indexIfNeeded()
        guard settledCount <= min(target, entries.count - 1), let content = textContentManager else { return }
        let documentStart = content.documentRange.location
        let layout = ParagraphLayout(container: textContainer, defaultFont: defaultFont, scratch: scratch)
        var mismatch = false
        func visit(_ paragraph: TextParagraph, start: Int) -> Bool {
            guard settledCount < entries.count, settledCount <= target else { return false }
            let index = settledCount
            guard start == range(at: index).lowerBound else {
                mismatch = true
                return false
            }
            let y = index == 0 ? 0 : entries[index - 1].fragment?.layoutFragmentFrame.maxY ?? 0
            // In place: copying the entry out and back would retain and release each of its parts.
            let isLast = index == entries.count - 1
            let laidOut = fragment(for: paragraph, entry: &entries[index], at: y, isLast: isLast, layout: layout)
            entries[index].fragment = laidOut
            settledCount += 1
            return true
        }
        let first = range(at: settledCount).lowerBound
        if let storage = content as? TextContentStorage {
            // The storage's own path: paragraphs unboxed, offsets without location look-ups.
            storage.enumerateTextParagraphs(fromOffset: first, using: visit)
        } else {
            guard let location = content.location(documentStart, offsetBy: first) else { return }
            content.enumerateTextElements(from: location) { element in
                guard let paragraph = element as? TextParagraph, let range = paragraph.elementRange else { return true }
                return visit(paragraph, start: content.offset(from: documentStart, to: range.location))
            }
        }
        if mismatch {
            // The index no longer matches the content (a delegate changed what it shows): start over.
            invalidateLayout()
            settle(through: target)
        }
    }

    private func fragment(for paragraph: TextParagraph, entry: inout Entry, at y: CGFloat, isLast: Bool, layout: ParagraphLayout) -> TextLayoutFragment {
        if !entry.needsLayout, let fragment = entry.fragment {
            if fragment.layoutFragmentFrame.minY == y, Self.samePlace(fragment.textElement, paragraph) { return fragment }
            return fragment.relocated(to: y, textElement: paragraph)
        }
        entry.needsLayout = false
        // Only the last paragraph can end the document (asking costs location arithmetic).
        let extra = isLast && needsExtraLineFragment(paragraph)
        do throws(TextLayoutError) {
            let shaped: ShapedParagraph
            if let kept = entry.shaped {
                shaped = kept
            } else if let previous = entry.previous {
                shaped = try layout.shape(paragraph, after: previous.edits, of: previous.shaped)
            } else {
                shaped = try layout.shape(paragraph)
            }
            entry.shaped = shaped
            entry.previous = nil
            return try layout.layout(paragraph, shaped: shaped, at: y, extraLineFragment: extra)
        } catch {
            lastLayoutError = error
            return TextLayoutFragment(textElement: paragraph, layoutFragmentFrame: CGRect(x: 0, y: y, width: 0, height: 0),
                                      renderingSurfaceBounds: .zero, textLineFragments: [], state: .none)
        }
    }

    /// Whether two elements of the paragraph lie at the same place in the document.
    private static func samePlace(_ old: TextParagraph, _ new: TextParagraph) -> Bool {
        if let oldOffsets = old.elementOffsets, let newOffsets = new.elementOffsets {
            return oldOffsets == newOffsets
        }
        return old.elementRange == new.elementRange
    }

    /// Whether `paragraph` is the last and ends with a break, a paragraph separator or a line
    /// separator (U+2028): it then gets an empty line after it, for the caret at the end of the
    /// document (TextKit's extra line fragment).
    private func needsExtraLineFragment(_ paragraph: TextParagraph) -> Bool {
        guard let content = textContentManager, let range = paragraph.elementRange,
              range.endLocation.isEqual(to: content.documentRange.endLocation) else { return false }
        if paragraph.paragraphSeparatorRange.map({ !$0.isEmpty }) ?? false { return true }
        // Plain text is asked for its last bytes (U+2028 is E2 80 A8), not made into a string.
        let plainEnd = paragraph.withPlainUTF8 { $0.count >= 3 && $0[$0.count - 3] == 0xE2 && $0[$0.count - 2] == 0x80 && $0[$0.count - 1] == 0xA8 }
        return plainEnd ?? (paragraph.attributedString.unicodeScalars.last == "\u{2028}")
    }

    private func fragmentIndex(containing location: any TextLocation) -> Int? {
        indexIfNeeded()
        guard let content = textContentManager else { return nil }
        let offset = content.offset(from: content.documentRange.location, to: location)
        guard offset != NSNotFound else { return nil }
        let index = firstEntry { $0.upperBound > offset }
        if entries.indices.contains(index), range(at: index).lowerBound <= offset { return index }
        // The end of the document belongs to the last fragment.
        if !entries.isEmpty, range(at: entries.count - 1).upperBound == offset { return entries.count - 1 }
        return nil
    }
}

/// Options of layout-fragment enumeration.
public struct TextLayoutFragmentEnumerationOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let reverse = TextLayoutFragmentEnumerationOptions(rawValue: 1 << 0)
    public static let estimatesSize = TextLayoutFragmentEnumerationOptions(rawValue: 1 << 1)
    public static let ensuresLayout = TextLayoutFragmentEnumerationOptions(rawValue: 1 << 2)
    public static let ensuresExtraLineFragment = TextLayoutFragmentEnumerationOptions(rawValue: 1 << 3)
}
