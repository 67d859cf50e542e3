import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// The layout manager lays out only what it is asked for; every other paragraph has an estimated
/// height in the tree, and what it keeps stays within `keptLayoutLimit`.
@Suite struct NoncontiguousLayoutTests {
    /// 240 paragraphs: every script of the corpus, English, empty lines and a long paragraph.
    static let document: String = {
        let scripts = LayoutSamples.mixed.map(\.text)
        return (0 ..< 240).map { index -> String in
            switch index % 7 {
            case 0: return ""
            case 1: return String(repeating: LayoutSamples.english + " ", count: 3)
            default: return scripts.isEmpty ? LayoutSamples.english : scripts[index % scripts.count]
            }
        }.joined(separator: "\n")
    }()

    /// A storage and a manager that has laid nothing out.
    static func unlaid(_ text: String = document, width: CGFloat = 320) -> (TextContentStorage, TextLayoutManager) {
        let storage = TextContentStorage(string: text)
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: width, height: 0)))
        manager.recordLayoutFailures()
        storage.addTextLayoutManager(manager)
        return (storage, manager)
    }

    private struct Shape: Equatable {
        var frame: CGRect
        var element: NSRange
        var lines: [NSRange]
    }

    private static func shapes(_ manager: TextLayoutManager, _ storage: TextContentStorage) -> [Shape] {
        allFragments(manager).map { fragment in
            Shape(
                frame: fragment.layoutFragmentFrame, element: storage.nsRange(for: fragment.rangeInElement!),
                lines: fragment.textLineFragments.map(\.characterRange))
        }
    }

    private static func expectTiling(
        _ fragments: [TextLayoutFragment], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var y: CGFloat = 0
        for (index, fragment) in fragments.enumerated() {
            #expect(
                abs(fragment.layoutFragmentFrame.minY - y) < 1e-5,
                "fragment \(index) at \(fragment.layoutFragmentFrame.minY), expected \(y)",
                sourceLocation: sourceLocation)
            y = fragment.layoutFragmentFrame.maxY
        }
    }

    @Test func nothingIsLaidOutUntilAskedAndEstimatesTile() throws {
        let (storage, manager) = Self.unlaid()
        let bounds = manager.usageBoundsForTextContainer
        #expect(bounds.height > 0)
        #expect(!manager.isLayoutComplete)
        #expect(manager.keptLayoutUsage.paragraphs == 0)
        var estimated: [TextLayoutFragment] = []
        manager.enumerateTextLayoutFragments(from: nil, options: .estimatesSize) {
            estimated.append($0); return true
        }
        #expect(estimated.count == storage.paragraphCount)
        #expect(estimated.allSatisfy { $0.state == .estimatedUsageBounds && $0.textLineFragments.isEmpty })
        Self.expectTiling(estimated)
        #expect(abs((estimated.last?.layoutFragmentFrame.maxY ?? 0) - bounds.height) < 1e-5)
        // Enumerating estimates laid nothing out.
        #expect(manager.keptLayoutUsage.paragraphs == 0)
    }

    @Test func ensuringARangeLaysOutOnlyThatRange() throws {
        let (storage, manager) = Self.unlaid()
        let first = try #require(storage.textParagraph(atIndex: 100)?.elementRange)
        let last = try #require(storage.textParagraph(atIndex: 102)?.elementRange)
        manager.ensureLayout(for: TextRange(location: first.location, end: last.endLocation)!)
        var states: [TextLayoutFragment.State] = []
        var estimated: [TextLayoutFragment] = []
        manager.enumerateTextLayoutFragments(from: nil, options: .estimatesSize) {
            states.append($0.state); estimated.append($0); return true
        }
        let laidOut = states.indices.filter { states[$0] == .layoutAvailable }
        #expect(laidOut == [100, 101, 102])
        Self.expectTiling(estimated)

        // What it laid out is what a full layout gives, but for the position (the paragraphs
        // above are estimated).
        let (freshStorage, fresh) = Self.unlaid()
        let full = withExtendedLifetime(freshStorage) { allFragments(fresh) }
        for index in laidOut {
            #expect(estimated[index].layoutFragmentFrame.size == full[index].layoutFragmentFrame.size)
            #expect(
                estimated[index].textLineFragments.map(\.characterRange)
                    == full[index].textLineFragments.map(\.characterRange))
        }
    }

    @Test func aFullLayoutMakesTheBoundsExactAndPointsFindTheirFragment() throws {
        let (_, manager) = makeLayout(Self.document, width: 320)
        #expect(manager.isLayoutComplete)
        let fragments = allFragments(manager)
        Self.expectTiling(fragments)
        let height = manager.usageBoundsForTextContainer.height
        #expect(abs(height - (fragments.last?.layoutFragmentFrame.maxY ?? 0)) < 1e-5)
        var random = SplitMix64(seed: 11)
        for _ in 0 ..< 200 {
            let y = CGFloat.random(in: 0 ..< height, using: &random)
            let found = try #require(manager.textLayoutFragment(for: CGPoint(x: 10, y: y)))
            let expected = try #require(
                fragments.first { $0.layoutFragmentFrame.minY <= y && y < $0.layoutFragmentFrame.maxY })
            #expect(found.rangeInElement == expected.rangeInElement, "y \(y)")
        }
        #expect(manager.textLayoutFragment(for: CGPoint(x: 0, y: -1)) == nil)
        #expect(manager.textLayoutFragment(for: CGPoint(x: 0, y: height + 1)) == nil)
        #expect(manager.textLayoutFragment(for: CGPoint(x: 0, y: CGFloat.nan)) == nil)
    }

    @Test func aPointLaysOutOnlyWhatItFinds() throws {
        let (storage, manager) = Self.unlaid()
        let y = manager.usageBoundsForTextContainer.height / 2
        let fragment = try #require(
            withExtendedLifetime(storage) { manager.textLayoutFragment(for: CGPoint(x: 0, y: y)) })
        #expect(fragment.state == .layoutAvailable)
        #expect(fragment.layoutFragmentFrame.minY <= y && y < fragment.layoutFragmentFrame.maxY)
        #expect(manager.keptLayoutUsage.paragraphs <= 8)
        #expect(!manager.isLayoutComplete)
    }

    @Test func absurdRectanglesNeitherTrapNorHang() {
        let (storage, manager) = Self.unlaid()
        withExtendedLifetime(storage) {
            manager.ensureLayout(for: CGRect(x: 0, y: CGFloat.nan, width: 10, height: 10))
            manager.ensureLayout(for: CGRect(x: 0, y: -1e300, width: 10, height: 5))
            manager.ensureLayout(for: CGRect(x: 0, y: 1e300, width: -10, height: 5))
            manager.ensureLayout(for: CGRect(x: 0, y: 0, width: 10, height: CGFloat.infinity))
        }
        #expect(manager.isLayoutComplete)
    }

    @Test func keptLayoutsStayWithinTheLimitAndLayoutIsUnchanged() throws {
        let (storage, manager) = Self.unlaid()
        manager.keptLayoutLimit = 2_000
        manager.ensureLayoutForEntireDocument()
        let longest =
            (0 ..< storage.paragraphCount).map { storage.textParagraph(atIndex: $0)!.attributedString.utf16.count + 1 }
            .max() ?? 0
        #expect(manager.keptLayoutUsage.utf16 <= 2_000 + longest)
        #expect(manager.isLayoutComplete)
        // Measured paragraphs whose layout was released know their height.
        var states = Set<TextLayoutFragment.State>()
        manager.enumerateTextLayoutFragments(from: nil, options: .estimatesSize) {
            states.insert($0.state); return true
        }
        #expect(states == [.layoutAvailable, .calculatedUsageBounds])
        let (freshStorage, fresh) = makeLayout(Self.document, width: 320)
        #expect(Self.shapes(manager, storage) == Self.shapes(fresh, freshStorage))
        #expect(manager.keptLayoutUsage.utf16 <= 2_000 + longest)

        // Layout that protects ranges (as a viewport's does) releases the layouts farthest away.
        for ordinal in stride(from: 0, to: storage.paragraphCount - 3, by: 17) {
            let first = try #require(storage.textParagraph(atIndex: ordinal)?.elementRange)
            let last = try #require(storage.textParagraph(atIndex: ordinal + 2)?.elementRange)
            manager.ensureLayout(for: TextRange(location: first.location, end: last.endLocation)!)
            #expect(manager.keptLayoutUsage.utf16 <= 2_000 + 3 * longest)
        }
        manager.keptLayoutLimit = 0
        #expect(manager.keptLayoutUsage.paragraphs <= 1)
    }

    @Test func randomEditsWithATinyLimitLayOutAsAFreshLayoutDoes() throws {
        var random = SplitMix64(seed: 23)
        let pieces =
            LayoutSamples.mixed.map(\.text).map { String($0.prefix(30)) } + ["\n", "\n\n", "a", "\r\n", "\u{2028}"]
        let (storage, manager) = Self.unlaid(String(Self.document.prefix(4_000)))
        manager.keptLayoutLimit = 300
        for step in 0 ..< 60 {
            let length = storage.utf16Length
            let start = Int.random(in: 0 ... length, using: &random)
            let end = min(length, start + Int.random(in: 0 ... 40, using: &random))
            try storage.replaceContents(
                in: storage.textRange(avoidingSurrogateSplits: start ..< end),
                with: Bool.random(using: &random) ? pieces.randomElement(using: &random)! : "")
            if step % 2 == 0 {
                manager.ensureLayout(
                    for: CGRect(
                        x: 0, y: CGFloat.random(in: 0 ... manager.usageBoundsForTextContainer.height, using: &random),
                        width: 320, height: 200))
            }
            let (freshStorage, fresh) = makeLayout(storage.string, width: 320)
            #expect(Self.shapes(manager, storage) == Self.shapes(fresh, freshStorage), "step \(step)")
            #expect(manager.layoutFailures == [])
        }
    }

    @Test func layoutCompletionIsObserved() throws {
        let (storage, manager) = Self.unlaid()
        var heard: [LayoutCompletion] = []
        let observation = manager.observeLayoutCompletion { heard.append($0) }
        let range = try #require(storage.textParagraph(atIndex: 5)?.elementRange)
        manager.ensureLayout(for: range)
        #expect(heard == [.range(range)])
        manager.ensureLayoutForEntireDocument()
        #expect(heard.last == .entireDocument)
        #expect(manager.isLayoutComplete)
        observation.cancel()
        manager.ensureLayout(for: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(heard.count == 2)
    }

    @Test func twoLayoutManagersShareOneContent() throws {
        let storage = TextContentStorage(string: String(Self.document.prefix(6_000)))
        let narrow = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 200, height: 0)))
        let wide = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 520, height: 0)))
        storage.addTextLayoutManager(narrow)
        storage.addTextLayoutManager(wide)
        narrow.ensureLayoutForEntireDocument()
        wide.ensureLayoutForEntireDocument()
        #expect(narrow.usageBoundsForTextContainer.height > wide.usageBoundsForTextContainer.height)
        try storage.replaceContents(in: storage.textRange(for: 100 ..< 140)!, with: "مرحبا بالعالم\nಕನ್ನಡ ")
        for (manager, width) in [(narrow, CGFloat(200)), (wide, 520)] {
            let (freshStorage, fresh) = makeLayout(storage.string, width: width)
            #expect(Self.shapes(manager, storage) == Self.shapes(fresh, freshStorage), "width \(width)")
        }
    }
}

