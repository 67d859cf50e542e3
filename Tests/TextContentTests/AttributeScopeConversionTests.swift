import Foundation
import Testing
import TextContent

/// An app's own attribute, in a scope of its own that nests Foundation's.
enum CommentAttribute: CodableAttributedStringKey, SendableAttributedStringKey {
    typealias Value = String
    static let name = "App.comment"
}

/// An app's key that does not say its values are Sendable: it cannot be carried, and says so.
enum LegacyTagAttribute: AttributedStringKey {
    typealias Value = Int
    static let name = "App.legacyTag"
}

extension AttributeScopes {
    struct AppAttributes: AttributeScope {
        let comment: CommentAttribute
        let legacyTag: LegacyTagAttribute
        let foundation: FoundationAttributes
    }
    var app: AppAttributes.Type { AppAttributes.self }
}

/// Converting between the engine's scope, Foundation's and an app's returns what the target
/// cannot hold, by key and range, instead of dropping it silently.
@Suite struct AttributeScopeConversionTests {
    func sample() -> AttributedString {
        var text = AttributedString("Hello مرحبا ಕನ್ನಡ world")
        let hello = text.range(of: "Hello")!, arabic = text.range(of: "مرحبا")!, kannada = text.range(of: "ಕನ್ನಡ")!
        text[hello].font = FontDescriptor(family: "DejaVu Sans", size: 20)
        text[arabic].link = URL(string: "https://example.com/ar")
        text[arabic].underlineStyle = .single
        text[kannada][CommentAttribute.self] = "check the conjunct"
        text[kannada][LegacyTagAttribute.self] = 7
        text.alignment = .center
        return text
    }

    @Test func toFoundationKeepsTheLinkAndReportsTheRest() {
        let text = sample()
        let (result, report) = text.converted(to: \.foundation)
        #expect(String(result.characters) == String(text.characters))
        #expect(result.runs.contains { $0.link == URL(string: "https://example.com/ar") })
        #expect(result.runs.allSatisfy { $0.font == nil && $0.underlineStyle == nil && $0.alignment == nil })
        let dropped = Dictionary(uniqueKeysWithValues: report.dropped.map { ($0.key, $0.ranges) })
        #expect(dropped["OpenTextKit.font"] == [0 ..< 5])
        #expect(dropped["OpenTextKit.underlineStyle"] == [6 ..< 11])
        #expect(dropped["OpenTextKit.alignment"] == [0 ..< text.utf16.count])
        #expect(dropped["App.comment"] == [12 ..< 17])
        #expect(dropped["App.legacyTag"] == [12 ..< 17])
        #expect(dropped["NSLink"] == nil)
        #expect(!report.isLossless)
        #expect(report.description.contains("OpenTextKit.font at 0..<5"))
    }

    @Test func toTheEnginesScopeKeepsItsOwnAndFoundationsAndReportsTheApps() {
        let text = sample()
        let (result, report) = text.converted(to: \.openTextKit)
        #expect(result.runs.contains { $0.font?.size == 20 })
        #expect(result.runs.allSatisfy { $0.alignment == .center })
        #expect(report.dropped.map(\.key) == ["App.comment", "App.legacyTag"])
        // From Foundation's scope to the engine's nothing is lost.
        let (foundationOnly, _) = text.converted(to: \.foundation)
        #expect(foundationOnly.converted(to: \.openTextKit).report.isLossless)
    }

    @Test func toAnAppsScopeKeepsItsSendableKeysAndSaysWhichItCannotCarry() {
        let text = sample()
        let (result, report) = text.converted(to: AttributeScopes.AppAttributes.self)
        #expect(result.runs.contains { $0[CommentAttribute.self] == "check the conjunct" })
        #expect(result.runs.contains { $0.link != nil })
        let keys = report.dropped.map(\.key)
        #expect(keys.contains("App.legacyTag"))
        #expect(keys.contains("OpenTextKit.font"))
        #expect(!keys.contains("App.comment") && !keys.contains("NSLink"))
    }
}
