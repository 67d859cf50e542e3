import Foundation
import TestFixtures
import Testing
@_spi(Layout) import TextContent
@_spi(Rendering) @testable import TextLayout

/// Long paragraphs are laid out in sections (a shaping each, see `LineSections`): the lines are
/// those of the whole paragraph laid out at once; after edits, lines broken again meet the old
/// ones, or a junction joins them that is broken again when the viewport or `ensureLayout`
/// reaches it. Sections are made short here so that short texts have many.
@Suite struct LongParagraphSectionTests {
    static let policy = SectionPolicy(
        minimumParagraphLength: 2_000, sectionLength: 1_500, lookahead: 400, margin: 64, reflowLines: 6)

    /// Where two layouts' lines first differ (paragraph, line), or nil: a short message when they do.
    private func firstDifference(_ one: TextLayoutManager, _ other: TextLayoutManager) -> String? {
        let a = lines(one), b = lines(other)
        guard a.count == b.count else { return "\(a.count) paragraphs, \(b.count) expected" }
        for (index, (x, y)) in zip(a, b).enumerated() {
            guard x.count == y.count else { return "paragraph \(index): \(x.count) lines, \(y.count) expected" }
            if let line = zip(x, y).enumerated().first(where: { !LineSummary.same($0.element.0, $0.element.1) })?.offset
            {
                return "paragraph \(index) line \(line): \(x[line]) expected \(y[line])"
            }
        }
        return nil
    }

