import Foundation
import Testing
import TextDocument
import TextContent

/// Semantic fonts in the content: text styles, designs, modifiers, the resolution context's
/// sizes, and their document form (old documents still read; bad values refused by name).
@Suite struct SemanticFontTests {
    typealias TextStyle = FontDescriptor.TextStyle

    @Test func textStylesKeepApplesOrderAtEveryContext() {
        let order: [TextStyle] = [
            .largeTitle, .title, .title2, .title3, .body, .callout, .subheadline, .footnote, .caption, .caption2,
        ]
        for context in [
            FontResolutionContext(), FontResolutionContext(baseSize: 17), FontResolutionContext(textSizeScale: 2.5),
        ] {
            let sizes = order.map { FontDescriptor.system($0).pointSize(in: context) }
            #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 > $1 }, "\(sizes)")
            #expect(FontDescriptor.headline.pointSize(in: context) == FontDescriptor.body.pointSize(in: context))
        }
        // Apple's table at base 17 exactly; the standard context's body is the engine's 13.
        let apple = FontResolutionContext(baseSize: 17)
        #expect(FontDescriptor.largeTitle.pointSize(in: apple) == 34)
        #expect(FontDescriptor.caption2.pointSize(in: apple) == 11)
        #expect(FontDescriptor.body.pointSize(in: .standard) == 13)
        #expect(FontDescriptor.body.size == 13)
        #expect(FontDescriptor.title.size == 28.0 * 13 / 17)
    }

