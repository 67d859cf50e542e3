import Foundation
import TestFixtures
import Testing
import TextContent
import TextEditing
import TextLayout
import TextProofreading
import TextWritingTools

/// Continuous spell checking of a text view: only what the view lays out is checked, off the
/// view's thread, shown as spelling marks (rendering attributes) when the host asks; remembered
/// by text; per language; corrected as one undo step. Hunspell's en_US (Debian's
/// hunspell-en-us, installed by scripts/install-deps.sh); no Arabic dictionary is installed, so
/// Arabic words are never checked (an English dictionary leaves other scripts alone).
@Suite struct TextCheckingControllerTests {
    /// A view 600 x 300 on `text`, laid out at its top.
    func view(_ text: String) -> TextView {
        let view = TextView(storage: TextContentStorage(string: text))
        view.visibleRect = CGRect(x: 0, y: 0, width: 600, height: 300)
        view.layoutIfNeeded()
        return view
    }

    /// The marks set, as (document offsets, state), in order.
    func marks(_ view: TextView) -> [(range: Range<Int>, state: SpellingState)] {
        let storage = view.textContentStorage
        let start = storage.documentRange.location
        var found: [(Range<Int>, SpellingState)] = []
        view.textLayoutManager.enumerateRenderingAttributeRuns(from: start, reverse: false) { _, attributes, range in
            if let state = attributes.spellingState {
                let lower = storage.offset(from: start, to: range.location)
                found.append((lower ..< lower + storage.offset(from: range.location, to: range.endLocation), state))
            }
            return true
        }
        return found
    }

    /// The text of `range` (document offsets).
    func shown(_ view: TextView, _ range: Range<Int>) -> String {
        view.text(in: NSRange(location: range.lowerBound, length: range.count)) ?? ""
    }

    @Test func misspeltEnglishWordsInAMixedParagraphAreMarkedAndArabicIsLeftAlone() throws {
        let arabic = MixedSamples.text("ar_Arab")
        let view = view("Teh quick brown fox \(arabic) jumpd over the the lazy dog.\nA secnod paragraph.")
        let checking = try TextCheckingController(textView: view)
        // Checked off the view's thread: nothing is shown until the host asks.
        #expect(marks(view).isEmpty)
        checking.finishChecking()
        let found = marks(view)
        #expect(found.map { shown(view, $0.range) } == ["Teh", "jumpd", " the", "secnod"])
        #expect(found.map(\.state) == [.spelling, .spelling, .grammar, .spelling])
        #expect(checking.statistics.paragraphsRequested == 2)
        // The issue under a position, with the dictionary's suggestions.
        let offset = found[0].range.lowerBound + 1
        let issue = try #require(checking.issues(at: offset).first)
        #expect(issue.text == "Teh" && issue.range == found[0].range)
        #expect(checking.suggestions(for: issue).contains("The"))
        #expect(checking.issues(at: found[0].range.upperBound + 2).isEmpty)
    }