    private func layout(
        _ text: String, sectioned: Bool, width: CGFloat = 331
    ) -> (TextContentStorage, TextLayoutManager) {
        let storage = TextContentStorage(string: text)
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: width, height: 0)))
        if sectioned { manager.sectionPolicy = Self.policy }
        manager.recordLayoutFailures()
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        RetainedStorages.keep(storage)
        return (storage, manager)
    }

    /// About `length` UTF-16 units of words of `tag`'s samples (English for "en"), in one paragraph.
    static func paragraph(_ tag: String, length: Int, seed: UInt64 = 3) -> String {
        let source =
            tag == "en"
            ? LayoutSamples.english : MixedSamples.all.filter { $0.tag == tag }.map(\.text).joined(separator: " ")
        let words = source.split(separator: " ").map(String.init)
        var random = SplitMix64(seed: seed)
        var text = ""
        while text.utf16.count < length {
            if !text.isEmpty { text += " " }
            text += words.randomElement(using: &random) ?? "word"
        }
        return text
    }

    static let tags = ["en", "ar_Arab", "he_Hebr", "th_Thai", "kn_Knda", "hi_Deva", "zh_Hans", "emoji", "mixed"]

    /// Every fragment's lines follow one another: each starts where the one before ended, from
    /// the paragraph's start to its end, each top where the one above ends.
    private func expectContiguousLines(_ manager: TextLayoutManager, _ storage: TextContentStorage, _ note: String) {
        for fragment in allFragments(manager) {
            guard let offsets = fragment.textElement.elementOffsets else { continue }
            var end = 0
            var bottom: CGFloat?
            for index in 0 ..< fragment.lineCount {
                let range = fragment.lineRange(at: index), bounds = fragment.lineBounds(at: index)
                #expect(
                    range.lowerBound == end,
                    "\(note): line \(index) starts at \(range.lowerBound), the one before ended at \(end)")
                end = range.upperBound
                if let bottom { #expect(abs(bounds.minY - bottom) < 0.001, "\(note): line \(index)'s top") }
                bottom = bounds.maxY
            }
            #expect(end == offsets.end - offsets.start, "\(note): the lines end where the paragraph does")
        }
    }

    @Test(arguments: tags)
    func aLongParagraphInSectionsHasTheLinesOfTheWholeParagraph(tag: String) throws {
        let text = Self.paragraph(tag, length: 12_000)
        let (_, sectioned) = layout(text, sectioned: true)
        let (_, whole) = layout(text, sectioned: false)
        let fragment = try #require(allFragments(sectioned).first)
        let sections = try #require(fragment.lineSections)
        #expect(sections.sections.count >= 5)
        #expect(allFragments(whole).first?.lineSections == nil)
        #expect(firstDifference(sectioned, whole) == nil)
        #expect(fragment.layoutFragmentFrame == allFragments(whole).first?.layoutFragmentFrame)
        // Carets and hit testing in paragraph offsets, across the sections.
        let wholeFragment = try #require(allFragments(whole).first)
        for index in stride(from: 0, to: fragment.lineCount, by: max(1, fragment.lineCount / 17)) {
            let line = fragment.textLineFragment(at: index), other = wholeFragment.textLineFragment(at: index)
            #expect(line.caretStops == other.caretStops, "line \(index)")
            for x in stride(from: CGFloat(0), through: line.typographicBounds.width, by: 23) {
                #expect(line.characterIndex(for: CGPoint(x: x, y: 5)) == other.characterIndex(for: CGPoint(x: x, y: 5)))
            }
            let range = line.characterRange.location ..< line.characterRange.location + line.characterRange.length
            let middle = range.lowerBound + range.count / 3 ..< range.upperBound - range.count / 3
            #expect(line.segments(showing: middle).map(\.range) == other.segments(showing: middle).map(\.range))
            #expect(line.contentEnd == other.contentEnd)
        }
    }

    @Test(arguments: tags)
    func editsKeepTheLinesWholeAndEnsureLayoutGivesAFreshLayout(tag: String) throws {
        var random = SplitMix64(seed: 17)
        let text = Self.paragraph(tag, length: 9_000, seed: 5)
        let (storage, manager) = layout(text, sectioned: true)
        let words = Self.paragraph(tag, length: 200, seed: 9).split(separator: " ").map { String($0) + " " }
        let typed = ["a", " ", "\n", "", "ك", "😀", "\u{2028}"] + words
        for step in 0 ..< 40 {
            let length = storage.utf16Length
            let start = Int.random(in: 0 ... length, using: &random)
            let end = min(
                length,
                start + (Int.random(in: 0 ... 3, using: &random) == 0 ? Int.random(in: 1 ... 30, using: &random) : 0))
            try storage.replaceContents(
                in: storage.textRange(avoidingSurrogateSplits: start ..< end),
                with: typed.randomElement(using: &random)!)
            // As a view asks after typing: the edited paragraph alone.
            if let location = storage.location(
                storage.documentRange.location, offsetBy: min(start, storage.utf16Length))
            {
                _ = manager.textLayoutFragment(for: location)
            }
            expectContiguousLines(manager, storage, "\(tag) step \(step)")
            #expect(manager.layoutFailures == [])
            if step % 8 == 7 {
                manager.ensureLayoutForEntireDocument()
                #expect(
                    allFragments(manager).allSatisfy { $0.lineSections?.junctions.isEmpty ?? true },
                    "\(tag) step \(step)")
                #expect(
                    firstDifference(manager, layout(storage.string, sectioned: false).1) == nil, "\(tag) step \(step)")
            }
        }
    }

    /// Several edits far apart between two layouts (several carets, a find and replace): each is
    /// laid out as a keystroke is, the text between them neither shaped nor broken again (it was
    /// all shaped again, as one edit covering them); the lines are still the whole paragraph's.
    @Test(arguments: ["en", "ar_Arab", "mixed"])
    func editsFarApartAreLaidOutEachOnItsOwn(tag: String) throws {
        let (storage, manager) = layout(Self.paragraph(tag, length: 12_000, seed: 21), sectioned: true)
        func shaping(at offset: Int) throws -> ShapedParagraph {
            let sections = try #require(manager.textLayoutFragment(for: storage.location(at: 0))?.lineSections)
            return sections.line(at: sections.lineIndex(reaching: offset)).section.shaped
        }
        let middle = try shaping(at: 6_000)
        for offset in [11_000, 1_000] {
            try storage.replaceContents(in: storage.textRange(avoidingSurrogateSplits: offset ..< offset), with: "x")
        }
        #expect(try shaping(at: 6_000) === middle)
        expectContiguousLines(manager, storage, "\(tag): two edits")

        var random = SplitMix64(seed: 23)
        let typed = ["a", " ", "", "ك", "😀", "word "]
        for step in 0 ..< 16 {
            let length = storage.utf16Length
            let offsets = (0 ..< Int.random(in: 2 ... 5, using: &random)).map { _ in
                Int.random(in: 0 ... length, using: &random)
            }.sorted()
            // The last first, so that the others' offsets still hold.
            for offset in offsets.reversed() {
                let end = min(length, offset + Int.random(in: 0 ... 2, using: &random))
                try storage.replaceContents(
                    in: storage.textRange(avoidingSurrogateSplits: offset ..< end),
                    with: typed.randomElement(using: &random)!)
            }
            _ = manager.textLayoutFragment(for: storage.location(at: 0))
            expectContiguousLines(manager, storage, "\(tag) step \(step)")
            #expect(manager.layoutFailures == [])
            if step % 4 == 3 {
                manager.ensureLayoutForEntireDocument()
                #expect(
                    firstDifference(manager, layout(storage.string, sectioned: false).1) == nil, "\(tag) step \(step)")
            }
        }
    }

    @Test func typingIntoUniformTextBreaksFewLinesAndTheViewportReflowsTheRest() throws {
        // Every line holds the same words: a letter typed at the top moves every line below.
        let text = String(repeating: "word ", count: 4_000)
        let (storage, manager) = layout(text, sectioned: true)
        let lineCount = try #require(allFragments(manager).first).lineCount
        for index in 0 ..< 12 {
            try storage.replaceContents(in: storage.range(10 + index ..< 10 + index), with: index % 4 == 3 ? " " : "a")
            let fragment = try #require(manager.textLayoutFragment(for: storage.location(at: 10)))
            let sections = try #require(fragment.lineSections)
            // Broken again: a few lines; the others kept below a junction.
            #expect(sections.junctions.count == 1)
            let junction = try #require(sections.junctions.first.flatMap { sections.lineIndex(startingAt: $0) })
            #expect(junction < 2 + 2 + Self.policy.reflowLines + 4)
            #expect(abs(fragment.lineCount - lineCount) <= 2)
        }
        expectContiguousLines(manager, storage, "typed")
        // A viewport over the junction breaks the lines it shows again.
        let view = ViewportHost(size: CGSize(width: 331, height: 300))
        manager.textViewportLayoutController.delegate = view
        manager.textViewportLayoutController.layoutViewport()
        let shown = try #require(manager.textViewportLayoutController.visibleFragments.first?.lineSections)
        let bottom = manager.textViewportLayoutController.viewportBounds.maxY
        if let junction = shown.junctions.first, let line = shown.lineIndex(startingAt: junction) {
            #expect(shown.lineBounds(at: line).minY >= bottom)
        }
        manager.ensureLayout(for: manager.documentRange)
        #expect(allFragments(manager).first?.lineSections?.junctions.isEmpty == true)
        #expect(firstDifference(manager, layout(storage.string, sectioned: false).1) == nil)
    }

    @Test func aBreakTypedIntoALongParagraphKeepsTheSectionsOfBothParts() throws {
        let text = Self.paragraph("en", length: 12_000)
        let (storage, manager) = layout(text, sectioned: true)
        let middle = storage.string.utf16.count / 2
        try storage.replaceContents(in: storage.range(middle ..< middle), with: "\n")
        manager.ensureLayoutForEntireDocument()
        let fragments = allFragments(manager)
        #expect(fragments.count == 2)
        #expect(fragments.allSatisfy { $0.lineSections != nil })
        expectContiguousLines(manager, storage, "split")
        #expect(firstDifference(manager, layout(storage.string, sectioned: false).1) == nil)
        // And joined again.
        try storage.replaceContents(in: storage.range(middle ..< middle + 1), with: "")
        manager.ensureLayoutForEntireDocument()
        #expect(allFragments(manager).count == 1)
        #expect(firstDifference(manager, layout(storage.string, sectioned: false).1) == nil)
    }
}