/// Hides the paragraphs whose text starts with a marker, as a collapsed section would.
final class MarkerHidingDelegate: TextContentManagerDelegate {
    var marker: String?

    func textContentManager(
        _ textContentManager: TextContentManager, shouldEnumerate element: any TextElement,
        options: TextContentManagerEnumerationOptions
    ) -> Bool {
        guard let marker, let paragraph = element as? TextParagraph else { return true }
        return !String(paragraph.attributedString.characters).hasPrefix(marker)
    }
}

@Suite struct HiddenParagraphLayoutTests {
    static let text = (0 ..< 30).map { index in
        index % 4 == 1
            ? "» hidden \(index) " + LayoutSamples.english
            : (index % 4 == 2 ? "مرحبا \(index) ಕನ್ನಡ ไทย" : "Shown \(index) " + LayoutSamples.english)
    }.joined(separator: "\n")

    /// The text laid out at 300 pt with the paragraphs starting with "»" hidden.
    private static func laidOutWithMarkedParagraphsHidden() -> (
        TextContentStorage, TextLayoutManager, MarkerHidingDelegate
    ) {
        let storage = TextContentStorage(string: text)
        let delegate = MarkerHidingDelegate()
        delegate.marker = "»"
        storage.delegate = delegate
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0)))
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        return (storage, manager, delegate)
    }

    private static func shown(_ manager: TextLayoutManager, _ storage: TextContentStorage) -> [(NSRange, CGRect)] {
        allFragments(manager).map { (storage.nsRange(for: $0.rangeInElement!), $0.layoutFragmentFrame) }
    }

    @Test func hiddenParagraphsTakeNoSpaceAndTogglingRelaysOutOnlyThem() throws {
        let (storage, manager, delegate) = Self.laidOutWithMarkedParagraphsHidden()
        let hiddenShown = Self.shown(manager, storage)
        #expect(hiddenShown.count == 30 - 8)
        var y: CGFloat = 0
        for (_, frame) in hiddenShown {
            #expect(abs(frame.minY - y) < 1e-5)
            y = frame.maxY
        }
        #expect(abs(manager.usageBoundsForTextContainer.height - y) < 1e-5)

        // Show them again: only the shown-again paragraphs are laid out; the others keep their lines.
        delegate.marker = nil
        manager.invalidateLayout(for: storage.documentRange)
        let after = allFragments(manager)
        #expect(after.count == 30)
        let reference = makeLayout(Self.text, width: 300)
        #expect(after.map(\.layoutFragmentFrame) == allFragments(reference.1).map(\.layoutFragmentFrame))

        // Hide one section by asking again about its range alone: paragraphs above stay put,
        // the ones below move up by its height, and none of them is laid out again.
        let full = allFragments(manager)
        delegate.marker = "» hidden 5 "
        let hiddenRange = try #require(storage.textParagraph(atIndex: 5)?.elementRange)
        manager.invalidateLayout(for: hiddenRange)
        let collapsed = allFragments(manager)
        #expect(collapsed.count == 29)
        let height = full[5].layoutFragmentFrame.height
        for index in 0 ..< 5 {
            #expect(collapsed[index].layoutFragmentFrame == full[index].layoutFragmentFrame)
            #expect(collapsed[index].textLineFragments.first === full[index].textLineFragments.first)
        }
        for index in 6 ..< 30 {
            #expect(
                abs(collapsed[index - 1].layoutFragmentFrame.minY - (full[index].layoutFragmentFrame.minY - height))
                    < 1e-5)
            #expect(
                collapsed[index - 1].textLineFragments.first === full[index].textLineFragments.first,
                "paragraph \(index)")
        }
    }

    @Test func editsInsideHiddenParagraphsKeepTheLayoutRight() throws {
        let (storage, manager, delegate) = Self.laidOutWithMarkedParagraphsHidden()
        var random = SplitMix64(seed: 5)
        for step in 0 ..< 25 {
            let length = storage.utf16Length
            let start = Int.random(in: 0 ... length, using: &random)
            let end = min(length, start + Int.random(in: 0 ... 12, using: &random))
            try storage.replaceContents(
                in: storage.textRange(avoidingSurrogateSplits: start ..< end),
                with: ["x", "\n» new hidden\n", "", "ಕ", "\n"].randomElement(using: &random)!)
            let fresh = TextContentStorage(string: storage.string)
            fresh.delegate = delegate
            let freshManager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0)))
            fresh.addTextLayoutManager(freshManager)
            let got = Self.shown(manager, storage)
            let want = Self.shown(freshManager, fresh)
            #expect(got.map(\.0) == want.map(\.0), "step \(step)")
            #expect(got.map(\.1) == want.map(\.1), "step \(step)")
        }
    }
}

