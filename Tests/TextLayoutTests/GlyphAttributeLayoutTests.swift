import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Typesetting) import TextTypography
@_spi(Rendering) @testable import TextLayout

/// The attributes of seed 003 that change geometry: `kern` and `tracking` (points after each
/// cluster), `expansion` (the log of a horizontal stretch), `baselineOffset`; and
/// `languageIdentifier`, which reaches HarfBuzz on every path that shapes.
@Suite struct GlyphAttributeLayoutTests {
    private static let font = FontDescriptor(family: "DejaVu Sans", size: 13)

    /// English and the right-to-left and complex scripts: a short stretch of each, one line.
    static let samples: [(tag: String, text: String)] =
        [("en", "The quick brown fox jumps over the lazy dog")]
        + ["ar_Arab", "he_Hebr", "th_Thai", "kn_Knda"].map { ($0, String(MixedSamples.text($0).prefix(24))) }

    private func shaped(
        _ text: AttributedString, font: FontDescriptor = font, context: FontResolutionContext = .standard
    ) throws -> ShapedParagraph {
        try ShapedParagraph(
            ParagraphContent(TextParagraph(attributedString: text), defaultFont: font, context: context),
            scratch: LayoutScratch())
    }

    private func attributed(_ text: String, _ set: (inout AttributedString) -> Void = { _ in }) -> AttributedString {
        var result = AttributedString(text)
        set(&result)
        return result
    }

    /// The width the paragraph's glyphs take: the sum of its advances.
    private func width(_ paragraph: ShapedParagraph) -> Double {
        paragraph.advances.reduce(0) { $0 + Double($1) }
    }

    /// How many clusters (HarfBuzz's, kerned as AppKit kerns: between clusters) show ink room.
    private func clusterCount(_ paragraph: ShapedParagraph) -> Int {
        paragraph.advances.prefix(paragraph.content.contentLength).filter { $0 != 0 }.count
    }

    /// The first line of a paragraph laid out in a wide container (its only one unless `wraps`).
    private func line(
        _ text: AttributedString, font: FontDescriptor = font, wraps: Bool = false
    ) throws -> TextLineFragment {
        let storage = TextContentStorage(attributedString: text)
        let manager = TextLayoutManager(
            textContainer: TextContainer(size: CGSize(width: 100_000, height: 0), lineFragmentPadding: 0),
            defaultFont: font)
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        RetainedStorages.keep(storage)
        let lines = try #require(allFragments(manager).first).textLineFragments
        if !wraps { #expect(lines.count == 1) }
        return try #require(lines.first)
    }

    /// The extent of a line's caret stops: the width of its text.
    private func textWidth(_ line: TextLineFragment) -> Double {
        let xs = line.caretStops.map { Double($0.x) }
        return (xs.max() ?? 0) - (xs.min() ?? 0)
    }

    @Test(arguments: samples.map(\.tag))
    func kernWidensEachClusterAndKeepsTheShaping(_ tag: String) throws {
        let text = try #require(Self.samples.first { $0.tag == tag }).text
        let plain = try shaped(attributed(text))
        let kerned = try shaped(attributed(text) { $0.kern = 2 })
        // Kerning goes between clusters: the glyphs are those of the unkerned text (Arabic keeps
        // its joining forms, Kannada its conjuncts), and each cluster is 2 points wider.
        #expect(kerned.glyphs.map(\.id) == plain.glyphs.map(\.id), "\(tag)")
        let clusters = clusterCount(plain)
        #expect(clusters > 5)
        #expect(
            abs(width(kerned) - width(plain) - 2 * Double(clusters)) < 0.01,
            "\(tag): \(width(kerned)) vs \(width(plain)) + 2 × \(clusters)")
        // Laid out, the line is as much wider; negative kern tightens it.
        let plainLine = try line(attributed(text)), kernedLine = try line(attributed(text) { $0.kern = 2 })
        #expect(abs(textWidth(kernedLine) - textWidth(plainLine) - 2 * Double(clusters)) < 0.5, "\(tag)")
        let tight = try shaped(attributed(text) { $0.kern = -0.5 })
        #expect(abs(width(plain) - width(tight) - 0.5 * Double(clusters)) < 0.01, "\(tag)")
    }