extension LongParagraphSectionTests {
    /// Forty short paragraphs of Thai, each numbered.
    static let shortParagraphs = (0 ..< 40).map { "Short paragraph \($0) " + MixedSamples.text("th_Thai") }.joined(
        separator: "\n")

    /// `text` in small sections with a kept-layout limit of 2,000 units, nothing laid out yet.
    private func keptLimitedLayout(_ text: String) -> (TextContentStorage, TextLayoutManager) {
        let storage = TextContentStorage(string: text)
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 331, height: 0)))
        manager.sectionPolicy = Self.policy
        manager.keptLayoutLimit = 2_000
        storage.addTextLayoutManager(manager)
        RetainedStorages.keep(storage)
        return (storage, manager)
    }

    @Test func theParagraphBeingEditedKeepsItsLayoutPastTheKeptLimit() throws {
        // A long paragraph with the caret in it, then short ones: reading the short ones (past
        // the kept limit) releases their layouts, never the long one's (laying it out again is
        // what typing in it must not cost).
        let long = Self.paragraph("he_Hebr", length: 8_000)
        let (storage, manager) = keptLimitedLayout(long + "\n" + Self.shortParagraphs)
        manager.textSelections = [TextSelection(storage.location(at: 4_000), affinity: .downstream)]
        _ = manager.textLayoutFragment(for: storage.location(at: 4_000))
        #expect(manager.layoutIndex.position(at: 0)?.entry.kept?.sections != nil)
        for ordinal in 1 ..< 41 { _ = manager.fragment(at: ordinal) }
        #expect(manager.layoutIndex.summary.keptUTF16 > manager.keptLayoutLimit)
        #expect(manager.layoutIndex.position(at: 0)?.entry.kept?.sections != nil)
        // Without a caret there, it goes like any other (the short ones laid out again release it).
        manager.textSelections = [TextSelection(storage.location(at: storage.utf16Length), affinity: .downstream)]
        manager.invalidateLayout(for: storage.range(long.utf16.count + 1 ..< storage.utf16Length))
        for ordinal in 1 ..< 41 { _ = manager.fragment(at: ordinal) }
        #expect(manager.layoutIndex.position(at: 0)?.entry.kept == nil)
    }

    @Test func theLongParagraphsTheViewportShowsKeepTheirLayoutsPastTheKeptLimit() throws {
        // Two long paragraphs meeting in the viewport (a break typed into a long one), the caret
        // in the second, short ones after: reading the short ones releases their layouts, never
        // that of the first long one, which the viewport shows (laying it out again would cost
        // the next keystroke what a whole long paragraph costs).
        let (storage, manager) = keptLimitedLayout(
            Self.paragraph("ar_Arab", length: 8_000) + "\n" + Self.paragraph("kn_Knda", length: 8_000)
                + "\n" + Self.shortParagraphs)
        let second = try #require(Array(storage.string.utf16).firstIndex(of: 0x0A)) + 1
        manager.textSelections = [TextSelection(storage.location(at: second + 10), affinity: .downstream)]
        let view = MovableViewportHost(size: CGSize(width: 331, height: 240))
        manager.textViewportLayoutController.delegate = view
        view.origin.y = manager.textViewportLayoutController.relocateViewport(to: storage.location(at: second - 200))
        manager.textViewportLayoutController.layoutViewport()
        #expect(manager.textViewportLayoutController.visibleFragments.count == 2)
        for ordinal in 2 ..< 42 { _ = manager.fragment(at: ordinal) }
        #expect(manager.layoutIndex.summary.keptUTF16 > manager.keptLayoutLimit)
        #expect(manager.layoutIndex.position(at: 0)?.entry.kept?.sections != nil)
        #expect(manager.layoutIndex.position(at: 1)?.entry.kept?.sections != nil)
        // Scrolled away from them, the first goes like any other.
        view.origin.y = manager.textViewportLayoutController.relocateViewport(
            to: storage.location(at: storage.utf16Length))
        manager.textViewportLayoutController.layoutViewport()
        manager.invalidateLayout(for: storage.range(second + 9_000 ..< storage.utf16Length))
        for ordinal in 2 ..< 42 { _ = manager.fragment(at: ordinal) }
        #expect(manager.layoutIndex.position(at: 0)?.entry.kept == nil)
    }

    @Test(arguments: [("he_Hebr", true), ("ar_Arab", true), ("en", false), ("kn_Knda", false)])
    func theDirectionOfALongParagraphIsItsFirstLettersEvenFarIn(tag: String, rightToLeft: Bool) throws {
        // Digits, spaces and punctuation first (no direction of their own), the letters after.
        let text = String(repeating: "1234 - 5678, ", count: 400) + Self.paragraph(tag, length: 6_000)
        let (_, manager) = layout(text, sectioned: true)
        let fragment = try #require(allFragments(manager).first)
        #expect(fragment.lineSections?.isRightToLeft == rightToLeft)
        #expect(firstDifference(manager, layout(text, sectioned: false).1) == nil)
    }
}

