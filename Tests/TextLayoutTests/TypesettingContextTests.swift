import Foundation
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout
@_spi(Typesetting) import TextTypography

/// A layout manager lays out with its own typesetting context: its fonts, fallback families and
/// caches, never another context's.
@Suite struct TypesettingContextTests {
    static let sans = FontDescriptor(family: "DejaVu Sans", size: 14)
    static let serif = FontDescriptor(family: "DejaVu Serif", size: 14)

    /// Latin and Arabic in the default font, and a Kannada run whose font lacks the arrow in it:
    /// the arrow falls back to the context's fallback family.
    static func document() -> AttributedString {
        var kannada = AttributedString("ಕನ್ನಡ → ಕನ್ನಡ")
        kannada.font = FontDescriptor(family: "Noto Sans Kannada", size: 14)
        return AttributedString("Serif or sans, مرحبا بالعالم, ") + kannada + AttributedString("\nA second line.")
    }

    /// The family of the glyph run showing `character` in the first line of `manager`'s first fragment.
    static func family(of character: Character, in manager: TextLayoutManager) throws -> String {
        let line = try #require(allFragments(manager).first?.textLineFragments.first)
        let text = String(document().characters)
        let index = try #require(text.firstIndex(of: character))
        let offset = text.utf16.distance(from: text.startIndex, to: index)
        let run = try #require(line.glyphRuns.first { $0.characterRange.contains(offset) })
        return run.font.familyName
    }

    @Test func twoManagersOnOneStorageLayOutInTheirOwnContextsFonts() throws {
        let sansContext = TypesettingContext(defaultFont: Self.sans, fallbackFamilies: ["DejaVu Sans"])
        let serifContext = TypesettingContext(defaultFont: Self.serif, fallbackFamilies: ["DejaVu Serif"])
        let storage = TextContentStorage(attributedString: Self.document())
        // Wide enough for the first paragraph's one line to have its natural width.
        let container = TextContainer(size: CGSize(width: 2_000, height: 0))
        let sans = TextLayoutManager(textContainer: container, typesettingContext: sansContext)
        let serif = TextLayoutManager(textContainer: container, typesettingContext: serifContext)
        sans.recordLayoutFailures()
        serif.recordLayoutFailures()
        storage.addTextLayoutManager(sans)
        storage.addTextLayoutManager(serif)
        #expect(sans.defaultFont == Self.sans && serif.defaultFont == Self.serif)

        serif.ensureLayoutForEntireDocument()
        let serifWords = serifContext.shapedWordCacheStatistics
        let serifFonts = serifContext.fontMatcher.statistics
        #expect(serifWords.misses > 0)
        #expect(sansContext.shapedWordCacheStatistics.misses == 0)
        sans.ensureLayoutForEntireDocument()
        // Laying the sans manager out took nothing from the serif context's caches and added nothing.
        #expect(serifContext.shapedWordCacheStatistics == serifWords)
        #expect(serifContext.fontMatcher.statistics == serifFonts)
        #expect(sansContext.shapedWordCacheStatistics.misses > 0)

        #expect(try Self.family(of: "S", in: sans) == "DejaVu Sans")
        #expect(try Self.family(of: "S", in: serif) == "DejaVu Serif")
        // The arrow, which the Kannada font lacks, falls back to each context's own family.
        // DejaVu Sans has Arabic; DejaVu Serif has not, and falls back to the script's family.
        #expect(try Self.family(of: "م", in: sans) == "DejaVu Sans")
        #expect(try Self.family(of: "م", in: serif) == "Noto Sans Arabic")
        #expect(try Self.family(of: "ಕ", in: serif) == "Noto Sans Kannada")
        #expect(try Self.family(of: "→", in: sans) == "DejaVu Sans")
        #expect(try Self.family(of: "→", in: serif) == "DejaVu Serif")
        // Different fonts, different lines: the arrow is elsewhere in the serif line.
        let arrow = String(Self.document().characters).utf16.firstIndex(of: 0x2192).map {
            String(Self.document().characters).utf16.distance(
                from: String(Self.document().characters).utf16.startIndex, to: $0)
        }
        let arrowOffset = try #require(arrow)
        let sansX = try #require(allFragments(sans).first?.textLineFragments.first).locationForCharacter(
            at: arrowOffset
        ).x
        let serifX = try #require(allFragments(serif).first?.textLineFragments.first).locationForCharacter(
            at: arrowOffset
        ).x
        #expect(sansX > 100 && serifX > 100 && abs(sansX - serifX) > 1)
        #expect(sans.layoutFailures == [] && serif.layoutFailures == [])
    }

    @Test func aManagerWithoutAContextUsesTheStandardOne() {
        let manager = TextLayoutManager()
        #expect(manager.typesettingContext === TypesettingContext.standard)
        #expect(manager.defaultFont == FontDescriptor.defaultText)
        #expect(TypesettingContext.standard.fontMatcher === FontMatcher.shared)
        #expect(TypesettingContext.standard.fontMatcher.fallbackFamilies == ["DejaVu Sans"])
        // A default font given with a context wins over the context's.
        let given = TextLayoutManager(
            defaultFont: Self.serif, typesettingContext: TypesettingContext(defaultFont: Self.sans))
        #expect(given.defaultFont == Self.serif)
    }

    @Test func aFallbackFamilyThatIsNotInstalledIsSkipped() throws {
        let context = TypesettingContext(fallbackFamilies: ["No Such Family OTK", "DejaVu Serif"])
        let storage = TextContentStorage(attributedString: Self.document())
        let manager = TextLayoutManager(typesettingContext: context)
        manager.recordLayoutFailures()
        storage.addTextLayoutManager(manager)
        #expect(try Self.family(of: "→", in: manager) == "DejaVu Serif")
        #expect(manager.layoutFailures == [])
    }

    @Test func everyParagraphThatCannotBeLaidOutIsReportedAndTheOthersAreLaidOut() throws {
        var bad = AttributedString("A font of no size, ಕನ್ನಡ\n")
        bad.font = FontDescriptor(family: "DejaVu Sans", size: 0)
        var worse = AttributedString("مرحبا of infinite size\n")
        worse.font = FontDescriptor(family: "DejaVu Sans", size: .infinity)
        let storage = TextContentStorage(attributedString: bad + AttributedString("A good paragraph.\n") + worse)
        let manager = TextLayoutManager()
        manager.recordLayoutFailures()
        storage.addTextLayoutManager(manager)
        let fragments = allFragments(manager)
        #expect(fragments.count == 3)
        #expect(manager.layoutFailures?.count == 2)
        for error in manager.layoutFailures ?? [] {
            guard case .unusableFont = error else {
                Issue.record("expected an unusable font, got \(error)")
                continue
            }
        }
        // The failed paragraphs are empty fragments; the good one has its line.
        #expect(fragments[0].textLineFragments.isEmpty && fragments[2].textLineFragments.isEmpty)
        #expect(fragments[1].textLineFragments.count == 1)
    }
}
