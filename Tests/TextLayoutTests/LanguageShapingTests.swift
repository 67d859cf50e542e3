import Foundation
import Testing
import TextContent
@_spi(Typesetting) import TextTypography
@_spi(Rendering) @testable import TextLayout

/// `languageIdentifier` (and the context's language for runs without one) reaches HarfBuzz's
/// buffer on every path that shapes: a whole paragraph, the words reshaped around an edit, the
/// truncation ellipsis. Shown with fonts whose `locl` feature gives other glyphs for a
/// language: Serbian and Macedonian б in DejaVu Sans, Marathi श and ल in Noto Sans Devanagari,
/// Northern Sami Ŋ in DejaVu Sans.
@Suite struct LanguageShapingTests {
    /// Text, its font, a language whose `locl` changes its glyphs, and one whose does not.
    static let cases: [(text: String, family: String, localized: String, other: String)] = [
        ("бабушка бежит", "DejaVu Sans", "sr", "ru"),
        ("бабушка бежит", "Noto Sans", "mk", "ru"),
        ("शाला लिहा", "Noto Sans Devanagari", "mr", "hi"),
        ("Ŋŋ sámegiella", "DejaVu Sans", "se", "en"),
    ]

    private func glyphIDs(_ text: String, family: String, language: String?, context: String? = nil) throws -> [UInt32]
    {
        var attributed = AttributedString(text)
        attributed.languageIdentifier = language
        let content = try ParagraphContent(
            TextParagraph(attributedString: attributed), defaultFont: FontDescriptor(family: family, size: 13),
            context: FontResolutionContext(language: context))
        let paragraph = try ShapedParagraph(content, scratch: LayoutScratch())
        #expect(paragraph.pieces.allSatisfy { $0.font.familyName == family }, "\(family) shapes \(text)")
        return paragraph.glyphs.map(\.id)
    }

    @Test(arguments: 0 ..< cases.count)
    func aParagraphIsShapedInItsLanguage(_ index: Int) throws {
        let sample = Self.cases[index]
        let none = try glyphIDs(sample.text, family: sample.family, language: nil)
        let other = try glyphIDs(sample.text, family: sample.family, language: sample.other)
        let localized = try glyphIDs(sample.text, family: sample.family, language: sample.localized)
        #expect(other == none, "\(sample.other) has no local forms here")
        #expect(localized != none, "\(sample.localized): locl gives other glyphs")
        #expect(localized.count == none.count)
        // The context's language, for runs that name none, reaches the buffer too; a run's own wins.
        #expect(try glyphIDs(sample.text, family: sample.family, language: nil, context: sample.localized) == localized)
        #expect(
            try glyphIDs(sample.text, family: sample.family, language: sample.other, context: sample.localized) == none)
    }

    /// Through the layout manager: two runs of one paragraph in two languages keep their own
    /// glyphs (the shaped-word cache keeps the languages apart).
    @Test func twoLanguagesInOneParagraphKeepTheirGlyphs() throws {
        var serbian = AttributedString("баба ")
        serbian.languageIdentifier = "sr"
        var russian = AttributedString("баба")
        russian.languageIdentifier = "ru"
        let storage = TextContentStorage(attributedString: serbian + russian)
        let manager = TextLayoutManager(
            textContainer: TextContainer(size: CGSize(width: 400, height: 0)),
            defaultFont: FontDescriptor(family: "DejaVu Sans", size: 13))
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        RetainedStorages.keep(storage)
        let runs = try #require(allFragments(manager).first).textLineFragments.flatMap(\.glyphRuns)
        var glyphOf: [Int: UInt32] = [:]
        for run in runs { for (glyph, cluster) in zip(run.glyphs, run.clusters) { glyphOf[cluster] = glyph } }
        // б at 0 (Serbian) and at 5 (Russian).
        #expect(glyphOf[0] != nil && glyphOf[5] != nil && glyphOf[0] != glyphOf[5])
        #expect(glyphOf[1] != nil && glyphOf[1] == glyphOf[6], "а has no Serbian form")
    }

    /// The words reshaped around an edit are shaped in the run's language: typing б into a
    /// Serbian run gives the Serbian glyph, as shaping the paragraph afresh does.
    @Test func wordsReshapedAroundAnEditKeepTheLanguage() throws {
        let scratch = LayoutScratch()
        let font = FontDescriptor(family: "DejaVu Sans", size: 13)
        for language in ["sr", "ru"] {
            var text = AttributedString("добро јутро, ово је дуга реченица на српском језику")
            text.languageIdentifier = language
            let storage = TextContentStorage(attributedString: text)
            let old = try ShapedParagraph(
                ParagraphContent(#require(storage.textParagraph(atIndex: 0)), defaultFont: font), scratch: scratch)
            let start = 8 // inside "јутро"
            try storage.replaceContents(in: #require(storage.textRange(for: start ..< start)), with: "б")
            let content = try ParagraphContent(#require(storage.textParagraph(atIndex: 0)), defaultFont: font)
            let reshaped = try #require(
                try ShapedParagraph.reshaped(
                    content, from: old, edits: [ParagraphEdit(range: start ..< start, replacementLength: 1)],
                    scratch: scratch),
                "the edit takes the reshaping shortcut")
            let fresh = try ShapedParagraph(content, scratch: LayoutScratch())
            #expect(reshaped.glyphs == fresh.glyphs, "\(language)")
            let typed = reshaped.glyphs.first { $0.cluster == start }?.id
            let expected = try glyphIDs("б", family: "DejaVu Sans", language: language).first
            #expect(typed == expected, "\(language)")
        }
        // And the two languages' б differ, so the check above says something.
        #expect(
            try glyphIDs("б", family: "DejaVu Sans", language: "sr")
                != glyphIDs("б", family: "DejaVu Sans", language: "ru"))
    }
}