extension LongParagraphSectionTests {
    /// A letter typed at the start of a long paragraph that turns its direction (a Latin letter
    /// before Arabic, or deleting it again) changes every line; like any keystroke it breaks a
    /// few lines again, in the new direction, and keeps the rest, in the old one, behind a
    /// junction that the viewport breaks through when it reaches it. No line of the new
    /// direction is joined to old ones or laid out in their shapings.
    @Test(arguments: [("ar_Arab", "a"), ("he_Hebr", "a"), ("en", "ك")])
    func aKeystrokeThatTurnsALongParagraphBreaksFewLinesAndTheViewportTheRest(tag: String, letter: String) throws {
        let text = Self.paragraph(tag, length: 12_000)
        let (storage, manager) = layout(text, sectioned: true)
        let wasRightToLeft = try #require(allFragments(manager).first?.lineSections).isRightToLeft
        let lineCount = try #require(allFragments(manager).first).lineCount
        for (step, edit) in [
            (0 ..< 0, letter), (0 ..< 1, ""), (0 ..< 0, letter + " "), (6_000 ..< 6_000, "x"), (0 ..< 2, ""),
        ].enumerated() {
            try storage.replaceContents(in: storage.range(edit.0), with: edit.1)
            let isRightToLeft = storage.string.hasPrefix(letter) ? !wasRightToLeft : wasRightToLeft
            let fragment = try #require(manager.textLayoutFragment(for: storage.location(at: 0)))
            let sections = try #require(fragment.lineSections)
            #expect(sections.isRightToLeft == isRightToLeft, "step \(step)")
            expectContiguousLines(manager, storage, "\(tag) step \(step)")
            #expect(abs(fragment.lineCount - lineCount) <= 12, "step \(step)")
            // The lines before the first junction are the paragraph's direction, and few after a
            // turn (none when the lines broken again meet old ones of that direction).
            let junction = sections.junctions.first.flatMap { sections.lineIndex(startingAt: $0) }
            #expect(
                (0 ..< (junction ?? sections.lineCount)).allSatisfy {
                    sections.line(at: $0).section.isRightToLeft == isRightToLeft
                }, "step \(step)")
            if step == 0 || step == 2 {
                #expect((junction ?? .max) < 2 + 2 + Self.policy.reflowLines + 4, "step \(step)")
            }
            // Lines of the other direction lie below a junction: each stretch of them starts at a
            // junction line or right after one.
            let junctionLines = Set(sections.junctions.compactMap { sections.lineIndex(startingAt: $0) })
            #expect(junctionLines.count == sections.junctions.count, "step \(step): a junction that is no line's start")
            for index in 0 ..< sections.lineCount
            where sections.line(at: index).section.isRightToLeft != isRightToLeft
                && (index == 0 || sections.line(at: index - 1).section.isRightToLeft == isRightToLeft)
            {
                #expect(
                    junctionLines.contains(index) || junctionLines.contains(index - 1),
                    "step \(step): line \(index) is not behind a junction")
            }
        }
        // A viewport shows lines of the paragraph's direction only, broken as a fresh layout breaks them.
        let view = ViewportHost(size: CGSize(width: 331, height: 300))
        manager.textViewportLayoutController.delegate = view
        manager.textViewportLayoutController.layoutViewport()
        let shown = try #require(manager.textViewportLayoutController.visibleFragments.first?.lineSections)
        let bottom = manager.textViewportLayoutController.viewportBounds.maxY
        for index in 0 ..< shown.lineCount where shown.lineBounds(at: index).minY < bottom {
            #expect(shown.line(at: index).section.isRightToLeft == wasRightToLeft, "shown line \(index)")
        }
        manager.ensureLayout(for: manager.documentRange)
        let laidOut = try #require(allFragments(manager).first?.lineSections)
        #expect(laidOut.junctions.isEmpty)
        #expect(laidOut.sections.allSatisfy { $0.isRightToLeft == wasRightToLeft })
        #expect(firstDifference(manager, layout(storage.string, sectioned: false).1) == nil)
    }
}