/// Cases a review of the layout tree found.
@Suite struct LayoutTreeEdgeTests {
    /// A delegate that asks the manager about its layout while making a fragment.
    final class CuriousDelegate: TextLayoutManagerDelegate {
        var heights: [CGFloat] = []
        func textLayoutManager(
            _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
            in textElement: TextParagraph, laidOut fragment: TextLayoutFragment
        ) -> TextLayoutFragment {
            heights.append(textLayoutManager.usageBoundsForTextContainer.height)
            textLayoutManager.addRenderingAttribute(
                NSAttributedString.Key("seen"), value: true, for: textElement.elementRange!)
            return fragment
        }
    }

    @Test func aDelegateMayCallTheManagerBack() throws {
        let storage = TextContentStorage(string: HitTestingTests.text)
        let manager = TextLayoutManager()
        let delegate = CuriousDelegate()
        manager.delegate = delegate
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        #expect(delegate.heights.count == storage.paragraphCount)
    }

    @Test func absurdParagraphSpacingIsClampedNotTrappedOn() throws {
        var text = AttributedString((0 ..< 40).map { "مرحبا \($0) English" }.joined(separator: "\n"))
        text.paragraphStyle = ParagraphStyle(paragraphSpacingBefore: 1e13, paragraphSpacing: 1e13)
        let storage = TextContentStorage(attributedString: text)
        let manager = TextLayoutManager()
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        let height = manager.usageBoundsForTextContainer.height
        #expect(height.isFinite && height > 0)
        #expect(manager.textLayoutFragment(for: CGPoint(x: 0, y: height / 2)) != nil)
    }

