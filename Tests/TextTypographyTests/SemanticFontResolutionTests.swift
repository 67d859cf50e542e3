import Testing
import TextContent
@_spi(Typesetting) @testable import TextTypography

/// Semantic fonts resolved against fontconfig, with the fonts `make test` installs (DejaVu,
/// Noto, Noto CJK, Noto Color Emoji): installed families resolve to themselves, missing ones to
/// fontconfig's choice with the fallback named, designs to their generic families.
@Suite struct SemanticFontResolutionTests {
    let matcher = FontMatcher()

    /// The family fontconfig draws a generic family in here (Noto Sans or DejaVu Sans, by the
    /// configuration): what designs must resolve to.
    func generic(_ family: String) throws -> String {
        try matcher.match(FontRequest(family: family, size: 13)).font.familyName
    }

    @Test func anInstalledFamilyResolvesToItselfAtTheContextsSize() throws {
        let context = FontResolutionContext(textSizeScale: 1.5)
        let resolved = try FontDescriptor.custom("DejaVu Serif", size: 12).resolve(in: context, matcher: matcher)
        #expect(resolved.family == "DejaVu Serif" && resolved.requestedFamily == "DejaVu Serif")
        #expect(resolved.fallback == nil)
        #expect(resolved.pointSize == 18 && resolved.font?.size == 18)
        #expect(!resolved.isBold && !resolved.isItalic && !resolved.isMonospaced)
        #expect(resolved.weight == .regular)
        let fixed = try FontDescriptor(family: "DejaVu Sans Mono", size: 12).resolve(in: context, matcher: matcher)
        #expect(fixed.pointSize == 12 && fixed.isMonospaced && fixed.fallback == nil)
    }