    @Test func kernOnEnglishWidensByTheKernPerCharacter() throws {
        let text = "abcdefghij"
        let plain = try line(attributed(text)), kerned = try line(attributed(text) { $0.kern = 2 })
        #expect(abs(textWidth(kerned) - textWidth(plain) - 20) < 0.01)
        // Kern on part of the text widens only that part.
        let part = try line(attributed(text) { $0[$0.range(of: "cde")!].kern = 2 })
        #expect(abs(textWidth(part) - textWidth(plain) - 6) < 0.01)
    }

    @Test(arguments: samples.map(\.tag))
    func trackingWidensEachClusterInEveryScript(_ tag: String) throws {
        let text = try #require(Self.samples.first { $0.tag == tag }).text
        // Tracking turns the optional ligatures off: compare with the text shaped so.
        let unligated = Self.font.with(features: [
            FontFeature(tag: "liga", value: 0)!, FontFeature(tag: "clig", value: 0)!,
        ])
        let plain = try shaped(attributed(text), font: unligated)
        let tracked = try shaped(attributed(text) { $0.tracking = 1.5 })
        #expect(tracked.glyphs.map(\.id) == plain.glyphs.map(\.id), "\(tag)")
        #expect(abs(width(tracked) - width(plain) - 1.5 * Double(clusterCount(plain))) < 0.01, "\(tag)")
    }