extension LongParagraphSectionTests {
    /// After a turn, keystrokes near the start break lines again down to the old direction's
    /// lines and no farther: those are the viewport's to break when it shows them, each a
    /// fresh shaping (96 lines of them a keystroke was what made typing after a turn slow).
    @Test func keystrokesAfterATurnLeaveTheOldDirectionsLinesToTheViewport() throws {
        let (storage, manager) = layout(String(repeating: "كتاب ", count: 2_400), sectioned: true)
        // A viewport a few lines tall: fewer than an edit breaks again (`reflowLines`).
        let view = MovableViewportHost(size: CGSize(width: 331, height: 30))
        manager.textViewportLayoutController.delegate = view
        func firstLineOfTheOldDirection() throws -> Int? {
            let sections = try #require(manager.textLayoutFragment(for: storage.location(at: 0))?.lineSections)
            #expect(!sections.isRightToLeft)
            return (0 ..< sections.lineCount).first { sections.line(at: $0).section.isRightToLeft }
        }
        try storage.replaceContents(in: storage.range(0 ..< 0), with: "a")
        manager.textViewportLayoutController.layoutViewport()
        let shown = try #require(try firstLineOfTheOldDirection())
        #expect(shown < Self.policy.reflowLines)
        for index in 1 ... 6 {
            try storage.replaceContents(in: storage.range(index ..< index), with: index % 3 == 0 ? " " : "b")
            let first = try #require(try firstLineOfTheOldDirection())
            #expect(first <= shown + 2, "keystroke \(index)")
        }
        manager.ensureLayoutForEntireDocument()
        #expect(try firstLineOfTheOldDirection() == nil)
        #expect(firstDifference(manager, layout(storage.string, sectioned: false).1) == nil)
    }

