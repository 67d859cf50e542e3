import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) import TextLayout

/// A fragment kind as seed 000 writes it.
private final class SeedBubbleFragment: TextLayoutFragment, @unchecked Sendable {
    override var leadingPadding: CGFloat { 20 }
    override var topMargin: CGFloat { 6 }
}

/// The seed's delegate as TextKit spells it: the element is an `NSTextElement` (`any TextElement`).
private final class SeedDelegate: TextLayoutManagerDelegate {
    private(set) var asked = 0
    func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
        in textElement: any TextElement
    ) -> TextLayoutFragment {
        asked += 1
        return SeedBubbleFragment(textElement: textElement, range: textElement.elementRange)
    }
}

/// Seed 000's delegate, written with TextKit's element type, is called and its fragments laid out.
@Suite struct TextKitSpelledDelegateTests {
    @Test(arguments: ["Hello, bubbles", MixedSamples.text("ar_Arab"), MixedSamples.text("th_Thai")])
    func aDelegateTakingAnyTextElementIsCalled(_ text: String) throws {
        let storage = TextContentStorage(string: text + "\n" + text)
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0)))
        let delegate = SeedDelegate()
        manager.delegate = delegate
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        var fragments: [TextLayoutFragment] = []
        manager.enumerateTextLayoutFragments(from: nil) {
            fragments.append($0); return true
        }
        #expect(delegate.asked >= 2)
        #expect(fragments.count == 2)
        for fragment in fragments {
            #expect(fragment is SeedBubbleFragment)
            // The top margin moves the first line down.
            #expect(try #require(fragment.textLineFragments.first).typographicBounds.minY == 6)
        }
        withExtendedLifetime(delegate) {}
    }

    @Test func anElementThatIsNoParagraphGivesAFragmentOfNoText() {
        struct Other: TextElement {
            var elementRange: TextRange? { nil }
            var textContentManager: TextContentManager? { nil }
        }
        let fragment = TextLayoutFragment(textElement: Other(), range: nil)
        #expect(fragment.textElement.attributedString.characters.isEmpty)
        #expect(fragment.state == .none)
    }
}
