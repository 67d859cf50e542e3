import Foundation
import TestFixtures
import Testing
import TextContent

/// SwiftUI's rich-text names on the engine's AttributedString model: the
/// selected substring, selection affinity, the empty and type-erased formatting definitions,
/// SwiftUI's named colours and opacity, `LineHeight.variable`, Apple's underline patterns.
@Suite struct RichTextParityTests {
    /// One word of each script, separated by spaces.
    static let words = ["Hello", "مرحبا", "שלום", "ไทย", "ಕನ್ನಡ", "👩‍👩‍👧"]
    static var sample: String { words.joined(separator: " ") }

    // MARK: text[selection]

    @Test func theSelectedSubstringHoldsEverySelectedRangeInOrder() {
        // Every pair of words, in every script, as a discontiguous selection.
        for first in Self.words.indices {
            for second in Self.words.indices where second > first {
                var text = AttributedString(Self.sample)
                let a = text.range(of: Self.words[first])!, b = text.range(of: Self.words[second])!
                text[a].underlineStyle = .single
                let selection = AttributedTextSelection(ranges: RangeSet([a, b]))
                let selected = text[selection]
                #expect(String(selected.characters) == Self.words[first] + Self.words[second])
                #expect(selected.base == text)
                #expect(selected.runs.count == 2)
                // A value is given only when the whole selection has it.
                #expect(selected.underlineStyle == nil)
                #expect(text[AttributedTextSelection(range: a)].underlineStyle == .single)
                #expect(
                    AttributedString(selected).characters.count == Self.words[first].count + Self.words[second].count)
            }
        }
    }

    @Test func theSubstringOfACaretIsEmptyAndAStaleSelectionIsClamped() {
        let text = AttributedString(Self.sample)
        for word in Self.words {
            let caret = AttributedTextSelection(insertionPoint: text.range(of: word)!.lowerBound)
            #expect(text[caret].characters.isEmpty)
            #expect(text[caret].runs.isEmpty)
        }
        #expect(text[AttributedTextSelection()].characters.isEmpty)
        // Offsets past the end of a shorter text end at its end.
        let long = AttributedTextSelection(utf16Offsets: [6 ..< 10_000])
        #expect(String(text[long].characters) == String(Self.sample.dropFirst(6)))
    }

    // MARK: Affinity

    /// Bold English then plain Arabic, as SwiftUI's `hello|مرحبا`: upstream continues the
    /// English run, downstream begins the Arabic one.
    @Test func affinityChoosesTheSideWhoseAttributesTypingTakes() {
        for (left, right) in [("hello", "مرحبا"), ("שלום", "world"), ("ไทย", "ಕನ್ನಡ"), ("👩‍👩‍👧", "emoji")] {
            var text = AttributedString(left + right)
            let leftRange = text.range(of: left)!
            text[leftRange].font = .body.bold()
            var caret = AttributedTextSelection(insertionPoint: leftRange.upperBound)
            #expect(caret.affinity == .automatic)
            #expect(caret.affinity(in: text) == .upstream)
            #expect(caret.typingAttributes(in: text).font == .body.bold())
            caret.affinity = .downstream
            #expect(caret.affinity(in: text) == .downstream)
            #expect(caret.typingAttributes(in: text).font == nil)
            caret.affinity = .upstream
            #expect(caret.typingAttributes(in: text).font == .body.bold())
            // Typing at the caret follows the same rule.
            var downstream = AttributedTextSelection(insertionPoint: leftRange.upperBound)
            downstream.affinity = .downstream
            var typed = text
            typed.replaceSelection(&downstream, withCharacters: "X")
            #expect(typed.runs.first { String(typed[$0.range].characters).contains("X") }?.font == nil)
            #expect(downstream.affinity == .downstream)
        }
    }

    @Test func automaticAffinityResolvesFromWhereTheCaretIs() {
        let text = AttributedString("first\nsecond")
        let secondStart = text.range(of: "second")!.lowerBound
        #expect(AttributedTextSelection(insertionPoint: text.startIndex).affinity(in: text) == .downstream)
        #expect(AttributedTextSelection(insertionPoint: secondStart).affinity(in: text) == .downstream)
        #expect(AttributedTextSelection(insertionPoint: text.endIndex).affinity(in: text) == .upstream)
        #expect(AttributedTextSelection(range: text.range(of: "first")!).affinity(in: text) == .downstream)
        // At a paragraph's start the paragraph's own attributes win whatever the affinity.
        var styled = text
        styled[styled.range(of: "first")!].font = .title
        var caret = AttributedTextSelection(insertionPoint: styled.range(of: "second")!.lowerBound)
        caret.affinity = .upstream
        #expect(caret.typingAttributes(in: styled).font == nil)
        #expect(caret != AttributedTextSelection(insertionPoint: styled.range(of: "second")!.lowerBound))
    }

    // MARK: Formatting definitions

    struct UnderlineSingle: AttributedTextValueConstraint {
        typealias Scope = AttributeScopes.OpenTextKitAttributes
        typealias AttributeKey = AttributeScopes.OpenTextKitAttributes.UnderlineStyleAttribute
        func constrain(_ container: inout Attributes) {
            if container.underlineStyle != nil { container.underlineStyle = .single }
        }
    }

    struct Nothing: AttributedTextFormattingDefinition {
        typealias Scope = AttributeScopes.OpenTextKitAttributes
        var body: some AttributedTextFormattingDefinition<Scope> {}
    }

    @Test func theEmptyDefinitionConstrainsNoValueButKeepsTheScope() {
        var text = AttributedString(Self.sample)
        text[text.range(of: "مرحبا")!].underlineStyle = .double
        text[text.range(of: "ไทย")!].foregroundColor = .mint
        let empty = AttributedTextFormatting.EmptyDefinition<AttributeScopes.OpenTextKitAttributes>()
        #expect(empty.valueConstraints.isEmpty)
        #expect(empty.constrained(text) == text)
        #expect(Nothing().valueConstraints.isEmpty)
        #expect(Nothing().constrained(text) == text)
        // A scope without underlines takes them away, and nothing else.
        let foundationOnly = AttributedTextFormatting.EmptyDefinition<AttributeScopes.FoundationAttributes>()
            .constrained(text)
        #expect(foundationOnly.runs.allSatisfy { $0.underlineStyle == nil && $0.foregroundColor == nil })
        #expect(String(foundationOnly.characters) == Self.sample)
    }

    @Test func anyDefinitionConstrainsAsTheDefinitionItWraps() {
        var text = AttributedString(Self.sample)
        for word in ["שלום", "ಕನ್ನಡ", "👩‍👩‍👧"] { text[text.range(of: word)!].underlineStyle = .patternDashDot }
        let definitions: [AttributedTextFormatting.AnyDefinition<AttributeScopes.OpenTextKitAttributes>] = [
            .init(UnderlineSingle()), .init(AttributedTextFormatting.EmptyDefinition()), .init(Nothing()),
        ]
        let constrained = definitions.map { $0.constrained(text) }
        #expect(constrained[0] == UnderlineSingle().constrained(text))
        #expect(constrained[0].runs.compactMap(\.underlineStyle).allSatisfy { $0 == .single })
        #expect(constrained[0].runs.compactMap(\.underlineStyle).count == 3)
        #expect(constrained[1] == text && constrained[2] == text)
        #expect(definitions[0].valueConstraints.count == 1)
    }

    // MARK: Colours

    @Test func swiftUIsNamedColoursAreThereByName() {
        let names = [
            "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown",
            "white", "gray", "black", "clear", "primary", "secondary",
        ]
        #expect(TextColor.named.map(\.name) == names)
        for name in names {
            let color = TextColor(named: name)
            #expect(color != nil, "\(name)")
            #expect(TextColor(hex: color!.hex) == TextColor(hex: color!.hex), "\(name)")
        }
        #expect(TextColor(named: "Mint") == nil && TextColor(named: "") == nil && TextColor(named: "#FF0000") == nil)
        #expect(TextColor.primary == .black)
        #expect(TextColor.mint.hex == "#00C7BE" && TextColor.indigo.hex == "#5856D6" && TextColor.gray.hex == "#8E8E93")
        #expect(TextColor.secondary.alpha == 0.6 && TextColor.clear.alpha == 0)
        // The colours differ from one another (clear aside, which is no colour).
        let distinct = Set(TextColor.named.map(\.color.hex))
        #expect(distinct.count == names.count - 1) // primary is black
    }

    @Test func opacityMultipliesAndClamps() {
        #expect(TextColor.blue.opacity(0.5).alpha == 0.5)
        #expect(TextColor.secondary.opacity(0.5).alpha == 0.3)
        #expect(TextColor.red.opacity(2) == .red)
        #expect(TextColor.red.opacity(-1).alpha == 0)
        #expect(TextColor.red.opacity(.nan).alpha == 0)
        #expect(TextColor(.orange, opacity: 0.25) == TextColor.orange.opacity(0.25))
        #expect(
            TextColor(red: 1, green: 0.5, blue: 0, opacity: 0.5) == TextColor(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        #expect(TextColor(white: 0.5, opacity: 0.75).alpha == 0.75)
        // In an attributed string, as a toolbar sets it.
        var text = AttributedString(Self.sample)
        text.foregroundColor = .purple.opacity(0.5)
        #expect(text.runs.allSatisfy { $0.foregroundColor?.alpha == 0.5 })
    }

    // MARK: Line height and underline patterns

    @Test func variableLineHeightIsItsOwnValueAndRoundTrips() throws {
        var text = AttributedString(Self.sample)
        text.lineHeight = .variable
        #expect(text.runs.allSatisfy { $0.lineHeight == .variable })
        #expect(LineHeight.variable != .normal)
        let encoded = try JSONEncoder().encode(LineHeight.variable)
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"kind":"variable"}"#)
        #expect(try JSONDecoder().decode(LineHeight.self, from: encoded) == .variable)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LineHeight.self, from: Data(#"{"kind":"variable","points":3}"#.utf8))
        }
    }

    @Test func underlinePatternsAreSpelledAsAppleSpellsThem() throws {
        #expect(
            TextDecorationStyle.Pattern.allCases.map(\.rawValue) == ["solid", "dot", "dash", "dashDot", "dashDotDot"])
        let styles: [TextDecorationStyle] = [.patternDot, .patternDash, .patternDashDot, .patternDashDotDot]
        #expect(styles.map(\.pattern) == [.dot, .dash, .dashDot, .dashDotDot])
        #expect(styles.allSatisfy { $0.line == .single && !$0.byWord })
        #expect(TextDecorationStyle.byWord == TextDecorationStyle(byWord: true))
        #expect(TextDecorationStyle.patternDash.with(byWord: true).byWord)
        for style in styles + [.byWord, TextDecorationStyle(pattern: .dashDotDot, line: .double, byWord: true)] {
            let data = try JSONEncoder().encode(style)
            #expect(try JSONDecoder().decode(TextDecorationStyle.self, from: data) == style)
        }
        // Documents written with the former names open unchanged.
        for (old, new) in [("dotted", TextDecorationStyle.Pattern.dot), ("dashed", .dash)] {
            let json = #"{"pattern":"\#(old)","line":"single","byWord":true}"#
            #expect(
                try JSONDecoder().decode(TextDecorationStyle.self, from: Data(json.utf8))
                    == TextDecorationStyle(pattern: new, byWord: true))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TextDecorationStyle.self, from: Data(#"{"pattern":"wavy"}"#.utf8))
        }
    }
}