    /// Random keystrokes at the start of a long paragraph (letters of either direction, spaces,
    /// deletions) and elsewhere, the viewport moved to a random place after each: every line
    /// it shows, and every line above them, is the line a fresh layout of the text has there.
    @Test(arguments: [("ar_Arab", UInt64(41)), ("en", 42), ("mixed", 43)])
    func aViewportAfterKeystrokesThatTurnALongParagraphShowsFreshLines(tag: String, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let (storage, manager) = layout(Self.paragraph(tag, length: 9_000, seed: seed), sectioned: true)
        let view = MovableViewportHost(size: CGSize(width: 331, height: 240))
        manager.textViewportLayoutController.delegate = view
        for step in 0 ..< 24 {
            let length = storage.utf16Length
            let nearStart = Int.random(in: 0 ..< 3, using: &random) > 0
            let start =
                nearStart
                ? Int.random(in: 0 ... min(3, length), using: &random) : Int.random(in: 0 ... length, using: &random)
            let end = Int.random(in: 0 ..< 3, using: &random) == 0 ? min(length, start + 1) : start
            let typed = ["a", "ك", "א", " ", "", "1"].randomElement(using: &random)!
            try storage.replaceContents(in: storage.textRange(avoidingSurrogateSplits: start ..< end), with: typed)
            _ = manager.textLayoutFragment(for: storage.location(at: 0))
            // Scrolled to a random line, as a scroll bar dragged far does.
            let controller = manager.textViewportLayoutController
            view.origin.y = controller.relocateViewport(
                to: storage.location(at: Int.random(in: 0 ... storage.utf16Length, using: &random)))
            controller.layoutViewport()
            let fragment = try #require(
                manager.textViewportLayoutController.visibleFragments.first { $0.lineSections != nil })
            let fresh = try #require(lines(layout(storage.string, sectioned: false).1).first)
            let bottom = manager.textViewportLayoutController.viewportBounds.maxY - fragment.layoutFragmentFrame.minY
            for index in 0 ..< fragment.lineCount where fragment.lineBounds(at: index).minY < bottom {
                let line = fragment.textLineFragment(at: index)
                let shown = LineSummary(
                    range: line.characterRange, bounds: line.typographicBounds, glyphOrigin: line.glyphOrigin,
                    baseline: line.baseline)
                guard index < fresh.count, LineSummary.same(shown, fresh[index]) else {
                    Issue.record(
                        Comment(
                            rawValue: "\(tag) step \(step): line \(index) \(shown) is not the fresh layout's "
                                + "\(index < fresh.count ? "\(fresh[index])" : "(none)")")
                    )
                    break
                }
            }
        }
        manager.ensureLayoutForEntireDocument()
        #expect(firstDifference(manager, layout(storage.string, sectioned: false).1) == nil)
    }
}

/// A view of a fixed size whose top can be moved.
private final class MovableViewportHost: TextViewportLayoutControllerDelegate {
    let size: CGSize
    var origin = CGPoint.zero
    init(size: CGSize) { self.size = size }
    func viewportBounds(for controller: TextViewportLayoutController) -> CGRect { CGRect(origin: origin, size: size) }
    func textViewportLayoutController(
        _ controller: TextViewportLayoutController, configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
    ) {}
}