    @Test func trackingTurnsOffOptionalLigaturesAndKernKeepsThem() throws {
        let text = "office fluff"
        let plain = try shaped(attributed(text))
        // DejaVu Sans joins "ffi" and "fl": fewer glyphs than characters.
        try #require(plain.glyphs.count < text.utf16.count)
        #expect(try shaped(attributed(text) { $0.kern = 1 }).glyphs.count == plain.glyphs.count)
        #expect(try shaped(attributed(text) { $0.tracking = 1 }).glyphs.count == text.utf16.count)
        // A ligature the text asks for stays.
        let asked = Self.font.with(features: [.ligatures(true)])
        #expect(
            try shaped(
                attributed(text) {
                    $0.tracking = 1; $0.font = asked
                }
            ).glyphs.count == plain.glyphs.count)
    }

    @Test(arguments: samples.map(\.tag))
    func expansionStretchesAdvancesAndInk(_ tag: String) throws {
        let text = try #require(Self.samples.first { $0.tag == tag }).text
        let plain = try shaped(attributed(text))
        let wide = try shaped(attributed(text) { $0.expansion = log(2) })
        let narrow = try shaped(attributed(text) { $0.expansion = log(0.5) })
        #expect(wide.glyphs.map(\.id) == plain.glyphs.map(\.id), "\(tag)")
        #expect(abs(width(wide) / width(plain) - 2) < 0.001, "\(tag)")
        #expect(abs(width(narrow) / width(plain) - 0.5) < 0.001, "\(tag)")
        // The line is as wide, its glyph runs are drawn stretched, and their ink is wider.
        let plainLine = try line(attributed(text)), wideLine = try line(attributed(text) { $0.expansion = log(2) })
        #expect(abs(textWidth(wideLine) / textWidth(plainLine) - 2) < 0.01, "\(tag)")
        #expect(wideLine.glyphRuns.allSatisfy { abs($0.horizontalScale - 2) < 1e-6 })
        #expect(plainLine.glyphRuns.allSatisfy { $0.horizontalScale == 1 })
        #expect(wideLine.inkBounds.width > plainLine.inkBounds.width * 1.8, "\(tag)")
    }

    @Test(arguments: samples.map(\.tag))
    func baselineOffsetMovesGlyphsAndGrowsTheLine(_ tag: String) throws {
        let text = try #require(Self.samples.first { $0.tag == tag }).text
        let plain = try line(attributed(text))
        for offset in [6.0, -6.0] {
            let moved = try line(attributed(text) { $0.baselineOffset = offset })
            let dy = zip(moved.glyphRuns.flatMap(\.positions), plain.glyphRuns.flatMap(\.positions)).map {
                Double($0.y - $1.y)
            }
            #expect(
                !dy.isEmpty && dy.allSatisfy { abs($0 + offset) < 1e-6 },
                "\(tag) \(offset): glyphs move up by the offset")
            #expect(
                abs(Double(moved.typographicBounds.height - plain.typographicBounds.height) - abs(offset)) < 0.01,
                "\(tag) \(offset)")
        }
        // Part of a line raised: its glyphs only, and the line grows to hold them.
        var mixed = attributed(text)
        let index = mixed.index(mixed.startIndex, offsetByCharacters: 4)
        mixed[mixed.startIndex ..< index].baselineOffset = 5
        let partly = try line(mixed)
        #expect(partly.typographicBounds.height > plain.typographicBounds.height + 4.99)
    }

    /// Numbers from an untrusted document: they lay out, clamped, with finite geometry, in
    /// bounded time.
    @Test func absurdValuesAreClampedNotTrapped() throws {
        let values: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 1e9, -1e9]
        for text in Self.samples.map(\.text) {
            let plainWidth = width(try shaped(attributed(text)))
            for value in values {
                for set in [
                    { (s: inout AttributedString) in s.kern = value }, { $0.tracking = value },
                    { $0.baselineOffset = value },
                    { $0.expansion = value },
                    {
                        $0.kern = value; $0.tracking = value; $0.expansion = value; $0.baselineOffset = value
                    },
                ] {
                    let string = attributed(text, set)
                    let paragraph = try shaped(string)
                    let finite = paragraph.advances.allSatisfy { $0.isFinite }
                    #expect(finite, "\(value)")
                    let laidOut = try line(string, wraps: true)
                    let bounds = laidOut.typographicBounds
                    #expect(
                        bounds.height.isFinite && bounds.width.isFinite && laidOut.inkBounds.width.isFinite, "\(value)")
                    #expect(laidOut.caretStops.allSatisfy { $0.x.isFinite }, "\(value)")
                    #expect(bounds.height <= 2 * AttributeValueLimits.maximumBaselineOffset + 100)
                    #expect(
                        width(paragraph) <= plainWidth * 10.01 + AttributeValueLimits.maximumSpacing * 2
                            * Double(text.utf16.count))
                }
            }
        }
        // Expansion 1000 is ten times as wide, the most it can be.
        let text = "stretched"
        let ten = try shaped(attributed(text) { $0.expansion = 1000 })
        let unstretched = try shaped(attributed(text))
        #expect(abs(width(ten) / width(unstretched) - 10) < 0.01)
        #expect(AttributeValueLimits.kern(.nan) == 0 && AttributeValueLimits.expansion(-1000) == -log(10))
    }

    /// Edits inside a stretched or kerned run are reshaped around the edit, and come out as
    /// shaping the edited text afresh does.
    @Test func editsInAStretchedRunReshapeAsShapingAfresh() throws {
        let scratch = LayoutScratch()
        // Stretched alone (the glyphs spliced compactly) and stretched and kerned.
        for (sample, kern) in Self.samples.map(\.text).flatMap({ [($0, 0.0), ($0, 0.5)] }) {
            let text = sample + " " + LayoutSamples.english
            let storage = TextContentStorage(
                attributedString: attributed(text) {
                    $0.expansion = 0.3; if kern != 0 { $0.kern = kern }
                })
            var old = try ShapedParagraph(
                ParagraphContent(#require(storage.textParagraph(atIndex: 0)), defaultFont: Self.font), scratch: scratch)
            var reshapedCount = 0
            for (start, inserted) in [
                (text.utf16.count - 4, "x"), (text.utf16.count - 10, "word "), (text.utf16.count - 20, ""),
            ] {
                let removed = inserted.isEmpty ? 2 : 0
                try storage.replaceContents(
                    in: #require(storage.textRange(for: start ..< start + removed)), with: inserted)
                let content = try ParagraphContent(#require(storage.textParagraph(atIndex: 0)), defaultFont: Self.font)
                let fresh = try ShapedParagraph(content, scratch: LayoutScratch())
                let edit = ParagraphEdit(range: start ..< start + removed, replacementLength: inserted.utf16.count)
                if let reshaped = try ShapedParagraph.reshaped(content, from: old, edits: [edit], scratch: scratch) {
                    reshapedCount += 1
                    #expect(reshaped.glyphs == fresh.glyphs)
                    #expect(reshaped.advances == fresh.advances)
                }
                old = fresh
            }
            if !sample.unicodeScalars.contains(where: { $0.value >= 0x590 }) { #expect(reshapedCount > 0) }
        }
    }
}