    @Test func onlyTheLaidOutParagraphsAreCheckedAndScrollingBackCostsALookup() throws {
        // 2,000 paragraphs, each with a misspelling: a viewport holds a few dozen.
        let text = (0 ..< 2_000).map { "Paragraph \($0) has a mispeled word and ಕನ್ನಡ text." }.joined(separator: "\n")
        let view = view(text)
        let checking = try TextCheckingController(textView: view)
        checking.finishChecking()
        let requested = checking.statistics.paragraphsRequested
        #expect(requested > 5 && requested < 200, "\(requested)")
        let first = marks(view)
        #expect(first.count >= view.renderingSurfaces.count)
        #expect(first.allSatisfy { shown(view, $0.range) == "mispeled" })
        // Far down: new paragraphs checked; their marks where they are.
        view.visibleRect.origin.y = view.textLayoutManager.usageBoundsForTextContainer.height / 2
        view.layoutIfNeeded()
        checking.finishChecking()
        #expect(checking.statistics.paragraphsRequested > requested)
        let ranges = view.renderingSurfaces.compactMap(\.textLayoutFragment.rangeInElement)
        let storage = view.textContentStorage
        let middle = try #require(
            ranges.first.map { storage.offset(from: storage.documentRange.location, to: $0.location) })
        #expect(marks(view).contains { $0.range.lowerBound > middle })
        // Laid out again (every estimate anew, what is shown found where the layout put it once it
        // is done, as a host tells the controller): every paragraph is remembered, none checked.
        let requestedBefore = checking.statistics.paragraphsRequested
        view.textLayoutManager.invalidateLayout(for: storage.documentRange)
        view.layoutIfNeeded()
        checking.considerTextChecking()
        #expect(checking.statistics.paragraphsRequested == requestedBefore)
        #expect(checking.statistics.paragraphsRemembered > 0)
        #expect(!marks(view).isEmpty)
    }

    @Test func paragraphsLaidOutFarFromWhatIsShownAreCheckedWhenTheyAreShown() throws {
        let text = (0 ..< 500).map { "Line \($0) of ಕನ್ನಡ and a speling mistake." }.joined(separator: "\n")
        let view = view(text)
        let checking = try TextCheckingController(textView: view)
        // The whole document laid out (as for its exact height): only what is shown is checked.
        view.textLayoutManager.ensureLayoutForEntireDocument()
        checking.finishChecking()
        let requested = checking.statistics.paragraphsRequested
        #expect(requested < 100, "\(requested)")
        // At the end, no paragraph is laid out again (their layouts are kept): the host's call
        // after layout has what is shown checked and marked.
        view.visibleRect.origin.y = view.textLayoutManager.usageBoundsForTextContainer.height - 300
        view.layoutIfNeeded()
        checking.considerTextChecking()
        checking.finishChecking()
        #expect(checking.statistics.paragraphsRequested > requested)
        let storage = view.textContentStorage
        let shownStart = try #require(
            view.renderingSurfaces.first?.textLayoutFragment.rangeInElement.map {
                storage.offset(from: storage.documentRange.location, to: $0.location)
            })
        let shownMarks = marks(view).filter { $0.range.lowerBound >= shownStart }
        #expect(shownMarks.count >= view.renderingSurfaces.count - 1, "\(shownMarks.count)")
        #expect(shownMarks.allSatisfy { shown(view, $0.range) == "speling" })
    }

    @Test func aLongParagraphIsCheckedWhereItIsShown() throws {
        // One paragraph of about 600,000 units (a file of one line), a misspelling in every
        // sentence: checked a window at a time, near what is shown.
        let sentence = "Thiss sentence of ಕನ್ನಡ and English words is long enough to wrap. "
        let text = String(repeating: sentence, count: 9_000)
        let view = view(text)
        let checking = try TextCheckingController(textView: view)
        checking.finishChecking()
        let storage = view.textContentStorage
        let atTop = marks(view)
        #expect(!atTop.isEmpty)
        #expect(atTop.allSatisfy { shown(view, $0.range) == "Thiss" })
        #expect(atTop.allSatisfy { $0.range.upperBound <= 70_000 }, "\(atTop.last?.range ?? 0 ..< 0)")
        // Halfway down the paragraph (its layout kept: no validation), the host's call after
        // layout checks the window there; the marks follow.
        view.visibleRect.origin.y = view.textLayoutManager.usageBoundsForTextContainer.height / 2
        view.layoutIfNeeded()
        checking.considerTextChecking()
        checking.finishChecking()
        let middle = marks(view)
        #expect(!middle.isEmpty)
        #expect(
            middle.allSatisfy { $0.range.lowerBound > 200_000 && $0.range.upperBound < 400_000 },
            "\(middle.first?.range ?? 0 ..< 0)")
        #expect(middle.allSatisfy { shown(view, $0.range) == "Thiss" })
        #expect(storage.utf16Length > 500_000)
        // The word under a mark there has its suggestions.
        let issue = try #require(checking.issues(at: middle[0].range.lowerBound).first)
        #expect(checking.suggestions(for: issue).contains("This"))
    }

    @Test func anEditIsCheckedAgainAndACorrectionIsOneUndoStep() throws {
        let view = view("The weathr is fine.\nNothing wrong here.")
        let checking = try TextCheckingController(textView: view)
        checking.finishChecking()
        let found = try #require(marks(view).first)
        #expect(shown(view, found.range) == "weathr")
        // A new misspelling typed at the end of the second paragraph.
        view.setSelectedRange(NSRange(location: view.textContentStorage.utf16Length, length: 0))
        view.insertText(" Realy.")
        view.layoutIfNeeded()
        checking.finishChecking()
        #expect(marks(view).map { shown(view, $0.range) } == ["weathr", "Realy"])
        // Corrected from a suggestion: one undo step brings the misspelling back.
        let issue = try #require(checking.issues(at: found.range.lowerBound).first)
        #expect(checking.suggestions(for: issue).contains("weather"))
        checking.correct(issue, with: "weather")
        view.layoutIfNeeded()
        checking.finishChecking()
        #expect(view.textContentStorage.string.hasPrefix("The weather is fine."))
        #expect(marks(view).map { shown(view, $0.range) } == ["Realy"])
        view.undo()
        view.layoutIfNeeded()
        checking.finishChecking()
        #expect(view.textContentStorage.string.hasPrefix("The weathr is fine."))
        #expect(marks(view).map { shown(view, $0.range) } == ["weathr", "Realy"])
    }

    @Test func eachRunIsCheckedInItsLanguage() throws {
        var text = AttributedString("Bonjour mon amie, c'est trés bien. ")
        text.languageIdentifier = "fr-FR"
        var english = AttributedString("An Englsh sentence.")
        english.languageIdentifier = "en-US"
        text.append(english)
        let storage = TextContentStorage(attributedString: text)
        let view = TextView(storage: storage)
        view.visibleRect = CGRect(x: 0, y: 0, width: 600, height: 300)
        view.layoutIfNeeded()
        let checking = try TextCheckingController(textView: view)
        checking.finishChecking()
        // No French dictionary here: the French run is left alone, and the controller says why.
        let installed = FileManager.default.fileExists(atPath: "/usr/share/hunspell/fr_FR.dic")
        if !installed {
            #expect(marks(view).map { shown(view, $0.range) } == ["Englsh"])
            #expect(checking.languagesWithoutDictionary == ["fr-FR"])
        }
        #expect(marks(view).contains { shown(view, $0.range) == "Englsh" })
    }

    @Test func turnedOffEveryMarkGoesAndTurnedOnTheyComeBack() throws {
        let view = view("Teh end.")
        let checking = try TextCheckingController(textView: view)
        checking.finishChecking()
        #expect(marks(view).count == 1)
        checking.isEnabled = false
        #expect(marks(view).isEmpty)
        checking.isEnabled = true
        #expect(marks(view).count == 1)
    }

    @Test(.timeLimit(.minutes(1))) func theHostIsToldOffItsThreadThatResultsWait() async throws {
        let view = view("Teh end.")
        let checking = try TextCheckingController(textView: view)
        checking.finishChecking()
        let told = AsyncStream<Bool>.makeStream()
        checking.resultsAvailable = { told.continuation.yield(Thread.isMainThread) }
        view.insertText("Anothr ")
        view.layoutIfNeeded()
        var iterator = told.stream.makeAsyncIterator()
        let onMainThread = await iterator.next()
        #expect(onMainThread == false)
        checking.showCheckedResults()
        #expect(marks(view).map { shown(view, $0.range) } == ["Anothr", "Teh"])
        // Results that came before there was a host to tell: told as soon as there is one.
        view.insertText("Agian ")
        view.layoutIfNeeded()
        checking.resultsAvailable = nil
        let second = AsyncStream<Void>.makeStream()
        while !checking.hasCheckedResultsWaiting { await Task.yield() }
        checking.resultsAvailable = { second.continuation.yield() }
        var secondIterator = second.stream.makeAsyncIterator()
        #expect(await secondIterator.next() != nil)
    }

    @Test func aMissingDictionaryNamesTheDebianPackage() throws {
        let view = view("Texte.")
        #expect {
            try TextCheckingController(textView: view, language: "xx-YY")
        } throws: { error in
            String(describing: error).contains("hunspell-xx-yy")
        }
    }
}