extension LongParagraphSectionTests {
    @Test(arguments: [true, false])
    func aFragmentDrawsOnlyTheLinesItsContextShows(sectioned: Bool) throws {
        let (_, manager) = layout(Self.paragraph("kn_Knda", length: 12_000), sectioned: sectioned)
        let fragment = try #require(allFragments(manager).first)
        #expect(fragment.lineCount > 100)
        let context = LineRecorder()
        fragment.draw(at: CGPoint(x: 10, y: 1_000), in: context)
        #expect(context.lines.count == fragment.lineCount)
        // A window 150 points tall over the middle of the paragraph: its lines and one more
        // line's height either side (ink can overflow a line), in order.
        let middle = fragment.layoutFragmentFrame.height / 2
        context.lines = []
        context.visibleBounds = CGRect(x: 0, y: 1_000 + middle, width: 400, height: 150)
        fragment.draw(at: CGPoint(x: 10, y: 1_000), in: context)
        let drawn = context.lines.map { $0.location }
        #expect(drawn == drawn.sorted())
        #expect(context.lines.count >= 150 / 16 && context.lines.count <= 150 / 14 + 4)
        for index in 0 ..< fragment.lineCount {
            let bounds = fragment.lineBounds(at: index).offsetBy(dx: 10, dy: 1_000)
            let reaches = bounds.insetBy(dx: 0, dy: -bounds.height).intersects(context.visibleBounds!)
            #expect(reaches == drawn.contains(fragment.lineRange(at: index).lowerBound), "line \(index)")
        }
    }
}

/// Records the lines a fragment draws, showing `visibleBounds`.
private final class LineRecorder: TextDrawingContext {
    var lines: [NSRange] = []
    var visibleBounds: CGRect?
    func drawLine(_ line: TextLineFragment, at point: CGPoint) { lines.append(line.characterRange) }
    func fill(_ rect: CGRect, color: TextColor) {}
    func fill(_ rect: CGRect, cornerRadius: CGFloat, color: TextColor) {}
    func stroke(_ rect: CGRect, color: TextColor, width: CGFloat, dash: [Double]) {}
    func translate(by offset: CGPoint) {}
    func withSavedState<Result>(_ body: () throws -> Result) rethrows -> Result { try body() }
}

/// A view of a fixed size at the top of the document.
private final class ViewportHost: TextViewportLayoutControllerDelegate {
    let size: CGSize
    init(size: CGSize) { self.size = size }
    func viewportBounds(for controller: TextViewportLayoutController) -> CGRect { CGRect(origin: .zero, size: size) }
    func textViewportLayoutController(
        _ controller: TextViewportLayoutController, configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
    ) {}
}

extension LongParagraphSectionTests {
    /// The cluster, word and sentence around an offset of a long paragraph, read from the text
    /// around it: the same read from the UTF-16 of plain text and from a slice of an
    /// AttributedString (the same paragraph with an attribute), and the clusters those of the
    /// whole text as Swift segments it.
    @Test(arguments: ["mixed", "kn_Knda", "th_Thai", "emoji", "ar_Arab", "en"])
    func unitsAroundAnOffsetOfALongParagraphAreThoseOfTheWholeText(tag: String) throws {
        // Flags, a family, combining marks and CRLF-free text, long enough to be read in stretches.
        var text = Self.paragraph(tag, length: 9_000, seed: 21)
        text += " 🇫🇷🇩🇪🇯🇵 e\u{301}\u{302}\u{303} 👩‍👩‍👧 ಕ್ಷ " + Self.paragraph(tag, length: 3_000, seed: 22) + "."
        let plain = TextContentStorage(string: text)
        var attributed = AttributedString(text)
        attributed[attributed.startIndex ..< attributed.index(afterCharacter: attributed.startIndex)].kern = 0.5
        let whole = TextContentStorage(attributedString: attributed)
        let managers = [plain, whole].map { storage in
            let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 331, height: 0)))
            storage.addTextLayoutManager(manager)
            RetainedStorages.keep(storage)
            return manager
        }
        var random = SplitMix64(seed: 4)
        let length = text.utf16.count
        var offsets = (0 ..< 300).map { _ in Int.random(in: 0 ... length, using: &random) }
        offsets += [0, 1, length - 1, length] + (9_000 ..< 9_060).map { $0 }
        // Swift's clusters of the whole text, as UTF-16 ranges.
        var clusters: [Range<Int>] = []
        var clusterStart = 0
        for character in text {
            clusters.append(clusterStart ..< clusterStart + character.utf16.count)
            clusterStart += character.utf16.count
        }
        for offset in offsets {
            let cluster = clusters.first { $0.contains(offset) } ?? clusters[clusters.count - 1]
            #expect(managers[0].enclosingSegment(.character, at: offset) == cluster, "cluster at \(offset)")
            for granularity in [TextSelection.Granularity.character, .word, .sentence] {
                #expect(
                    managers[0].enclosingSegment(granularity, at: offset)
                        == managers[1].enclosingSegment(granularity, at: offset),
                    "\(granularity) at \(offset)")
            }
        }
        // Moving by units from an offset (what word moves and deletions walk): the same units.
        func units(
            _ manager: TextLayoutManager, _ kind: TextUnitKind, from offset: Int, reverse: Bool, count: Int
        ) -> [Range<Int>] {
            var found: [Range<Int>] = []
            manager.forEachSegment(of: kind, from: offset, reverse: reverse) { segment in
                found.append(segment.range)
                return found.count < count
            }
            return found
        }
        for offset in offsets.prefix(60) {
            for kind in [TextUnitKind.composedCharacter, .word, .sentence] {
                for reverse in [false, true] {
                    let count = kind == .sentence ? 3 : 40
                    #expect(
                        units(managers[0], kind, from: offset, reverse: reverse, count: count)
                            == units(managers[1], kind, from: offset, reverse: reverse, count: count),
                        "\(kind) from \(offset) reverse \(reverse)")
                }
            }
        }
    }
}

