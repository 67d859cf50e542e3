import Foundation
import Testing
import TextDocument
@testable import TextContent

/// Seed 003's attributes that AppKit draws and SwiftUI's Text does not: `shadow`, `strokeColor`,
/// `strokeWidth`, `obliqueness` and `expansion`, in the engine's scope, stored by the document
/// format, and clamped to values the engine can draw.
@Suite struct GlyphDrawingAttributeTests {
    static let shadow = Shadow(
        shadowOffset: CGSize(width: 2, height: -3), shadowBlurRadius: 4,
        shadowColor: TextColor(red: 1, green: 0, blue: 0, alpha: 0.5))

    static func styled(_ text: String) -> AttributedString {
        var string = AttributedString(text)
        string.shadow = shadow
        string.strokeColor = .blue
        string.strokeWidth = -3
        string.obliqueness = 0.25
        string.expansion = 0.1
        return string
    }

    @Test func theAttributesAreInTheScope() {
        let string = Self.styled("Outlined")
        #expect(string.shadow == Self.shadow)
        #expect(string.strokeColor == .blue && string.strokeWidth == -3)
        #expect(string.obliqueness == 0.25 && string.expansion == 0.1)
        #expect(string.runs[\.shadow, \.strokeWidth].count == 1)
        #expect(AttributeScopes.OpenTextKitAttributes.ShadowAttribute.name == "OpenTextKit.shadow")
        #expect(AttributeScopes.OpenTextKitAttributes.ExpansionAttribute.name == "OpenTextKit.expansion")
        // Kept by the engine's scope, dropped (and reported) by Foundation's.
        #expect(string.converted(to: AttributeScopes.OpenTextKitAttributes.self).report.isLossless)
        let dropped = string.converted(to: AttributeScopes.FoundationAttributes.self).report.dropped.map(\.key)
        #expect(
            dropped == [
                "OpenTextKit.expansion", "OpenTextKit.obliqueness", "OpenTextKit.shadow", "OpenTextKit.strokeColor",
                "OpenTextKit.strokeWidth",
            ])
    }

    /// The document format writes each of them and reads them back, in every script.
    @Test(arguments: DocumentFormatTests.samples.map(\.tag))
    func theDocumentFormatStoresThem(_ tag: String) throws {
        let text = try #require(DocumentFormatTests.samples.first { $0.tag == tag }).text
        var string = AttributedString("plain ") + Self.styled(text)
        string.kern = 1
        let data = try TextDocumentFormat.encode(string)
        let decoded = try TextDocumentFormat.decode(data)
        #expect(decoded.runs.count == string.runs.count)
        #expect(zip(decoded.runs, string.runs).allSatisfy { $0.attributes == $1.attributes }, "\(tag)")
        #expect(try TextDocumentFormat.encode(decoded) == data)
    }

    /// A document's numbers are untrusted: a non-finite stroke width is refused with a typed
    /// error, an absurd shadow is clamped.
    @Test func absurdValuesInADocumentAreRefusedOrClamped() throws {
        let good = String(decoding: try TextDocumentFormat.encode(Self.styled("x")), as: UTF8.self)
        #expect(good.contains("\"strokeWidth\""))
        let infinite = good.replacingOccurrences(of: "\"strokeWidth\":-3", with: "\"strokeWidth\":1e999")
        #expect(infinite != good)
        #expect(throws: TextDocumentError.self) { try TextDocumentFormat.decode(Data(infinite.utf8)) }
        let huge = good.replacingOccurrences(of: "\"shadowBlurRadius\":4", with: "\"shadowBlurRadius\":1e300")
        #expect(huge != good)
        let decoded = try TextDocumentFormat.decode(Data(huge.utf8))
        #expect(decoded.shadow?.shadowBlurRadius == Shadow.maximumBlurRadius)
        let badOffset = good.replacingOccurrences(of: "\"shadowOffset\":[2,-3]", with: "\"shadowOffset\":[2]")
        #expect(badOffset != good)
        #expect(throws: TextDocumentError.self) { try TextDocumentFormat.decode(Data(badOffset.utf8)) }
    }

    @Test func aShadowClampsWhatCannotBeDrawn() {
        let plain = Shadow()
        #expect(plain.shadowOffset == .zero && plain.shadowBlurRadius == 0 && plain.shadowColor == Shadow.defaultColor)
        for (value, expected) in [
            (Double.nan, 0.0), (.infinity, 0), (-.infinity, 0), (1e300, Shadow.maximumOffset),
            (-1e300, -Shadow.maximumOffset), (7, 7),
        ] {
            let shadow = Shadow(shadowOffset: CGSize(width: value, height: -value), shadowBlurRadius: value)
            #expect(
                Double(shadow.shadowOffset.width) == expected
                    && Double(shadow.shadowOffset.height) == (expected == 0 ? 0 : -expected), "\(value)")
            #expect(shadow.shadowBlurRadius == min(max(expected, 0), Shadow.maximumBlurRadius), "\(value)")
        }
    }

    @Test func attributeValueLimitsClampEveryNumber() {
        typealias Limits = AttributeValueLimits
        for value in [Double.nan, .infinity, -.infinity, 1e300, -1e300, 0.5, -0.5] {
            for (clamp, limit) in [
                (Limits.kern, Limits.maximumSpacing), (Limits.tracking, Limits.maximumSpacing),
                (Limits.baselineOffset, Limits.maximumBaselineOffset), (Limits.strokeWidth, Limits.maximumStrokeWidth),
                (Limits.obliqueness, Limits.maximumObliqueness), (Limits.expansion, Limits.maximumExpansion),
            ] {
                let clamped = clamp(value)
                #expect(clamped.isFinite && abs(clamped) <= limit, "\(value)")
                if abs(value) < limit { #expect(clamped == value) }
                if !value.isFinite { #expect(clamped == 0) }
            }
        }
    }
}