    @Test func aMissingFamilyIsANamedFallback() throws {
        let resolved = try FontDescriptor.custom("Fancy Script OTK Missing", size: 13).bold().resolve(
            in: .standard, matcher: matcher)
        let fallback = try #require(resolved.fallback)
        let chosen = try generic("Fancy Script OTK Missing")
        #expect(fallback.requestedFamily == "Fancy Script OTK Missing")
        #expect(fallback.chosenFamily == resolved.family && resolved.family == chosen)
        #expect(resolved.requestedFamily == "Fancy Script OTK Missing")
        #expect(
            fallback.description.contains("Fancy Script OTK Missing") && fallback.description.contains(resolved.family))
        #expect("\(resolved)".contains("is not available"))
        // The style asked for still applies to what is used instead.
        #expect(resolved.isBold)
        // A context naming a family that is missing for a design says so too.
        let context = FontResolutionContext(designFamilies: [.serif: "No Such Serif OTK"])
        let serif = try FontDescriptor.system(.body, design: .serif).resolve(in: context, matcher: matcher)
        #expect(serif.fallback?.requestedFamily == "No Such Serif OTK")
    }

    @Test func designsResolveToTheirGenericFamilies() throws {
        let (sans, serifFamily, monospace) = (try generic("sans-serif"), try generic("serif"), try generic("monospace"))
        let body = try FontDescriptor.body.resolve(in: .standard, matcher: matcher)
        #expect(body.family == sans && body.fallback == nil && body.requestedFamily == "sans-serif")
        #expect(body.textStyle == .body && body.design == .default && body.pointSize == 13)
        let serif = try FontDescriptor.system(.title, design: .serif).resolve(in: .standard, matcher: matcher)
        #expect(serif.family == serifFamily && serif.fallback == nil && !serif.isMonospaced)
        let mono = try FontDescriptor.footnote.monospaced().resolve(in: .standard, matcher: matcher)
        #expect(mono.isMonospaced && mono.family == monospace && mono.fallback == nil)
        #expect(!body.isMonospaced)
        // A context's own family for a design.
        let dejaVu = try FontDescriptor.body.resolve(
            in: FontResolutionContext(designFamilies: [.default: "DejaVu Sans"]), matcher: matcher)
        #expect(dejaVu.family == "DejaVu Sans" && dejaVu.fallback == nil)
    }

    @Test func roundedFallsBackToSansSerifAndSaysSo() throws {
        let rounded = try FontDescriptor.system(.body, design: .rounded).resolve(in: .standard, matcher: matcher)
        let sans = try generic("sans-serif")
        if let installed = matcher.installedRoundedFamily {
            #expect(rounded.family == installed && rounded.fallback == nil)
        } else {
            // None of the rounded families is installed by `make test`: sans-serif, named.
            let fallback = try #require(rounded.fallback)
            #expect(fallback.requestedFamily == "ui-rounded" && fallback.chosenFamily == sans)
            #expect(fallback.reason.contains("rounded"))
            #expect(rounded.family == sans)
        }
    }

    @Test func traitsComeFromTheFaceDrawn() throws {
        let context = FontResolutionContext(designFamilies: [.default: "DejaVu Sans"])
        let (bold, regular, headline) = (
            try FontDescriptor.body.bold().resolve(in: context, matcher: matcher),
            try FontDescriptor.body.resolve(in: context, matcher: matcher),
            try FontDescriptor.headline.resolve(in: context, matcher: matcher)
        )
        #expect(bold.isBold && !regular.isBold)
        #expect(headline.isBold, "headlines are semibold")
        let italic = try FontDescriptor.body.italic().resolve(in: context, matcher: matcher)
        #expect(italic.isItalic && italic.font?.styleName == "Oblique")
        let boldItalic = try FontDescriptor.largeTitle.bold().italic().resolve(in: context, matcher: matcher)
        #expect(boldItalic.isBold && boldItalic.isItalic && boldItalic.weight == .bold)
        // Every text style, in order, at a larger text size.
        let larger = FontResolutionContext(dynamicTypeSize: .accessibility2)
        let sizes = try FontDescriptor.TextStyle.allCases.map {
            try FontDescriptor.system($0).resolve(in: larger, matcher: matcher).pointSize
        }
        #expect(sizes == FontDescriptor.TextStyle.allCases.map { $0.pointSize(in: larger) })
        let standard = FontDescriptor.TextStyle.allCases.map { $0.pointSize(in: .standard) }
        #expect(zip(sizes, standard).allSatisfy { abs($0 / $1 - 33.0 / 17) < 1e-9 })
    }

    @Test func unusableFontsAreClearErrors() {
        #expect(throws: FontError.invalidSize(0)) {
            try FontDescriptor.custom("DejaVu Sans", fixedSize: 0).resolve(in: .standard, matcher: matcher)
        }
        #expect(throws: FontError.invalidFamily("  ")) {
            try FontDescriptor.custom("  ", size: 12).resolve(in: .standard, matcher: matcher)
        }
        #expect(throws: FontError.invalidSize(.infinity)) {
            try FontDescriptor.system(size: .infinity).resolve(in: .standard, matcher: matcher)
        }
    }

    /// `resolve(in:)` never fails, as SwiftUI's: what cannot be asked for resolves as the body
    /// font of its weight and slant, and the fallback says why.
    @Test func resolvingInAContextNeverFailsAndNamesTheStandIn() {
        let zero = FontDescriptor.custom("DejaVu Sans", fixedSize: 0).bold().resolve(in: .standard)
        #expect(zero.isBold && zero.font != nil)
        #expect(zero.pointSize == FontDescriptor.body.pointSize(in: .standard))
        #expect(zero.fallback?.reason == FontError.invalidSize(0).description)
        let blank = FontDescriptor.custom("  ", size: 12).italic().resolve(in: .standard)
        #expect(blank.isItalic && blank.fallback?.requestedFamily == "  ")
        #expect(blank.fallback?.reason == FontError.invalidFamily("  ").description)
        let infinite = FontDescriptor.system(size: .infinity).resolve(in: .standard)
        #expect(infinite.pointSize.isFinite && infinite.fallback != nil)
        // With no font installed at all there is no face; the traits asked for and the reason stay.
        let none = ResolvedFont(
            unresolvable: FontDescriptor.body.bold(), in: .standard,
            reason: FontError.noFontAvailable(family: "sans-serif").description)
        #expect(none.font == nil && none.isBold && none.pointSize == FontDescriptor.body.pointSize(in: .standard))
        #expect(none.fallback?.description.hasSuffix("no font is") == true)
        // What can be asked for resolves as with a matcher, with no fallback.
        let body = FontDescriptor.body.resolve(in: .standard)
        #expect(body.fallback == nil && body == (try? FontDescriptor.body.resolve(in: .standard, matcher: .shared)))
    }

    @Test func layoutsRequestIsTheResolvedOne() throws {
        let context = FontResolutionContext(textSizeScale: 2, designFamilies: [.monospaced: "DejaVu Sans Mono"])
        let request = try FontRequest(FontDescriptor.caption.monospaced().bold(), in: context, matcher: matcher)
        #expect(request.family == "DejaVu Sans Mono" && request.size == 12 * 13 / 17 * 2 && request.weight == 700)
        let fixed = try FontRequest(FontDescriptor(family: "DejaVu Sans", size: 13), in: context, matcher: matcher)
        #expect(fixed == (try FontRequest(family: "DejaVu Sans", size: 13)))
    }
}