extension LongParagraphSectionTests {
    /// A long paragraph with attributes: runs in bold, in another language, with kern, and a
    /// paragraph style (indents, spacing, justification, line height) in either direction.
    static func attributedParagraph(_ tag: String, length: Int, seed: UInt64) -> AttributedString {
        let words = paragraph(tag, length: length, seed: seed).split(separator: " ").map(String.init)
        var text = AttributedString()
        for (index, word) in words.enumerated() {
            if index > 0 { text += AttributedString(" ") }
            var piece = AttributedString(word)
            switch index % 7 {
            case 2: piece.font = FontDescriptor(family: "DejaVu Sans", size: 13, weight: .bold)
            case 4: piece.kern = 0.7
            case 5: piece.font = FontDescriptor(family: "DejaVu Serif", size: 15)
            default: break
            }
            text += piece
        }
        text.paragraphStyle = ParagraphStyle(
            alignment: .justified, lineHeight: .multiple(factor: 1.2), paragraphSpacingBefore: 6,
            paragraphSpacing: 10, headIndent: 12, tailIndent: -8, firstLineHeadIndent: 30)
        return text
    }

    private func layout(_ text: AttributedString, sectioned: Bool) -> (TextContentStorage, TextLayoutManager) {
        let storage = TextContentStorage(attributedString: text)
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 331, height: 0)))
        if sectioned { manager.sectionPolicy = Self.policy }
        manager.recordLayoutFailures()
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        RetainedStorages.keep(storage)
        return (storage, manager)
    }

    @Test(arguments: ["en", "ar_Arab", "kn_Knda", "mixed"])
    func aLongParagraphWithAttributesInSectionsHasTheLinesOfTheWholeParagraph(tag: String) throws {
        let text = Self.attributedParagraph(tag, length: 9_000, seed: 8)
        let (storage, sectioned) = layout(text, sectioned: true)
        let whole = layout(text, sectioned: false).1
        let sections = try #require(allFragments(sectioned).first?.lineSections)
        #expect(sections.sections.count >= 4)
        #expect(firstDifference(sectioned, whole) == nil)
        let frames = [sectioned, whole].map { allFragments($0).first?.layoutFragmentFrame ?? .null }
        #expect(abs(frames[0].height - frames[1].height) < 0.001 && frames[0].minY == frames[1].minY)
        // Edits, then the lines of a fresh layout once every junction is broken through.
        var random = SplitMix64(seed: 3)
        for step in 0 ..< 24 {
            let length = storage.utf16Length
            let start = Int.random(in: 0 ... length, using: &random)
            let end = min(length, start + (step % 3 == 0 ? Int.random(in: 1 ... 20, using: &random) : 0))
            try storage.replaceContents(
                in: storage.textRange(avoidingSurrogateSplits: start ..< end),
                with: ["a", " ", "word ", "ك", ""][step % 5])
            if let location = storage.location(
                storage.documentRange.location, offsetBy: min(start, storage.utf16Length))
            {
                _ = sectioned.textLayoutFragment(for: location)
            }
            expectContiguousLines(sectioned, storage, "\(tag) step \(step)")
        }
        sectioned.ensureLayoutForEntireDocument()
        #expect(firstDifference(sectioned, layout(storage.attributedString, sectioned: false).1) == nil)
    }
}
