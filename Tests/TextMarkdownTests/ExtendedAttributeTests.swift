import Foundation
import Testing
import TextContent
@testable import TextMarkdown

/// An app's attributes for Markdown's extended syntax, `^[text](name: value)`.
enum MentionAttribute: CodableAttributedStringKey, MarkdownDecodableAttributedStringKey, SendableAttributedStringKey {
    typealias Value = String
    static let name = "Tests.mention"
    static let markdownName = "mention"
}

enum RankAttribute: CodableAttributedStringKey, MarkdownDecodableAttributedStringKey, SendableAttributedStringKey {
    typealias Value = Int
    static let name = "Tests.rank"
    static let markdownName = "rank"
}

struct Person: Codable, Hashable, Sendable {
    var name: String
    var tags: [String] = []
}

enum PersonAttribute: CodableAttributedStringKey, MarkdownDecodableAttributedStringKey, SendableAttributedStringKey {
    typealias Value = Person
    static let name = "Tests.person"
    static let markdownName = "person"
}

/// A key Markdown could name but whose values the reader cannot set across threads.
enum LabelAttribute: CodableAttributedStringKey, MarkdownDecodableAttributedStringKey {
    typealias Value = String
    static let name = "Tests.label"
    static let markdownName = "label"
}

extension AttributeScopes {
    /// A notes app's scope: its own attributes and the engine's.
    struct NotesMarkdownAttributes: AttributeScope {
        let mention: MentionAttribute
        let rank: RankAttribute
        let person: PersonAttribute
        let label: LabelAttribute
        let openTextKit: OpenTextKitAttributes
    }

    var notesMarkdown: NotesMarkdownAttributes.Type { NotesMarkdownAttributes.self }
}

extension AttributeDynamicLookup {
    subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.NotesMarkdownAttributes, T>) -> T {
        self[T.self]
    }
}

/// `AttributedString(markdown:including:options:baseURL:)` with `allowsExtendedAttributes`.
@Suite struct ExtendedAttributeTests {
    static let extended = AttributedString.MarkdownParsingOptions(allowsExtendedAttributes: true)
    static let partial = AttributedString.MarkdownParsingOptions(
        allowsExtendedAttributes: true, failurePolicy: .returnPartiallyParsedIfPossible)
    static let words = ["Amira", "مرحبا", "שלום", "ไทย", "ಕನ್ನಡ", "👩‍👩‍👧"]

    func notes(
        _ markdown: String, options: AttributedString.MarkdownParsingOptions = extended
    ) throws(MarkdownError) -> AttributedString {
        try AttributedString(
            markdown: markdown, including: AttributeScopes.NotesMarkdownAttributes.self, options: options)
    }

    /// The attribute `key` of the characters `word` in `text`.
    func value<K: AttributedStringKey>(_ key: K.Type, of word: String, in text: AttributedString) -> K.Value?
    where K.Value: Sendable {
        guard let range = text.range(of: word) else { return nil }
        return text[range][K.self]
    }

