import Foundation
import Testing
import TestFixtures
import TextContent
@_spi(Rendering) @testable import TextLayout

/// A fragment kind that reserves room around its lines.
private final class PaddedFragment: TextLayoutFragment, @unchecked Sendable {
    override var leadingPadding: CGFloat { 20 }
    override var trailingPadding: CGFloat { 30 }
    override var topMargin: CGFloat { 7 }
    override var bottomMargin: CGFloat { 11 }
}

/// Gives every paragraph (or those `selects` picks) a `PaddedFragment`, the TextKit way.
private final class PaddingDelegate: TextLayoutManagerDelegate {
    let selects: (TextParagraph) -> Bool
    private(set) var asked = 0
    init(selects: @escaping (TextParagraph) -> Bool = { _ in true }) { self.selects = selects }
    func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
        in textElement: TextParagraph
    ) -> TextLayoutFragment {
        asked += 1
        return selects(textElement)
            ? PaddedFragment(textElement: textElement, range: textElement.elementRange)
            : TextLayoutFragment(textElement: textElement, range: textElement.elementRange)
    }
}

/// Fragment subclasses as TextKit has them: returned by the delegate before layout, laid out
/// with their paddings and margins, with back-references to their layout manager.
@Suite struct FragmentSubclassTests {
    /// The same text laid out twice, plain and with every paragraph a `PaddedFragment`.
    private static func both(
        _ text: String, width: CGFloat = 300
    ) -> (
        plain: [TextLayoutFragment], padded: [TextLayoutFragment], plainManager: TextLayoutManager,
        paddedManager: TextLayoutManager
    ) {
        let (_, plain) = makeLayout(text, width: width)
        let storage = TextContentStorage(string: text)
        RetainedStorages.keep(storage)
        let padded = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: width, height: 0)))
        let delegate = PaddingDelegate()
        padded.delegate = delegate
        storage.addTextLayoutManager(padded)
        padded.ensureLayoutForEntireDocument()
        let fragments = allFragments(padded)
        withExtendedLifetime(delegate) {}
        return (allFragments(plain), fragments, plain, padded)
    }

    @Test func paddingsAndMarginsMoveTheLinesAndGrowTheFrames() throws {
        let samples =
            [("en", LayoutSamples.english)]
            + ["ar_Arab", "he_Hebr", "th_Thai", "kn_Knda"].map { ($0, MixedSamples.text($0)) }
        for (tag, sample) in samples {
            let text = sample + "\n" + sample
            let (plain, padded, plainManager, paddedManager) = Self.both(text)
            #expect(plain.count == 2 && padded.count == 2, "\(tag)")
            for fragment in padded {
                #expect(fragment is PaddedFragment, "\(tag)")
                #expect(fragment.state == .layoutAvailable, "\(tag)")
                #expect(fragment.textLayoutManager === paddedManager, "\(tag)")
            }
            let rightToLeft = tag == "ar_Arab" || tag == "he_Hebr"
            for (before, after) in zip(plain, padded) {
                let first = try #require(after.textLineFragments.first),
                    plainFirst = try #require(before.textLineFragments.first)
                // The first line starts below the top margin.
                #expect(abs(first.typographicBounds.minY - plainFirst.typographicBounds.minY - 7) < 0.01, "\(tag)")
                // Lines are inset by the paddings, on the paragraph's leading and trailing sides.
                for line in after.textLineFragments {
                    let (leftInset, rightInset): (CGFloat, CGFloat) = rightToLeft ? (30, 20) : (20, 30)
                    #expect(line.typographicBounds.minX >= 5 + leftInset - 0.01, "\(tag) \(line.typographicBounds)")
                    #expect(
                        line.typographicBounds.maxX <= 300 - 5 - rightInset + 0.01, "\(tag) \(line.typographicBounds)")
                }
                // Narrower lines: at least as many of them; the frame holds both margins.
                #expect(after.textLineFragments.count >= before.textLineFragments.count, "\(tag)")
                let lastLine = try #require(after.textLineFragments.last)
                #expect(abs(after.layoutFragmentFrame.height - (lastLine.typographicBounds.maxY + 11)) < 0.01, "\(tag)")
                #expect(after.renderingSurfaceBounds.height >= after.layoutFragmentFrame.height - 0.01, "\(tag)")
            }
            // The second paragraph starts where the first (margins included) ends.
            #expect(abs(padded[1].layoutFragmentFrame.minY - padded[0].layoutFragmentFrame.maxY) < 0.01, "\(tag)")
            // The document is taller by the margins at least.
            #expect(
                paddedManager.usageBoundsForTextContainer.height >= plainManager.usageBoundsForTextContainer.height + 2
                    * 18 - 0.01, "\(tag)")
        }
    }

    @Test func onlyTheParagraphsTheDelegatePicksAreCustom() throws {
        let storage = TextContentStorage(string: "> first message\nplain text\n> second message")
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0)))
        let delegate = PaddingDelegate { $0.attributedString.characters.starts(with: "> ") }
        manager.delegate = delegate
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        let fragments = allFragments(manager)
        #expect(fragments.map { $0 is PaddedFragment } == [true, false, true])
        #expect(fragments[1].textLineFragments.first?.typographicBounds.minY == 0)
        #expect(fragments[2].textLineFragments.first?.typographicBounds.minY == 7)
        #expect(delegate.asked >= 3)
        // An edit above moves the custom fragments below: they stay custom, with their layout.
        try storage.replaceContents(in: storage.range(16 ..< 16), with: "x")
        let moved = allFragments(manager)
        #expect(moved.map { $0 is PaddedFragment } == [true, false, true])
        #expect(moved[2].textLineFragments.first?.typographicBounds.minY == 7)
        #expect(abs(moved[2].layoutFragmentFrame.minY - moved[1].layoutFragmentFrame.maxY) < 0.01)
    }

    @Test func aFragmentKnowsItsManagerAndInvalidatesItsLayout() throws {
        let text = "Hello world\nمرحبا بالعالم\nשלום עולם\nสวัสดีชาวโลก"
        let (storage, manager) = makeLayout(text)
        for offset in [0, 13, 27, 37] {
            let fragment = try #require(manager.textLayoutFragment(for: storage.location(at: offset)))
            #expect(fragment.textLayoutManager === manager)
            // Laid out again only after invalidating it: then a fresh fragment, the same layout.
            #expect(manager.textLayoutFragment(for: storage.location(at: offset)) === fragment)
            fragment.invalidateLayout()
            let fresh = try #require(manager.textLayoutFragment(for: storage.location(at: offset)))
            #expect(fresh !== fragment)
            #expect(fresh.layoutFragmentFrame == fragment.layoutFragmentFrame)
            #expect(fresh.textLineFragments.map(\.characterRange) == fragment.textLineFragments.map(\.characterRange))
            #expect(fresh.renderingSurfaceKey != fragment.renderingSurfaceKey)
        }
        // Estimated fragments know their manager too; a fragment made by hand has none.
        var estimated: TextLayoutFragment?
        manager.invalidateLayout()
        manager.enumerateTextLayoutFragments(from: nil, options: .estimatesSize) {
            estimated = $0; return false
        }
        #expect(estimated?.textLayoutManager === manager)
        let paragraph = try #require(storage.textParagraph(atIndex: 0))
        let loose = TextLayoutFragment(textElement: paragraph, range: paragraph.elementRange)
        #expect(loose.textLayoutManager == nil && loose.state == .none && loose.textLineFragments.isEmpty)
        loose.invalidateLayout() // nothing to ask: no trap
    }

    @Test func invalidatingACustomFragmentMakesANewOneOfItsKind() throws {
        let storage = TextContentStorage(string: "> مرحبا\n> שלום\nplain")
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0)))
        let delegate = PaddingDelegate { $0.attributedString.characters.starts(with: "> ") }
        manager.delegate = delegate
        storage.addTextLayoutManager(manager)
        let first = try #require(manager.textLayoutFragment(for: storage.location(at: 0)))
        #expect(first is PaddedFragment)
        first.invalidateLayout()
        let again = try #require(manager.textLayoutFragment(for: storage.location(at: 0)))
        #expect(again is PaddedFragment && again !== first)
        #expect(again.textLineFragments.first?.typographicBounds.minY == 7)
    }

    @Test func aFragmentHandedOutIsNeverLaidOutAgain() throws {
        final class Reusing: TextLayoutManagerDelegate {
            var made: PaddedFragment?
            func textLayoutManager(
                _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
                in textElement: TextParagraph
            ) -> TextLayoutFragment {
                if let made { return made }
                let fragment = PaddedFragment(textElement: textElement, range: textElement.elementRange)
                made = fragment
                return fragment
            }
        }
        let storage = TextContentStorage(string: "first\nמשפט שני\nthird")
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0)))
        let delegate = Reusing()
        manager.delegate = delegate
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        let fragments = allFragments(manager)
        // The first paragraph has the delegate's fragment; the others, offered the same one
        // again, get the engine's own, and the first keeps its layout.
        #expect(fragments.map { $0 is PaddedFragment } == [true, false, false])
        #expect(fragments[0] === delegate.made)
        #expect(fragments[0].textLineFragments.first?.characterRange == NSRange(location: 0, length: 6))
        #expect(fragments[1].textLineFragments.first?.characterRange == NSRange(location: 0, length: 9))
    }

    @Test func pagesLayTheProvidersFragmentsOut() throws {
        let long = Array(repeating: LayoutSamples.english, count: 6).joined(separator: " ")
        let storage = TextContentStorage(string: "Title\n" + long + "\n" + MixedSamples.text("ar_Arab"))
        let pages = TextPageLayout(
            textContentManager: storage, defaultFont: FontDescriptor(family: "DejaVu Sans", size: 13)
        ) { _ in
            TextContainer(size: CGSize(width: 300, height: 200))
        }
        pages.fragmentProvider = { paragraph in
            paragraph.attributedString.characters.starts(with: "Title")
                ? TextLayoutFragment(textElement: paragraph, range: nil)
                : PaddedFragment(textElement: paragraph, range: paragraph.elementRange)
        }
        var failures: [TextLayoutError] = []
        pages.layoutFailureHandler = { _, error in failures.append(error) }
        var pieces: [(page: Int, fragment: TextLayoutFragment)] = []
        let count = pages.enumeratePages { page in
            pieces += page.textLayoutFragments.map { (page.number, $0) }
            return true
        }
        #expect(count >= 3)
        #expect(pieces.first.map { $0.fragment is PaddedFragment } == false)
        let padded = pieces.filter { $0.fragment is PaddedFragment }
        #expect(padded.count == pieces.count - 1)
        // The long paragraph's pieces: the top margin on its first page only, the bottom one on
        // its last; every line inset by the paddings.
        let longPieces = padded.filter { $0.fragment.textElement.attributedString.characters.starts(with: "In the") }
        #expect(longPieces.count >= 2)
        for (index, piece) in longPieces.enumerated() {
            let lines = piece.fragment.textLineFragments
            let first = try #require(lines.first), last = try #require(lines.last)
            #expect(first.typographicBounds.minY == (index == 0 ? 7 : 0))
            let bottom = piece.fragment.layoutFragmentFrame.height - last.typographicBounds.maxY
            #expect(abs(bottom - (index == longPieces.count - 1 ? 11 : 0)) < 0.01)
            for line in lines {
                #expect(line.typographicBounds.minX >= 25 - 0.01 && line.typographicBounds.maxX <= 300 - 35 + 0.01)
            }
        }
        #expect(failures.isEmpty)
    }

    @Test func badPaddingsReserveNothing() throws {
        final class Wild: TextLayoutFragment, @unchecked Sendable {
            override var leadingPadding: CGFloat { .nan }
            override var trailingPadding: CGFloat { -40 }
            override var topMargin: CGFloat { .infinity }
            override var bottomMargin: CGFloat { -3 }
        }
        final class WildDelegate: TextLayoutManagerDelegate {
            func textLayoutManager(
                _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
                in textElement: TextParagraph
            ) -> TextLayoutFragment {
                Wild(textElement: textElement, range: textElement.elementRange)
            }
        }
        let (_, plain) = makeLayout("wild paddings")
        let storage = TextContentStorage(string: "wild paddings")
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0)))
        let delegate = WildDelegate()
        manager.delegate = delegate
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        let fragment = try #require(allFragments(manager).first)
        #expect(fragment is Wild)
        #expect(fragment.layoutFragmentFrame == allFragments(plain).first?.layoutFragmentFrame)
        #expect(manager.usageBoundsForTextContainer.height.isFinite)
    }
}