    @Test func staticMembersAreTheirStyles() {
        let members: [(FontDescriptor, TextStyle)] = [
            (.body, .body), (.largeTitle, .largeTitle), (.title, .title), (.title2, .title2), (.title3, .title3),
            (.headline, .headline),
            (.subheadline, .subheadline), (.callout, .callout), (.footnote, .footnote), (.caption, .caption),
            (.caption2, .caption2),
        ]
        for (font, style) in members {
            #expect(
                font.textStyle == style && font.design == .default && font.isSemantic && font.family == "sans-serif")
            #expect(font.weight == (style == .headline ? .semibold : .regular))
        }
        #expect(FontDescriptor.default == .body)
    }

    @Test func modifiers() {
        let bold = FontDescriptor.body.bold()
        #expect(bold.weight == .bold && bold.textStyle == .body)
        #expect(bold.bold(false).weight == .regular)
        #expect(
            FontDescriptor.headline.bold(false).weight == .regular,
            "semibold counts as bold: unbolding makes it regular")
        #expect(
            FontDescriptor.body.weight(.black).bold() == FontDescriptor.body.weight(.black), "already heavier than bold"
        )
        #expect(FontDescriptor.body.weight(.light).bold(false).weight == .light, "not bold: unchanged")
        #expect(FontDescriptor.body.italic().italic && !FontDescriptor.body.italic().italic(false).italic)
        let mono = FontDescriptor.caption.monospaced()
        #expect(mono.design == .monospaced && mono.family == "monospace" && mono.textStyle == .caption)
        #expect(mono.monospaced(false).design == .default)
        #expect(FontDescriptor.system(size: 20, design: .serif).monospaced(false).design == .serif)
        // A named family has no monospaced variant: left alone, as SwiftUI does.
        #expect(FontDescriptor.custom("DejaVu Sans", size: 13).monospaced() == .custom("DejaVu Sans", size: 13))
        #expect(FontDescriptor.body.monospacedDigit().features == [.tabularFigures])
        #expect(FontDescriptor.body.smallCaps().features == [.smallCaps])
        #expect(FontDescriptor.title.width(.condensed).width == .condensed)
        // Chained, in any order.
        let chained = FontDescriptor.title2.italic().bold().monospaced()
        #expect(
            chained.italic && chained.weight == .bold && chained.design == .monospaced && chained.textStyle == .title2)
    }

    @Test func whatScalesWithTheContext() {
        let larger = FontResolutionContext(textSizeScale: 1.5)
        #expect(FontDescriptor.body.pointSize(in: larger) == 13 * 1.5)
        #expect(FontDescriptor.largeTitle.pointSize(in: larger) == 34 * 13 / 17 * 1.5)
        // SwiftUI's rules: custom(_:size:) scales (like body), system(size:) and fixed sizes do not.
        #expect(FontDescriptor.custom("DejaVu Serif", size: 20).pointSize(in: larger) == 30)
        #expect(FontDescriptor.custom("DejaVu Serif", size: 20, relativeTo: .title).pointSize(in: larger) == 30)
        #expect(FontDescriptor.custom("DejaVu Serif", fixedSize: 20).pointSize(in: larger) == 20)
        #expect(FontDescriptor.system(size: 20).pointSize(in: larger) == 20)
        #expect(FontDescriptor(family: "DejaVu Sans", size: 13).pointSize(in: larger) == 13)
        #expect(!FontDescriptor(family: "DejaVu Sans", size: 13).dependsOnContext)
        #expect(FontDescriptor.system(size: 20).dependsOnContext, "its family comes from the context")
        // A base size moves the styles, not a given size.
        let base = FontResolutionContext(baseSize: 17)
        #expect(FontDescriptor.body.pointSize(in: base) == 17)
        #expect(FontDescriptor.custom("DejaVu Serif", size: 20).pointSize(in: base) == 20)
        // Designs take the context's families.
        let families = FontResolutionContext(designFamilies: [.default: "DejaVu Sans"])
        #expect(FontDescriptor.body.family(in: families) == "DejaVu Sans")
        #expect(FontDescriptor.body.serifFamily(in: families) == "serif")
    }

    @Test func contextClampsWhatIsOutOfRange() {
        #expect(FontResolutionContext(textSizeScale: .nan).textSizeScale == 1)
        #expect(
            FontResolutionContext(textSizeScale: .infinity).textSizeScale
                == FontResolutionContext.textSizeScaleRange.upperBound)
        #expect(
            FontResolutionContext(textSizeScale: -2).textSizeScale
                == FontResolutionContext.textSizeScaleRange.lowerBound)
        #expect(FontResolutionContext(baseSize: 0).baseSize == FontResolutionContext.baseSizeRange.lowerBound)
        #expect(FontResolutionContext(baseSize: .nan).baseSize == FontResolutionContext.standardBaseSize)
        var context = FontResolutionContext()
        context.baseSize = 1e300
        #expect(context.baseSize == FontResolutionContext.baseSizeRange.upperBound)
        // The largest style at the largest context is still a size fonts accept.
        context.textSizeScale = .greatestFiniteMagnitude
        #expect(FontDescriptor.largeTitle.pointSize(in: context) <= 10_000)
        context.dynamicTypeSize = .xxxLarge
        #expect(context.textSizeScale == 23.0 / 17 && context.dynamicTypeSize == .xxxLarge)
        #expect(
            FontDescriptor.body.pointSize(in: FontResolutionContext(baseSize: 17, dynamicTypeSize: .accessibility5))
                == 53)
        #expect(
            FontResolutionContext.DynamicTypeSize.allCases == FontResolutionContext.DynamicTypeSize.allCases.sorted())
        #expect(FontResolutionContext() == .standard && FontResolutionContext(language: "ja") != .standard)
    }

    @Test func reducedToSemantic() {
        #expect(
            FontDescriptor(family: "Fancy Script", size: 13, weight: .bold, italic: true).semantic
                == .body.bold().italic())
        #expect(FontDescriptor(family: "Fancy Script", size: 22).semantic == .title)
        #expect(
            FontDescriptor(family: "Fancy Script", size: 27).semantic == .largeTitle,
            "largeTitle is 26 at the standard context")
        #expect(FontDescriptor(family: "Fancy Script", size: 100).semantic == .largeTitle)
        #expect(FontDescriptor(family: "Fancy Script", size: 2).semantic == .caption2)
        #expect(FontDescriptor(family: "monospace", size: 10).semantic == .footnote.monospaced())
        #expect(FontDescriptor.system(size: 13, design: .serif).semantic == .system(.body, design: .serif))
        #expect(FontDescriptor.headline.semantic == .headline)
    }

    // MARK: Document form

    func roundTrip(_ font: FontDescriptor) throws -> FontDescriptor {
        try JSONDecoder().decode(FontDescriptor.self, from: JSONEncoder().encode(font))
    }

    func decode(_ json: String) throws -> FontDescriptor {
        try JSONDecoder().decode(FontDescriptor.self, from: Data(json.utf8))
    }

    @Test func everyFormRoundTrips() throws {
        let fonts: [FontDescriptor] = [
            .body, .headline, .largeTitle.bold().italic(), .caption.monospaced(),
            .system(.title3, design: .rounded, weight: .light),
            .system(size: 21, weight: .heavy, design: .serif), .custom("Noto Sans Kannada", size: 15),
            .custom("DejaVu Serif", size: 15, relativeTo: .footnote),
            .custom("DejaVu Serif", fixedSize: 9),
            FontDescriptor(
                family: "Noto Sans", size: 12, weight: .medium, italic: true, width: .condensed,
                features: [.smallCaps]),
            .body.monospacedDigit().width(.expanded),
        ]
        for font in fonts {
            #expect(try roundTrip(font) == font, "\(font)")
        }
        // In an attributed string, through the engine's scope and the document format.
        var text = AttributedString("Title ಕನ್ನಡ مرحبا ไทย")
        text.font = .title.bold()
        let decoded = try TextDocumentFormat.decode(try TextDocumentFormat.encode(text))
        #expect(decoded.runs.first?.font == .title.bold())
    }

    @Test func oldDocumentsStillRead() throws {
        let old = try decode(
            #"{"family": "DejaVu Sans", "size": 13, "weight": 700, "italic": false, "width": 100, "features": []}"#)
        #expect(old == FontDescriptor(family: "DejaVu Sans", size: 13, weight: .bold))
        #expect(!old.dependsOnContext)
        #expect(try decode(#"{"family": "A", "size": 9}"#) == FontDescriptor(family: "A", size: 9))
        // The semantic forms written out.
        #expect(try decode(#"{"textStyle": "headline"}"#) == .headline)
        #expect(
            try decode(#"{"textStyle": "body", "design": "serif", "weight": 700}"#)
                == .system(.body, design: .serif).bold())
        #expect(try decode(#"{"design": "monospaced", "size": 11}"#) == .system(size: 11, design: .monospaced))
        #expect(
            try decode(#"{"family": "X", "size": 11, "relativeTo": "title"}"#)
                == .custom("X", size: 11, relativeTo: .title))
    }

    @Test func badSemanticValuesAreRefusedByName() {
        let cases: [(String, String)] = [
            (#"{"textStyle": "huge"}"#, "not a text style"),
            (#"{"textStyle": 3}"#, ""),
            (#"{"textStyle": "body", "design": "comic"}"#, "not a font design"),
            (#"{"textStyle": "body", "size": 12}"#, "resolution context"),
            (#"{"textStyle": "body", "family": "A"}"#, "family"),
            (#"{"textStyle": "body", "relativeTo": "body"}"#, "relativeTo"),
            (#"{"design": "serif"}"#, ""),
            (#"{"design": "serif", "size": 12, "family": "A"}"#, "family"),
            (#"{"design": "serif", "size": -1}"#, "greater than 0"),
            (#"{"family": "A", "size": 12, "relativeTo": "tiny"}"#, "not a text style"),
            (#"{"family": "A", "size": 12, "scale": 2}"#, ""),
            (#"{"textStyle": "body", "weight": 5000}"#, "outside 1...1000"),
            (#"{"textStyle": "\#(String(repeating: "x", count: 100_000))"}"#, "not a text style"),
        ]
        for (json, reason) in cases {
            do {
                let font = try decode(json)
                Issue.record("\(json.prefix(80)) decoded as \(font)")
            } catch {
                #expect(reason.isEmpty || "\(error)".contains(reason), "\(json.prefix(80)): \(error)")
                // A long value is not echoed whole.
                #expect("\(error)".count < 2_000)
            }
        }
    }
}

private extension FontDescriptor {
    func serifFamily(in context: FontResolutionContext) -> String {
        FontDescriptor.system(size: size, design: .serif).family(in: context)
    }
}