    @Test func aLineFeedTypedAfterACarriageReturnJoinsThemUnlaidOut() throws {
        // Paragraph 0 ends with CR and was never laid out: typing LF after it makes one CR LF.
        let storage = TextContentStorage(string: "ಕನ್ನಡ a\rb مرحبا\rc")
        let manager = TextLayoutManager()
        storage.addTextLayoutManager(manager)
        #expect(manager.usageBoundsForTextContainer.height > 0)
        try storage.replaceContents(in: storage.textRange(for: 8 ..< 8)!, with: "\n")
        let reference = makeLayout(storage.string)
        let got = allFragments(manager).map { storage.nsRange(for: $0.rangeInElement!) }
        #expect(got == allFragments(reference.1).map { reference.0.nsRange(for: $0.rangeInElement!) })
        #expect(got.first == NSRange(location: 0, length: 9))
    }

    @Test func deletingTheLastParagraphGivesTheNewLastItsExtraLine() throws {
        let (storage, manager) = makeLayout("first مرحبا\nsecond")
        let before = try #require(allFragments(manager).first).textLineFragments.count
        try storage.replaceContents(in: storage.textRange(for: 12 ..< 18)!, with: "")
        let fragments = allFragments(manager)
        #expect(fragments.count == 1)
        #expect(fragments[0].textLineFragments.count == before + 1, "the extra line fragment after the final separator")
        #expect(abs(manager.usageBoundsForTextContainer.height - fragments[0].layoutFragmentFrame.maxY) < 1e-6)
    }
}
