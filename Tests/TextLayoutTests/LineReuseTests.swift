import Foundation
import Synchronization
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// A fragment kind with paddings and margins (the seed's chat bubble's shape).
private final class InsetFragment: TextLayoutFragment, @unchecked Sendable {
    override var leadingPadding: CGFloat { 14 }
    override var trailingPadding: CGFloat { 22 }
    override var topMargin: CGFloat { 5 }
    override var bottomMargin: CGFloat { 9 }
}

private final class InsetDelegate: TextLayoutManagerDelegate, Sendable {
    func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
        in textElement: TextParagraph
    ) -> TextLayoutFragment {
        InsetFragment(textElement: textElement, range: textElement.elementRange)
    }
}

/// After an edit inside a long paragraph, layout breaks only the lines around the edit and keeps
/// the others (moved); the lines are always those of laying the text out afresh.
@Suite struct LineReuseTests {
    /// A long left-to-right paragraph of English with words of other left-to-right scripts in it,
    /// each tagged with its language (an attribute run of its own, in its own fonts). Edits in the
    /// English runs reshape a few words; edits beside or in the others shape the run afresh.
    private static func longParagraph(words: Int) -> AttributedString {
        let others: [(word: String, language: String)] =
            [("th_Thai", "th"), ("kn_Knda", "kn"), ("hi_Deva", "hi"), ("ja_Jpan", "ja")]
            .compactMap { tag, language in
                MixedSamples.all.first { $0.tag == tag }.map {
                    (String($0.text.split(separator: " ").first ?? ""), language)
                }
            } + [("👩‍👩‍👧", "und")]
        var random = SplitMix64(seed: 11)
        let english = LayoutSamples.english.split(separator: " ").map(String.init)
        var text = AttributedString()
        for index in 0 ..< words {
            if index > 0 { text += AttributedString(" ") }
            if index % 41 == 40 {
                let other = others.randomElement(using: &random)!
                var word = AttributedString(other.word)
                word.languageIdentifier = other.language
                text += word
            } else {
                text += AttributedString(english.randomElement(using: &random)!)
            }
        }
        return text
    }

    enum Setting: CaseIterable, Sendable {
        case plain, styled, charWrapping, twoParagraphs, insetFragments

        var style: ParagraphStyle? {
            switch self {
            case .styled:
                ParagraphStyle(
                    alignment: .justified, lineHeight: .multiple(factor: 1.2), paragraphSpacingBefore: 6,
                    paragraphSpacing: 10,
                    headIndent: 12, tailIndent: -8, firstLineHeadIndent: 30)
            default: nil
            }
        }
    }

    /// Delegates are held weakly by their managers: kept here.
    private static let delegates = Mutex<[InsetDelegate]>([])

    private func layout(
        _ text: AttributedString, _ setting: Setting, width: CGFloat
    ) -> (TextContentStorage, TextLayoutManager) {
        var attributed = text
        if let style = setting.style { attributed.paragraphStyle = style }
        let storage = TextContentStorage(attributedString: attributed)
        var container = TextContainer(size: CGSize(width: width, height: 0))
        if setting == .charWrapping { container.lineBreakMode = .byCharWrapping }
        let manager = TextLayoutManager(textContainer: container)
        manager.recordLayoutFailures()
        if setting == .insetFragments {
            let delegate = InsetDelegate()
            manager.delegate = delegate
            Self.delegates.withLock { $0.append(delegate) }
        }
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        RetainedStorages.keep(storage)
        return (storage, manager)
    }

    @Test(arguments: Setting.allCases)
    func randomEditsInALongParagraphGiveTheLinesOfAFreshLayout(setting: Setting) throws {
        var random = SplitMix64(seed: 5)
        var text = Self.longParagraph(words: 700)
        if setting == .twoParagraphs {
            text = AttributedString("A short paragraph first.\n") + text + AttributedString("\nAnd one after.")
        }
        let width: CGFloat = setting == .charWrapping ? 237 : 311
        let (storage, manager) = layout(text, setting, width: width)
        let typed = ["a", "e", " ", "word ", "W", "  ", "longerwordthanmost", "\t", "\u{2028}", ""]
        // At the end, letters of other scripts typed into the English (which then reshapes afresh).
        let others = ["ก", "ಕ", "😀", "é"]
        var keptBeforeOthers = 0
        for step in 0 ..< 120 {
            if step == 90 { keptBeforeOthers = manager.linesKeptAcrossEdits }
            let length = storage.utf16Length
            let start = Int.random(in: 0 ... length, using: &random)
            let end = min(
                length,
                start + (Int.random(in: 0 ... 3, using: &random) == 0 ? Int.random(in: 1 ... 12, using: &random) : 0))
            let replacement = step < 90 ? typed.randomElement(using: &random)! : others.randomElement(using: &random)!
            try storage.replaceContents(
                in: storage.textRange(avoidingSurrogateSplits: start ..< end), with: replacement)
            // As a view asks after typing: the edited paragraph alone, sometimes twice edited first.
            if step % 4 != 3,
                let location = storage.location(
                    storage.documentRange.location, offsetBy: min(start, storage.utf16Length))
            {
                _ = manager.textLayoutFragment(for: location)
            }
            let fresh = layout(storage.attributedString, setting, width: width)
            #expect(lines(manager) == lines(fresh.1), "step \(step)")
            #expect(manager.layoutFailures == [])
        }
        // Most edits kept most lines.
        #expect(keptBeforeOthers > 90 * 20)
    }

    @Test func typingInTheMiddleOfALongParagraphBreaksOnlyTheLinesAroundIt() throws {
        let text = Self.longParagraph(words: 3_000)
        let (storage, manager) = layout(text, .plain, width: 400)
        let lineCount = try #require(allFragments(manager).first).lineCount
        #expect(lineCount > 150)
        // The start of a word of English near the middle.
        let units = Array(storage.string.utf16)
        var offset = units.count / 2
        while offset > 0, units[offset - 1] != 0x20 || units[offset] > 0x7F { offset -= 1 }
        var broken = 0
        let typed = "typed words "
        for (index, letter) in typed.enumerated() {
            let before = manager.linesKeptAcrossEdits
            try storage.replaceContents(in: storage.range(offset + index ..< offset + index), with: String(letter))
            let fragment = try #require(manager.textLayoutFragment(for: storage.location(at: offset + index)))
            // The lines around the edit are broken again: as many as a word pushed from line to
            // line takes to find room (greedy breaking), mostly a few.
            let kept = manager.linesKeptAcrossEdits - before
            #expect(kept >= fragment.lineCount / 2, "after \(index + 1) letters")
            broken += fragment.lineCount - kept
        }
        #expect(broken < typed.count * 15)
        let fresh = layout(storage.attributedString, .plain, width: 400)
        #expect(lines(manager) == lines(fresh.1))
    }

    @Test func aNewWidthAfterAnEditBreaksEveryLineAgain() throws {
        let text = Self.longParagraph(words: 800)
        let (storage, manager) = layout(text, .plain, width: 400)
        try storage.replaceContents(in: storage.range(100 ..< 100), with: "x")
        manager.textContainer.size = CGSize(width: 250, height: 0)
        manager.ensureLayoutForEntireDocument()
        let fresh = layout(storage.attributedString, .plain, width: 250)
        #expect(lines(manager) == lines(fresh.1))
    }
}
