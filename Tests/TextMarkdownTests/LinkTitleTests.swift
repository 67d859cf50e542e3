import Foundation
import Testing
import TextContent
import TextMarkdown

/// Link and image titles are kept beside Foundation's URLs and written back.
@Suite struct LinkTitleTests {
    private typealias Keys = AttributeScopes.OpenTextKitAttributes

    func expectRoundTrip(_ markdown: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let written = try AttributedString(markdown: markdown).markdown()
        #expect(
            try MarkdownHTML.render(written) == MarkdownHTML.render(markdown), "written:\n\(written)",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("[link](/uri \"title\")", "title"),
        ("[שלום](/he 'כותרת \"עברית\"')", "כותרת \"עברית\""),
        ("[مرحبا](/ar (عنوان))", "عنوان"),
        ("[x](/u \"back\\\\slash and &amp;copy; and &copy;\")", "back\\slash and &copy; and ©"),
        ("[ไทย](/th \"line\none\")", "line\none"),
        ("[ref]\n\n[ref]: /url \"ಕನ್ನಡ title\"", "ಕನ್ನಡ title"),
    ])
    func linkTitlesAreKept(markdown: String, title: String) throws {
        let attributed = try AttributedString(markdown: markdown)
        let titles = attributed.runs.compactMap { $0[Keys.MarkdownLinkTitleAttribute.self] }
        #expect(titles.first == title)
        try expectRoundTrip(markdown)
    }

    @Test(arguments: [
        "![foo](/url \"title\")",
        "![foo *bar*]\n\n[foo *bar*]: train.jpg \"train & tracks\"",
        "[![👩‍👩‍👧](/img \"image title\")](/link \"link title\")",
        "[a](/same \"one\")[b](/same \"two\")[c](/same)",
        "[*em*](/u \"t\") and [**strong**](/u \"t\")",
    ])
    func imageAndNeighbouringTitlesRoundTrip(markdown: String) throws {
        try expectRoundTrip(markdown)
    }

    @Test func linksWithoutTitlesHaveNone() throws {
        let attributed = try AttributedString(markdown: "[a](/u) ![b](/i)")
        #expect(
            attributed.runs.allSatisfy {
                $0[Keys.MarkdownLinkTitleAttribute.self] == nil && $0[Keys.MarkdownImageTitleAttribute.self] == nil
            })
    }
}
