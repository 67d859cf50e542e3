import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout
@_spi(Typesetting) import TextTypography

/// Layout resolves the content's fonts in its layout manager's font resolution context; a new
/// context lays out again what is visible and keeps the viewport's anchored text at its top.
@Suite struct FontResolutionLayoutTests {
    /// Paragraphs of Arabic, Kannada, Thai and English, every fifth one with a title run, a
    /// fixed-size run and a run in a scaling family.
    static func document() -> AttributedString {
        let samples =
            ["ar_Arab", "kn_Knda", "th_Thai"].map { MixedSamples.text($0) }.filter { !$0.isEmpty } + [
                LayoutSamples.english
            ]
        var text = AttributedString()
        for index in 0 ..< 1_200 {
            let sample = samples[index % samples.count]
            var paragraph = AttributedString(sample + " " + sample + "\n")
            if index % 5 == 0 {
                var title = AttributedString("Title \(index) ")
                title.font = .title.bold()
                var fixed = AttributedString("fixed ")
                fixed.font = FontDescriptor(family: "DejaVu Sans", size: 13)
                var scaling = AttributedString("serif ")
                scaling.font = .custom("DejaVu Serif", size: 13)
                paragraph = title + fixed + scaling + paragraph
            }
            text += paragraph
        }
        return text
    }

    static func setUp() -> (TextContentStorage, TextLayoutManager, ViewportTestView) {
        let storage = TextContentStorage(attributedString: document())
        let manager = TextLayoutManager(
            textContainer: TextContainer(size: CGSize(width: 420, height: 0)), defaultFont: .body)
        manager.recordLayoutFailures()
        storage.addTextLayoutManager(manager)
        let view = ViewportTestView(visibleRect: CGRect(x: 0, y: 0, width: 700, height: 600))
        manager.textViewportLayoutController.delegate = view
        return (storage, manager, view)
    }

    /// The sizes of the glyph runs of the text `needle` in the visible fragments.
    static func sizes(
        of needle: String, in controller: TextViewportLayoutController, _ storage: TextContentStorage
    ) -> Set<Double> {
        var sizes: Set<Double> = []
        for fragment in controller.visibleFragments {
            let text = String(fragment.textElement.attributedString.characters)
            guard let range = text.range(of: needle) else { continue }
            let offsets = NSRange(range, in: text)
            for line in fragment.textLineFragments {
                for run in line.glyphRuns where run.clusters.contains(where: { NSLocationInRange($0, offsets) }) {
                    sizes.insert(run.font.size)
                }
            }
        }
        return sizes
    }

    @Test func aNewContextLaysTheViewportOutAgainAroundItsAnchor() throws {
        let (storage, manager, view) = Self.setUp()
        let controller = manager.textViewportLayoutController
        // The top of the viewport on the second line of a Kannada paragraph in the middle.
        let kannada = MixedSamples.text("kn_Knda")
        try #require(!kannada.isEmpty)
        let ordinal = 601 // 601 % 4 == 1: Kannada
        let paragraph = try #require(storage.textParagraph(atIndex: ordinal)?.elementRange)
        let fragment = try #require(manager.textLayoutFragment(for: paragraph.location))
        #expect(String(fragment.textElement.attributedString.characters).hasPrefix(kannada))
        let second = try #require(fragment.textLineFragments.dropFirst().first)
        let anchor = try #require(storage.location(paragraph.location, offsetBy: second.characterRange.location))
        view.visibleRect.origin.y = controller.relocateViewport(to: anchor)
        controller.layoutViewport()

        /// The paragraph start and line range at the top of the viewport.
        func topLine() throws -> (Int, NSRange, CGFloat) {
            let top = controller.viewportBounds.minY
            let first = try #require(controller.visibleFragments.first { $0.layoutFragmentFrame.maxY > top })
            let line = try #require(
                first.textLineFragments.first {
                    first.layoutFragmentFrame.minY + $0.typographicBounds.maxY > top + 1e-6
                })
            return (
                storage.nsRange(for: first.rangeInElement!).location, line.characterRange, line.typographicBounds.height
            )
        }
        let before = try topLine()
        let anchorOffset = storage.offset(from: storage.documentRange.location, to: anchor)
        #expect(before.0 + before.1.location == anchorOffset)
        #expect(Self.sizes(of: "Title", in: controller, storage) == [28.0 * 13 / 17])

