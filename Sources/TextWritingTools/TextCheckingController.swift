import Foundation
import Synchronization
import TextContent
import TextEditing
import TextLayout
import TextProofreading

/// Continuous spell checking for a text view, as AppKit's `NSTextCheckingController` gives a
/// view: the paragraphs the view lays out (its viewport, never the rest of the document) are
/// proofread off the thread the view runs on, and what is found is shown as rendering
/// attributes: a red wavy underline under a misspelt word, a green one under a repeated word or
/// a small letter starting a sentence. Each run of text is checked in the language its
/// `languageIdentifier` attribute names (the controller's `language` where none is set); a
/// language without a dictionary is left alone (`languagesWithoutDictionary`). Results are
/// remembered by the paragraph's text, so scrolling back, or a paragraph said again, costs a
/// lookup.
///
/// The worker tells the host through `resultsAvailable` (on the worker's thread) that results
/// wait; the host then calls `showCheckedResults()` on the view's thread (a GTK view schedules it
/// with `g_idle_add`). A program without a main loop calls `finishChecking()`.
///
/// ```swift
/// let checking = try TextCheckingController(textView: view, language: "en-US")
/// checking.resultsAvailable = { scheduleOnMainLoop { checking.showCheckedResults() } }
/// ```
public final class TextCheckingController {
    /// The view whose text is checked.
    public private(set) weak var textView: TextView?
    /// The language of text without a `languageIdentifier` attribute (BCP 47, "en-US").
    public let language: String
    /// Whether checking is on; turned off, every mark goes.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue, let textView else { return }
            considered.removeAll()
            if isEnabled {
                considerTextChecking()
            } else {
                textView.textLayoutManager.removeRenderingAttribute(
                    .spellingState, for: textView.textContentStorage.documentRange)
            }
        }
    }
    /// Told on the worker's thread, when results wait to be shown that it was not told of, that
    /// the host should call `showCheckedResults()` on the view's thread (once until it does).
    public var resultsAvailable: (@Sendable () -> Void)? {
        get { notifier.handler.withLock { $0 } }
        set {
            notifier.handler.withLock { $0 = newValue }
            // Results that came before there was anyone to tell.
            if let newValue, queue.hasFinished { newValue() }
        }
    }
    /// Whether the worker finished paragraphs whose marks `showCheckedResults()` has not shown.
    public var hasCheckedResultsWaiting: Bool { queue.hasFinished }
    /// What the controller did (for measuring and tests).
    public private(set) var statistics = Statistics()

    /// Counts of the controller's work.
    public struct Statistics: Sendable, Equatable {
        /// Paragraphs handed to the worker to check.
        public var paragraphsRequested = 0
        /// Paragraphs laid out whose results were remembered.
        public var paragraphsRemembered = 0
        /// Time spent on the view's thread: reading laid-out paragraphs and setting marks.
        public var viewThreadTime: Duration = .zero
    }

    private var proofreaders: [String: Proofreader] = [:]
    /// Languages asked for that have no dictionary (their text is not checked).
    public private(set) var languagesWithoutDictionary: Set<String> = []
    private var results = CheckedParagraphs()
    private var considered = ConsideredFragments()
    private let notifier = Notifier()
    private let queue: TextCheckingQueue
    /// Paragraphs longer than this many UTF-16 units are checked near what is shown only.
    static let longParagraph = 65_536

    /// Checks what `textView` lays out from now on, in `language` where the text does not say;
    /// throws when there is no dictionary of `language` (the error names the Debian package).
    public init(textView: TextView, language: String = "en-US") throws(ProofreadingError) {
        self.textView = textView
        self.language = language
        proofreaders[language] = try Proofreader(language: language)
        let notifier = notifier
        queue = TextCheckingQueue { notifier.notify() }
        let manager = textView.textLayoutManager
        let previous = manager.renderingAttributesValidator
        manager.renderingAttributesValidator = { [weak self] manager, fragment in
            previous?(manager, fragment)
            self?.validate(fragment)
        }
        considerTextChecking()
    }

    /// The issues found in the paragraph holding `offset` (UTF-16, in the document) that
    /// cover it, when that paragraph was checked; their ranges in document offsets.
    public func issues(at offset: Int) -> [ProofreadingIssue] {
        guard let textView, let paragraph = paragraph(at: offset, in: textView),
            let found = results[paragraph.check.key]
        else { return [] }
        return found.compactMap { issue in
            let range = issue.range.lowerBound + paragraph.start ..< issue.range.upperBound + paragraph.start
            guard range.contains(offset) || range.upperBound == offset else { return nil }
            return ProofreadingIssue(kind: issue.kind, range: range, text: issue.text, replacement: issue.replacement)
        }
    }

    /// What could replace `issue` (found by `issues(at:)`): suggestions from the dictionary of
    /// its language, or its one correction.
    public func suggestions(for issue: ProofreadingIssue) -> [String] {
        if let replacement = issue.replacement { return [replacement] }
        guard let textView, let paragraph = paragraph(at: issue.range.lowerBound, in: textView) else { return [] }
        let within = issue.range.lowerBound - paragraph.start
        let piece = paragraph.check.pieces.last { $0.offset <= within }
        return piece?.proofreader?.suggestions(for: issue) ?? []
    }

    /// Replaces `issue`'s text with `replacement` as a user's edit: an undo step of its own (not
    /// merged with the typing before or after it).
    public func correct(_ issue: ProofreadingIssue, with replacement: String) {
        guard let textView else { return }
        textView.undoStack.closeStep()
        textView.replace(NSRange(location: issue.range.lowerBound, length: issue.range.count), withText: replacement)
        textView.undoStack.closeStep()
    }

    /// Shows the results the worker finished: the marks of the laid-out paragraphs that wait
    /// for them (those laid out again meanwhile are left to their new layout). Call it on the
    /// view's thread.
    /// Returns whether there were results to show.
    @discardableResult
    public func showCheckedResults() -> Bool {
        let finished = queue.takeFinished()
        guard !finished.isEmpty, let manager = textView?.textLayoutManager else { return false }
        let clock = ContinuousClock()
        let start = clock.now
        defer { statistics.viewThreadTime += clock.now - start }
        for result in finished {
            results[result.key] = result.issues
            for fragment in considered.takeFragments(awaiting: result.key) where isEnabled {
                // Still its paragraph's layout (not laid out again, not let go).
                guard let location = fragment.rangeInElement?.location,
                    manager.textLayoutFragment(for: location) === fragment
                else { continue }
                mark(result.issues, in: fragment)
            }
        }
        return true
    }

    /// Considers what the view shows that was laid out while away from it (layout reaches past
    /// the viewport, and a fragment kept from then is not laid out again when it comes into
    /// view): marked if its results are known, else handed to the worker. A view calls it when
    /// its viewport's layout is done (`TextViewWidget` does); it costs a lookup per fragment.
    public func considerTextChecking() {
        guard isEnabled, let textView else { return }
        for surface in textView.renderingSurfaces {
            let fragment = surface.textLayoutFragment
            // A long paragraph is considered again where the view has moved within it.
            if considered.window(of: fragment) != checkedWindow(of: fragment.textElement, fragment: fragment) {
                consider(fragment)
            }
        }
    }

    /// Waits until the worker has checked everything asked (or `timeout` has passed), then
    /// shows what it found: for a program without a main loop, tests, and a view preparing text
    /// beyond what it shows while idle (so that what it draws ahead carries its marks).
    public func finishChecking(waitingAtMost timeout: Duration? = nil) {
        queue.waitUntilIdle(timeout: timeout)
        showCheckedResults()
    }

    // MARK: Laid-out paragraphs

    /// A fragment was laid out (its marks went with its old layout): considered when it is
    /// within a screen of what the view shows (layout may reach much further: the whole of a
    /// small document; those are considered if they come into view, `considerTextChecking()`).
    private func validate(_ fragment: TextLayoutFragment) {
        guard isEnabled, let visible = textView?.visibleRect else { return }
        let near = visible.insetBy(dx: 0, dy: -max(visible.height, 1))
        guard fragment.layoutFragmentFrame.intersects(near) else { return }
        consider(fragment)
    }

    /// Marks `fragment` from what is remembered of its text, or hands it to the worker.
    private func consider(_ fragment: TextLayoutFragment) {
        let clock = ContinuousClock()
        let start = clock.now
        defer { statistics.viewThreadTime += clock.now - start }
        let window = checkedWindow(of: fragment.textElement, fragment: fragment)
        guard let check = check(of: fragment.textElement, window: window) else {
            considered.insert(fragment, window: window)
            return
        }
        if let issues = results[check.key] {
            statistics.paragraphsRemembered += 1
            considered.insert(fragment, window: window)
            mark(issues, in: fragment)
            return
        }
        considered.insert(fragment, window: window, awaiting: check.key)
        if !queue.isWaiting(check.key) {
            statistics.paragraphsRequested += 1
            // The oldest request let go (scrolled past long ago): its fragments are considered
            // again if they are shown.
            if let dropped = queue.enqueue(check) { considered.forget(awaiting: dropped) }
        }
    }

    /// Sets the marks of `issues` (paragraph offsets) over `fragment`'s paragraph, replacing
    /// those it had.
    private func mark(_ issues: [ProofreadingIssue], in fragment: TextLayoutFragment) {
        guard let manager = textView?.textLayoutManager, let content = manager.textContentManager,
            let paragraphRange = fragment.rangeInElement
        else { return }
        manager.removeRenderingAttribute(.spellingState, for: paragraphRange)
        for issue in issues {
            guard let start = content.location(paragraphRange.location, offsetBy: issue.range.lowerBound),
                let end = content.location(start, offsetBy: issue.range.count),
                let range = TextRange(location: start, end: end)
            else { continue }
            var attributes = RenderingAttributes()
            attributes.spellingState = issue.kind == .spelling ? .spelling : .grammar
            manager.addRenderingAttributes(attributes, for: range)
        }
    }

    /// The paragraph holding `offset`, its start, and what checking it means.
    private func paragraph(at offset: Int, in textView: TextView) -> (start: Int, check: ParagraphCheck)? {
        let storage = textView.textContentStorage
        let documentStart = storage.documentRange.location
        guard offset >= 0, offset <= storage.utf16Length,
            let location = storage.location(documentStart, offsetBy: offset),
            let fragment = textView.textLayoutManager.textLayoutFragment(for: location),
            let paragraphStart = fragment.rangeInElement?.location,
            let check = check(
                of: fragment.textElement, window: checkedWindow(of: fragment.textElement, fragment: fragment))
        else { return nil }
        return (storage.offset(from: documentStart, to: paragraphStart), check)
    }

    /// `window` of `paragraph`'s text (see `checkedWindow`) cut by language, with each piece's
    /// proofreader.
    private func check(of paragraph: TextParagraph, window: Range<Int>) -> ParagraphCheck? {
        guard !window.isEmpty else { return nil }
        let prefix = window.lowerBound == 0 ? "" : "\u{1}\(window.lowerBound)\u{1}"
        if let units = paragraph.plainUTF16(in: window) {
            return ParagraphCheck(
                key: prefix + String(decoding: units, as: UTF16.self),
                pieces: [.init(proofreader: proofreader(for: language), offset: window.lowerBound, units: units)])
        }
        let text = paragraph.attributedString
        var pieces: [ParagraphCheck.Piece] = []
        var key = prefix
        var offset = 0
        for run in text.runs where offset < window.upperBound {
            let runLength = text.utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            defer { offset += runLength }
            guard offset + runLength > window.lowerBound else { continue }
            let units = Array(String(text[run.range].characters).utf16)
            let start = max(offset, window.lowerBound)
            let taken = Array(units[(start - offset) ..< (min(offset + runLength, window.upperBound) - offset)])
            let runLanguage = run.languageIdentifier ?? language
            if let last = pieces.last, last.proofreader === proofreader(for: runLanguage) {
                pieces[pieces.count - 1] = .init(
                    proofreader: last.proofreader, offset: last.offset, units: last.units + taken)
            } else {
                pieces.append(.init(proofreader: proofreader(for: runLanguage), offset: start, units: taken))
                key += "\u{0}\(runLanguage)@\(start)\u{0}"
            }
            key += String(decoding: taken, as: UTF16.self)
        }
        return ParagraphCheck(key: key, pieces: pieces)
    }

    /// What of `paragraph` is checked (paragraph offsets): all of it, or of one longer than
    /// `longParagraph` units the lines of `fragment` within a screen of what the view shows (at
    /// most `longParagraph` units of them, found by halves, no line object made for the others):
    /// a paragraph of 100 MB is checked where it is read.
    private func checkedWindow(of paragraph: TextParagraph, fragment: TextLayoutFragment?) -> Range<Int> {
        let length = paragraph.utf16Count
        guard length > Self.longParagraph else { return 0 ..< length }
        guard let fragment, let visible = textView?.visibleRect else { return 0 ..< Self.longParagraph }
        let top = fragment.layoutFragmentFrame.minY
        let first = fragment.textLineFragment(
            forVerticalOffset: max(0, visible.minY - visible.height - top), requiresExactMatch: false)
        let last = fragment.textLineFragment(
            forVerticalOffset: max(0, visible.maxY + visible.height - top), requiresExactMatch: false)
        let lower = min(first?.characterRange.location ?? 0, length)
        let upper = last.map { $0.characterRange.location + $0.characterRange.length } ?? lower
        return lower ..< max(lower, min(upper, lower + Self.longParagraph, length))
    }

    /// The proofreader of `language`, opened on first use; nil for one without a dictionary.
    private func proofreader(for language: String) -> Proofreader? {
        if let proofreader = proofreaders[language] { return proofreader }
        guard !languagesWithoutDictionary.contains(language) else { return nil }
        guard let proofreader = try? Proofreader(language: language) else {
            languagesWithoutDictionary.insert(language)
            return nil
        }
        proofreaders[language] = proofreader
        return proofreader
    }
}

/// The worker's way to the host, whichever thread sets the handler.
private final class Notifier: Sendable {
    let handler = Mutex<(@Sendable () -> Void)?>(nil)

    func notify() {
        handler.withLock { $0 }?()
    }
}