    @Test func theTextTakesTheScopesAttributesAndTheSyntaxGoes() throws {
        for word in Self.words {
            let text = try notes(
                "Hi ^[\(word)](mention: \"\(word)\", rank: 2, person: {name: 'N', tags: [\"a\", \"b\"]}) and more.")
            #expect(String(text.characters) == "Hi \(word) and more.")
            #expect(value(MentionAttribute.self, of: word, in: text) == word)
            #expect(value(RankAttribute.self, of: word, in: text) == 2)
            #expect(value(PersonAttribute.self, of: word, in: text) == Person(name: "N", tags: ["a", "b"]))
            #expect(
                value(MentionAttribute.self, of: "Hi", in: text) == nil
                    && value(RankAttribute.self, of: "more", in: text) == nil)
            // The key path form reads the same.
            let byKeyPath = try AttributedString(
                markdown: "^[\(word)](rank: 7)", including: \.notesMarkdown, options: Self.extended)
            #expect(byKeyPath.runs.count == 1 && byKeyPath.runs.first?[RankAttribute.self] == 7)
        }
    }

    @Test func markupInsideKeepsItsIntentsAndUsesNest() throws {
        let text = try notes("# ^[**مرحبا** *world* `code`](rank: 1)\n\nA ^[b ^[ಕನ್ನಡ](mention: \"k\") c](rank: 3) d")
        #expect(String(text.characters) == "مرحبا world code\nA b ಕನ್ನಡ c d")
        #expect(value(RankAttribute.self, of: "مرحبا", in: text) == 1)
        #expect(text[text.range(of: "مرحبا")!].inlinePresentationIntent == .stronglyEmphasized)
        #expect(text[text.range(of: "code")!].inlinePresentationIntent == .code)
        #expect(value(RankAttribute.self, of: "code", in: text) == 1)
        #expect(text[text.range(of: "مرحبا")!].presentationIntent?.components.first?.kind == .header(level: 1))
        // The inner use has both; the outer text only the outer attribute.
        #expect(
            value(MentionAttribute.self, of: "ಕನ್ನಡ", in: text) == "k"
                && value(RankAttribute.self, of: "ಕನ್ನಡ", in: text) == 3)
        #expect(
            value(RankAttribute.self, of: "b", in: text) == 3 && value(MentionAttribute.self, of: "b", in: text) == nil)
        #expect(value(RankAttribute.self, of: " d", in: text) == nil)
    }

    /// Without spaces cmark-gfm reads the parentheses as a link's destination (and
    /// `(name: "value")` as a destination and a title): it is the syntax all the same.
    @Test func attributesCmarkReadsAsALinkAreReadToo() throws {
        for (markdown, rank, mention) in [
            ("^[שלום](rank:5)", 5, nil), ("^[שלום](mention: \"x y\")", nil, "x y"),
            ("^[שלום](mention:'q')", nil, "q"), ("^[שלום](rank:5,mention:\"z\")", 5, "z"),
            ("^[שלום](mention: \"caf\\u00E9 \\\"q\\\"\")", nil, "café \"q\""),
        ] as [(String, Int?, String?)] {
            let text = try notes(markdown + " [link](https://example.com)")
            #expect(String(text.characters) == "שלום link", "\(markdown)")
            #expect(value(RankAttribute.self, of: "שלום", in: text) == rank, "\(markdown)")
            #expect(value(MentionAttribute.self, of: "שלום", in: text) == mention, "\(markdown)")
            #expect(value(AttributeScopes.FoundationAttributes.LinkAttribute.self, of: "שלום", in: text) == nil)
            #expect(
                value(AttributeScopes.FoundationAttributes.LinkAttribute.self, of: "link", in: text)
                    == URL(string: "https://example.com"))
        }
    }

    @Test func namesTheScopeLacksAreIgnored() throws {
        let text = try notes("^[ไทย](inflect: true, morphology: {grammaticalGender: \"feminine\"}, rank: 9)")
        #expect(String(text.characters) == "ไทย")
        #expect(text.runs.first?[RankAttribute.self] == 9)
        // A key of the scope that is not a SendableAttributedStringKey is named in an error,
        // not dropped without a word.
        let unsendable = Self.failure { () throws(MarkdownError) -> AttributedString in try notes("^[x](label: \"l\")")
        }
        guard let unsendable, case .invalidExtendedAttributes(_, _, let reason) = unsendable else {
            Issue.record("a key that cannot be set was ignored: \(String(describing: unsendable))")
            return
        }
        #expect(reason.contains("LabelAttribute") && reason.contains("SendableAttributedStringKey"))
        // The engine's scope has no mention: the text is kept, the name ignored.
        let engine = try AttributedString(markdown: "^[ไทย](mention: \"x\")", options: Self.extended)
        #expect(String(engine.characters) == "ไทย")
        #expect(engine.runs.count == 1)
    }

    @Test func theEnginesOwnAttributesHaveMarkdownNames() throws {
        let text = try AttributedString(
            markdown:
                "^[ಕನ್ನಡ](foregroundColor: \"mint\", backgroundColor: \"#00FF0080\", underlineStyle: "
                + "\"dashDotDot\", strikethroughStyle: {pattern: \"dot\", byWord: true}, kern: 1.5, tracking: "
                + "-0.5, baselineOffset: 3, underlineColor: {red: 1, green: 0, blue: 0})",
            options: Self.extended)
        let run = try #require(text.runs.first)
        #expect(String(text.characters) == "ಕನ್ನಡ")
        #expect(run.foregroundColor == .mint && run.backgroundColor == TextColor(hex: "#00FF0080"))
        #expect(
            run.underlineStyle == .patternDashDotDot
                && run.strikethroughStyle == TextDecorationStyle(pattern: .dot, byWord: true))
        #expect(run.kern == 1.5 && run.tracking == -0.5 && run.baselineOffset == 3 && run.underlineColor == .red)
        // Also through an app's scope that nests the engine's.
        let nested = try notes("^[x](foregroundColor: \"indigo\")")
        #expect(nested.runs.first?.foregroundColor == .indigo)
    }

    @Test func offTheSyntaxIsOrdinaryMarkdownAndCodeIsNeverRead() throws {
        let plain = try AttributedString(
            markdown: "^[x](rank: 1) and ^[y](rank:1)", including: AttributeScopes.NotesMarkdownAttributes.self)
        #expect(String(plain.characters) == "^[x](rank: 1) and ^y")
        #expect(plain.runs.allSatisfy { $0[RankAttribute.self] == nil })
        let code = try notes("`^[x](rank: 1)` and\n\n    ^[z](rank: 1)\n\n<div>\n^[w](rank: 1)\n</div>")
        #expect(String(code.characters) == "^[x](rank: 1) and\n^[z](rank: 1)\n<div>\n^[w](rank: 1)\n</div>")
        #expect(code.runs.allSatisfy { $0[RankAttribute.self] == nil })
        // Code inside the text is text: its brackets and parentheses are outside it.
        let inside = try notes("^[`y` ಕ](rank: 1)")
        #expect(String(inside.characters) == "y ಕ" && inside.runs.allSatisfy { $0[RankAttribute.self] == 1 })
    }

    /// Untrusted Markdown: whatever stands between the parentheses, a clear error (or the text
    /// without the attributes when partial results are asked for), never a trap.
    @Test func attributesThatCannotBeReadAreAClearErrorNeverATrap() throws {
        let deep = String(repeating: "[", count: 1_500) + String(repeating: "]", count: 1_500)
        let bad = [
            "rank: \"two\"", "rank: 1e400", "rank: 99999999999999999999999999", "rank: -1e300", "mention: {",
            "rank: 1,, 2",
            ": 1", "person: {name: 1}", "person: \(deep)", "person: {name: \"n\", tags: \(deep)}", "rank: Infinity",
            "rank: 1 /* unclosed", "mention: \"\\uD800\"", "mention: 'a\\uDC00b'", "foregroundColor: \"chartreuse\"",
            "kern: NaN", "kern: Infinity",
            "underlineStyle: \"wavy\"", "person: null", "rank: 0x", "rank: [1]", "rank: 1}, {rank: 2", "mention: ]",
        ]
        for attributes in bad {
            for word in ["ok", "مرحبا", "👩‍👩‍👧"] {
                let markdown = "Before ^[\(word)](\(attributes)) after"
                let error = Self.failure { () throws(MarkdownError) -> AttributedString in try notes(markdown) }
                if let error, case .invalidExtendedAttributes(let line, _, let reason) = error {
                    #expect(line == 1 && !reason.isEmpty)
                    #expect(error.message.contains("extended attributes"))
                } else {
                    Issue.record("\(attributes): \(String(describing: error))")
                }
                // A partial result keeps the text, without the attributes.
                let partial = try notes(markdown, options: Self.partial)
                #expect(String(partial.characters) == "Before \(word) after", "\(attributes)")
                #expect(partial.runs.allSatisfy { $0[RankAttribute.self] == nil && $0[PersonAttribute.self] == nil })
            }
        }
    }

    /// A large document is read in sections: each section's reader has the scope, and an
    /// error names the line of its block in the whole document.
    @Test func sectionsAndStoragesReadTheSyntaxAsAWholeImportDoes() throws {
        let paragraphs = (1 ... 60).map { index in
            index % 10 == 0
                ? "# Part ^[\(index)](rank: \(index))"
                : "Paragraph \(index) ^[\(Self.words[index % Self.words.count])](rank: \(index), mention: "
                    + "\"m\(index)\") ends."
        }
        let document = paragraphs.joined(separator: "\n\n")
        let scope = AttributeScopes.NotesMarkdownAttributes.self
        let whole = try AttributedString(
            markdown: document, options: Self.extended, baseURL: nil, scope: scope, sectionBytes: Int.max)
        let sectioned = try AttributedString(
            markdown: document, options: Self.extended, baseURL: nil, scope: scope, sectionBytes: 64)
        #expect(SectionedImportTests.sameContent(whole, sectioned))
        #expect(whole.runs.compactMap { $0[RankAttribute.self] }.count == 60)
        #expect(!String(whole.characters).contains("^["))
        // A bad use in paragraph 45 (line 89): the same error either way.
        var broken = paragraphs
        broken[44] = "Broken ^[x](rank: \"many\") here"
        for sectionBytes in [Int.max, 64] {
            let error = Self.failure { () throws(MarkdownError) -> AttributedString in
                try AttributedString(
                    markdown: broken.joined(separator: "\n\n"), options: Self.extended, baseURL: nil, scope: scope,
                    sectionBytes: sectionBytes)
            }
            guard let error, case .invalidExtendedAttributes(let line, let attributes, _) = error else {
                Issue.record("not the error expected: \(String(describing: error))")
                continue
            }
            #expect(line == 89 && attributes == "rank: \"many\"")
        }
        // A storage made from Markdown reads the engine's names too.
        let storage = try TextContentStorage(
            markdown: "A ^[ಕನ್ನಡ](foregroundColor: \"teal\", underlineStyle: \"dash\") word", options: Self.extended,
            presentation: nil)
        let text = storage.attributedString
        #expect(String(text.characters).hasPrefix("A ಕನ್ನಡ word"))
        #expect(text[text.range(of: "ಕನ್ನಡ")!].foregroundColor == .teal)
        #expect(text[text.range(of: "ಕನ್ನಡ")!].underlineStyle == .patternDash)
    }

    @Test func aFileAndDataAreReadWithTheScopeToo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("otk-md-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.md")
        let markdown = "# ^[مرحبا](rank: 6)\n\n^[ಕನ್ನಡ 👩‍👩‍👧](mention: \"k\") [guide](guide.md)\n"
        try Data(markdown.utf8).write(to: file)
        for text in [
            try AttributedString(
                contentsOf: file, including: AttributeScopes.NotesMarkdownAttributes.self, options: Self.extended),
            try AttributedString(contentsOf: file, including: \.notesMarkdown, options: Self.extended),
            try AttributedString(
                markdown: Data(markdown.utf8), including: AttributeScopes.NotesMarkdownAttributes.self,
                options: Self.extended, baseURL: file),
        ] {
            #expect(String(text.characters) == "مرحبا\nಕನ್ನಡ 👩‍👩‍👧 guide")
            #expect(
                value(RankAttribute.self, of: "مرحبا", in: text) == 6
                    && value(MentionAttribute.self, of: "ಕನ್ನಡ 👩‍👩‍👧", in: text) == "k")
            #expect(
                value(AttributeScopes.FoundationAttributes.LinkAttribute.self, of: "guide", in: text)?.absoluteURL
                    == folder.appendingPathComponent("guide.md").absoluteURL)
        }
        #expect(throws: MarkdownError.self) {
            try AttributedString(
                contentsOf: folder.appendingPathComponent("missing.md"), including: \.notesMarkdown,
                options: Self.extended)
        }
        #expect(throws: MarkdownError.invalidUTF8(byteOffset: 2)) {
            try AttributedString(
                markdown: Data([0x61, 0x62, 0xFF]), including: \.notesMarkdown, options: Self.extended)
        }
    }

    @Test func inlineOnlySyntaxReadsItToo() throws {
        for syntax in [
            AttributedString.MarkdownParsingOptions.InterpretedSyntax.inlineOnly, .inlineOnlyPreservingWhitespace,
        ] {
            let options = AttributedString.MarkdownParsingOptions(
                allowsExtendedAttributes: true, interpretedSyntax: syntax)
            let text = try notes("# ^[שלום](rank: 1) and\n\n^[ไทย *x*](mention: \"t\")", options: options)
            #expect(value(RankAttribute.self, of: "שלום", in: text) == 1, "\(syntax)")
            #expect(value(MentionAttribute.self, of: "ไทย x", in: text) == "t", "\(syntax)")
            #expect(!String(text.characters).contains("^["), "\(syntax)")
        }
    }

    /// Random Markdown made of the syntax's own characters, scripts and markup: every import
    /// ends with text or a typed error, and a partial import never fails on attributes.
    @Test func randomSyntaxNeverTraps() throws {
        let pieces = [
            "^[", "[", "]", "](", "(", ")", "^", "\"", "'", "{", "}", ":", ",", " ", "rank", "mention", "1", "1e999",
            "-",
            "\\", "`", "*", "_", "\n", "\n\n", "# ", "> ", "- ", "| a |", "مرحبا", "ಕನ್ನಡ", "👩‍👩‍👧", "null", "true", "//",
            "/*",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0 ..< 1_500 {
            let markdown = (0 ..< next(40) + 1).map { _ in pieces[next(pieces.count)] }.joined()
            let strict = Self.failure { () throws(MarkdownError) -> AttributedString in try notes(markdown) }
            if let strict, case .invalidExtendedAttributes = strict {
            } else if let strict {
                Issue.record("\(markdown): \(strict)")
            }
            let partial = Self.failure { () throws(MarkdownError) -> AttributedString in
                try notes(markdown, options: Self.partial)
            }
            #expect(partial == nil, "\(markdown)")
        }
    }

    /// The error `body` throws, or nil.
    static func failure(_ body: () throws(MarkdownError) -> AttributedString) -> MarkdownError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func unclosedAndDeeplyNestedSyntaxIsTextAndCostsLittle() throws {
        // Parentheses never closed, or closed only inside a string: the text stays as written.
        for unclosed in [
            "^[a](rank: 1 and ^[b](mention: x and more", "^[ok]('unterminated: 1) after", "^[ok](mention: \"a) b",
        ] {
            #expect(String(try notes(unclosed).characters) == unclosed)
        }
        // Many openers in one paragraph, none closed.
        let many = String(repeating: "^[ا](", count: 20_000)
        #expect(try notes(many).characters.count == 20_000 * 5)
        // Nested deeper than the reader follows: the outer uses apply, the deepest are text.
        let depth = 200
        let nested = String(repeating: "^[", count: depth) + "core" + String(repeating: "](rank: 1)", count: depth)
        let text = try notes(nested)
        #expect(String(text.characters).contains("core"))
        #expect(value(RankAttribute.self, of: "core", in: text) == 1)
        // Attributes longer than the reader looks (4 KB) are text too.
        let long = "^[x](rank: 1, mention: \"" + String(repeating: "y", count: 5_000) + "\")"
        #expect(try notes(long).characters.count == long.count)
        // In every block a leaf can be: a table cell and a list item.
        let table = try notes("| a | b |\n|---|---|\n| ^[ಕ](rank: 4) | - |\n\n- ^[item](rank: 5)")
        #expect(
            value(RankAttribute.self, of: "ಕ", in: table) == 4 && value(RankAttribute.self, of: "item", in: table) == 5)
    }
}