        let needsLayout = view.needsLayoutCount
        manager.fontResolutionContext = FontResolutionContext(textSizeScale: 1.5)
        #expect(view.needsLayoutCount == needsLayout + 1, "the view is told to lay out again")
        manager.fontResolutionContext = FontResolutionContext(textSizeScale: 1.5)
        #expect(view.needsLayoutCount == needsLayout + 1, "the same context changes nothing")
        controller.layoutViewport()
        let larger = try topLine()
        // The line at the top still holds the anchored character, and is taller.
        #expect(larger.0 == before.0)
        #expect(
            larger.1.location <= anchorOffset - before.0
                && anchorOffset - before.0 < larger.1.location + larger.1.length)
        #expect(larger.2 > before.2 * 1.3)
        #expect(view.visibleRect.minY == controller.viewportBounds.minY)
        // Semantic and scaling runs grew, the fixed one did not.
        #expect(Self.sizes(of: "Title", in: controller, storage) == [28.0 * 13 / 17 * 1.5])
        #expect(Self.sizes(of: "serif", in: controller, storage) == [13 * 1.5])
        #expect(Self.sizes(of: "fixed", in: controller, storage) == [13])
        #expect(manager.layoutFailures == [])
        // Only around the viewport was laid out again.
        #expect(manager.keptLayoutUsage.paragraphs < 100, "\(manager.keptLayoutUsage)")
        #expect(!manager.isLayoutComplete)

        // And back: the same lines as before, at the same place on screen.
        manager.fontResolutionContext = .standard
        controller.layoutViewport()
        let back = try topLine()
        #expect(back.0 == before.0 && back.1 == before.1)
        #expect(Self.sizes(of: "Title", in: controller, storage) == [28.0 * 13 / 17])
    }

    @Test func everyFragmentMatchesAFreshLayoutInTheNewContext() throws {
        // Laid out in one context then changed, or laid out in the new one from the start: the
        // same fragments (nothing of the old sizes survives).
        let (storage, manager, _) = Self.setUp()
        manager.keptLayoutLimit = 20_000 // most paragraphs keep only their heights
        manager.ensureLayoutForEntireDocument()
        #expect(manager.isLayoutComplete)
        let kept = manager.keptLayoutUsage.paragraphs
        #expect(kept > 0 && kept < 256)
        let context = FontResolutionContext(baseSize: 17, textSizeScale: 0.8, language: "th")
        manager.fontResolutionContext = context
        // What was kept is released by the next walk, not by the change.
        #expect(manager.retiredLayouts.count == kept)
        // Heights measured in the old context are estimates now.
        #expect(!manager.isLayoutComplete)
        #expect(manager.keptLayoutUsage.paragraphs == 0)
        var states: Set<TextLayoutFragment.State> = []
        manager.enumerateTextLayoutFragments(from: nil, options: .estimatesSize) {
            states.insert($0.state); return true
        }
        #expect(states == [.estimatedUsageBounds])
        manager.ensureLayoutForEntireDocument()
        #expect(manager.isLayoutComplete)
        #expect(manager.retiredLayouts.isEmpty)
        let fresh = TextLayoutManager(textContainer: manager.textContainer, defaultFont: .body)
        fresh.fontResolutionContext = context
        let copy = TextContentStorage(attributedString: storage.attributedString)
        copy.addTextLayoutManager(fresh)
        fresh.ensureLayoutForEntireDocument()
        let changed = allFragments(manager).map { ($0.layoutFragmentFrame, $0.textLineFragments.map(\.characterRange)) }
        let direct = allFragments(fresh).map { ($0.layoutFragmentFrame, $0.textLineFragments.map(\.characterRange)) }
        #expect(changed.count == direct.count)
        for (a, b) in zip(changed, direct) {
            #expect(a.0 == b.0 && a.1 == b.1)
        }
        #expect(manager.usageBoundsForTextContainer == fresh.usageBoundsForTextContainer)
    }

    @Test func theContextsLanguageChoosesTheHanVariant() throws {
        // 直 differs between Chinese and Japanese: the run says no language, the context does.
        let storage = TextContentStorage(string: "直")
        let manager = TextLayoutManager(defaultFont: .body)
        storage.addTextLayoutManager(manager)
        func family() throws -> String {
            let fragment = try #require(allFragments(manager).first)
            return try #require(fragment.textLineFragments.first?.glyphRuns.first?.font.familyName)
        }
        manager.fontResolutionContext = FontResolutionContext(language: "ja")
        #expect(try family().hasSuffix("JP"))
        manager.fontResolutionContext = FontResolutionContext(language: "zh-Hans")
        #expect(try family().hasSuffix("SC"))
    }

    @Test func aSemanticFontThatCannotBeUsedIsAnErrorNotACrash() throws {
        var text = AttributedString("A run in a missing family and one of no size")
        text.font = .custom("No Such Family OTK", fixedSize: 0)
        let storage = TextContentStorage(attributedString: text)
        let manager = TextLayoutManager(defaultFont: .body)
        manager.recordLayoutFailures()
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        guard case .unusableFont(let descriptor, _)? = manager.layoutFailures?.first else {
            Issue.record("expected an unusable font, got \(String(describing: manager.layoutFailures))")
            return
        }
        #expect(descriptor.family == "No Such Family OTK")
    }
}
