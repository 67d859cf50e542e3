import Foundation
import Testing
import TextContent
import TextMarkdown

/// Link and image destinations are kept as cmark gives them: escapes already there are not
/// encoded again, and a destination Foundation's `URL(string:)` refuses still makes a link.
@Suite struct LinkDestinationTests {
    /// Imports `markdown`, checks its HTML survives export, and returns the first link's and
    /// image's destination as written in the model.
    func importedDestinations(
        _ markdown: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (link: URL?, image: URL?) {
        let attributed = try AttributedString(markdown: markdown)
        let written = try attributed.markdown()
        #expect(
            try MarkdownHTML.render(written) == MarkdownHTML.render(markdown), "written:\n\(written)",
            sourceLocation: sourceLocation)
        return (attributed.runs.compactMap(\.link).first, attributed.runs.compactMap(\.imageURL).first)
    }

    @Test(arguments: [
        ("[link](foo%20b&auml;)", "foo%20b%C3%A4"),
        ("[a](%C3%A4%20x)", "%C3%A4%20x"),
        ("[x](/p%2Fq?a=%26&b=c)", "/p%2Fq?a=%26&b=c"),
        ("[שלום](https://example.com/%D7%A9/עולם)", "https://example.com/%D7%A9/%D7%A2%D7%95%D7%9C%D7%9D"),
        ("[مرحبا](ar%20ab)", "ar%20ab"),
        ("[ಕನ್ನಡ](<a b%20c>)", "a%20b%20c"),
        ("[ภาษาไทย](https://th.example/%E0%B8%A0?q=%20)", "https://th.example/%E0%B8%A0?q=%20"),
        ("![👩‍👩‍👧](img%20one.png)", "img%20one.png"),
    ])
    func percentEscapesAreNotEncodedAgain(markdown: String, expected: String) throws {
        let destinations = try importedDestinations(markdown)
        let destination = try #require(destinations.link ?? destinations.image)
        #expect(destination.relativeString == expected)
    }

    @Test(arguments: [
        ("[link]()", ""),
        ("[link](<>)", ""),
        ("[link](foo\\)\\:)", "foo):"),
        ("<http://foo.bar.`baz>", "http://foo.bar.%60baz"),
        ("[עברית](<>)", ""),
        ("[العربية](a:b:c)", "a:b:c"),
        ("[ไทย](x):y", "x"),
        ("![img]()", ""),
    ])
    func destinationsURLStringRefusesStillLink(markdown: String, expected: String) throws {
        let destinations = try importedDestinations(markdown)
        let destination = try #require(destinations.link ?? destinations.image, "\(markdown) lost its link")
        #expect(destination.relativeString == expected)
    }

    @Test func anEmptyDestinationResolvesToTheBase() throws {
        let base = try #require(URL(string: "https://example.com/dir/page.md"))
        let attributed = try AttributedString(markdown: "[here]() and [there](a%20b)", baseURL: base)
        let links = attributed.runs.compactMap(\.link)
        #expect(links.count == 2)
        #expect(links.first?.absoluteString.hasPrefix("https://example.com/dir/") == true)
        #expect(links.last?.absoluteString == "https://example.com/dir/a%20b")
    }

    @Test(arguments: [
        "![foo ![bar](/url)](/url2)",
        "![foo ![bar ![baz](/u3)](/u2)](/u1)",
        "![שלום ![עולם](/inner)](/outer)",
        "![مرحبا [رابط](/link)](/image)",
    ])
    func aNestedImageIsTextOfTheOuterOne(markdown: String) throws {
        let attributed = try AttributedString(markdown: markdown)
        let sources = Set(attributed.runs.compactMap(\.imageURL).map(\.relativeString))
        #expect(sources.count == 1)
        let written = try attributed.markdown()
        #expect(try MarkdownHTML.render(written) == MarkdownHTML.render(markdown), "written:\n\(written)")
    }

    @Test func destinationsThatLookLikeEntitiesAreEscaped() throws {
        // `&amp;copy;` is the text "&copy;" in the destination; written bare it would be ©.
        for markdown in ["[a](x&amp;copy;y)", "[b](/q?a=1&amp;#65;)", "[c](/q?x=1&y=2)"] {
            _ = try importedDestinations(markdown)
        }
    }
}
