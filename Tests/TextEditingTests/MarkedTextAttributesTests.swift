import Foundation
import Testing
import TextContent
@_spi(Rendering) import TextLayout
import TextRendering
@testable import TextEditing

/// Marked text with the attributes an input method sends (its clause underlines) and the
/// view's `markedTextStyle`: drawn through rendering attributes, reported by
/// `attributedSubstring(forProposedRange:actualRange:)` and `attributedString()`, never stored in
/// the content, and gone once the composition ends.
@Suite struct MarkedTextAttributesTests {
    typealias Scope = AttributeScopes.OpenTextKitAttributes
    static let red = TextColor(red: 1, green: 0, blue: 0)
    static let blue = TextColor(red: 0, green: 0, blue: 1)

    /// Clauses as an input method sends them: each piece with its underline (and colour).
    static func clauses(_ pieces: [(String, TextDecorationStyle, TextColor?)]) -> AttributedString {
        var text = AttributedString()
        for (string, style, color) in pieces {
            var container = AttributeContainer()
            container[Scope.UnderlineStyleAttribute.self] = style
            if let color { container[Scope.UnderlineColorAttribute.self] = color }
            text.append(AttributedString(string, attributes: container))
        }
        return text
    }

    /// The underline styles of `text`, run by run, as (UTF-16 range, style).
    static func underlines(_ text: AttributedString) -> [(Range<Int>, TextDecorationStyle?)] {
        var result: [(Range<Int>, TextDecorationStyle?)] = []
        var offset = 0
        for run in text.runs {
            let length = text[run.range].utf16.count
            result.append((offset ..< offset + length, run[Scope.UnderlineStyleAttribute.self]))
            offset += length
        }
        return result
    }

    /// The rendering attribute `key` as drawn: (offsets, value) for every run holding it, runs
    /// side by side with one value joined.
    static func drawn<Value: Equatable>(
        _ key: NSAttributedString.Key, as: Value.Type, in view: TextView
    ) -> [(Range<Int>, Value)] {
        let storage = view.textContentStorage
        var result: [(Range<Int>, Value)] = []
        view.textLayoutManager.enumerateRenderingAttributes(from: storage.documentRange.location, reverse: false) {
            _, attributes, range in
            guard let value = attributes[key] as? Value, let offsets = try? storage.offsets(of: range) else {
                return true
            }
            if let last = result.last, last.0.upperBound == offsets.lowerBound, last.1 == value {
                result[result.count - 1].0 = last.0.lowerBound ..< offsets.upperBound
            } else {
                result.append((offsets, value))
            }
            return true
        }
        return result
    }

    func substring(_ view: TextView, _ range: NSRange) -> AttributedString? {
        var actual: NSRange?
        return view.attributedSubstring(forProposedRange: range, actualRange: &actual)
    }

    /// Japanese: three clauses, the first being converted (thick), one with a coloured
    /// underline. Each keeps its attributes in what the view reports and draws; committed, the
    /// text has none of them, and undo gives back the text from before.
    @Test func japaneseClausesAreKeptReportedAndDroppedOnCommit() throws {
        let view = makeView("文: ")
        let marked = Self.clauses([("漢字", .thick, nil), ("を", .single, nil), ("かく", .single, Self.red)])
        view.setMarkedText(marked, selectedRange: NSRange(location: 0, length: 2), replacementRange: notFound)
        #expect(view.textContentStorage.string == "文: 漢字をかく")
        #expect(view.markedRange() == NSRange(location: 3, length: 5))
        #expect(view.markedTextRange == NSRange(location: 3, length: 5))
        #expect(view.selectedRange() == NSRange(location: 3, length: 2))
        // Reported: each clause with its underline, the text before with none.
        let reported = try #require(substring(view, NSRange(location: 0, length: 8)))
        #expect(Self.underlines(reported).map(\.0) == [0 ..< 3, 3 ..< 5, 5 ..< 6, 6 ..< 8])
        #expect(Self.underlines(reported).map(\.1) == [nil, .thick, .single, .single])
        #expect(reported.runs.last?[Scope.UnderlineColorAttribute.self] == Self.red)
        #expect(view.attributedString() == reported)
        // Drawn as they came (no thick underline added: the input method underlines itself).
        let underlines = Self.drawn(.underlineStyle, as: TextDecorationStyle.self, in: view)
        #expect(underlines.map(\.0) == [3 ..< 5, 5 ..< 8])
        #expect(underlines.map(\.1) == [.thick, .single])
        #expect(Self.drawn(.underlineColor, as: TextColor.self, in: view).map(\.0) == [6 ..< 8])
        // Never stored.
        #expect(view.attributedText.runs.allSatisfy { $0[Scope.UnderlineStyleAttribute.self] == nil })
        // The next clause selected: the input method sends the clauses again.
        let next = Self.clauses([("漢字", .single, nil), ("を", .thick, nil), ("書く", .single, nil)])
        view.setMarkedText(next, selectedRange: NSRange(location: 2, length: 1), replacementRange: notFound)
        #expect(
            Self.drawn(.underlineStyle, as: TextDecorationStyle.self, in: view).map(\.1) == [.single, .thick, .single])
        #expect(Self.drawn(.underlineColor, as: TextColor.self, in: view).isEmpty)
        // Committed: no clause attributes anywhere.
        view.insertText("漢字を書く", replacementRange: notFound)
        #expect(!view.hasMarkedText && view.markedTextRange == nil)
        #expect(view.textContentStorage.string == "文: 漢字を書く")
        #expect(
            try #require(substring(view, NSRange(location: 0, length: 8))).runs.allSatisfy {
                $0[Scope.UnderlineStyleAttribute.self] == nil
            })
        #expect(view.attributedString() == view.attributedText)
        #expect(Self.drawn(.underlineStyle, as: TextDecorationStyle.self, in: view).isEmpty)
        #expect(view.undoStack.undoStepCount == 1)
        view.undo()
        #expect(view.textContentStorage.string == "文: ")
    }

    /// Clauses in every script, the underlines where the clauses are (UTF-16 offsets, so an
    /// emoji's two units and a conjunct's several stay whole); `unmarkText()` drops them too.
    @Test(arguments: [
        ["ಕನ್ನಡ", "ಭಾಷೆ"], ["مرحبا", "بالعالم"], ["שלום", "עולם"], ["สวัสดี", "ครับ"], ["👨‍👩‍👧", "🇯🇵x"], ["नमस्ते", "दुनिया"],
    ])
    func clausesInEveryScript(_ pieces: [String]) throws {
        let view = makeView("ab")
        view.setMarkedText(
            Self.clauses([(pieces[0], .thick, Self.blue), (pieces[1], .double, nil)]),
            selectedRange: NSRange(location: 0, length: pieces[0].utf16.count), replacementRange: notFound)
        let first = pieces[0].utf16.count, second = pieces[1].utf16.count
        let reported = try #require(substring(view, NSRange(location: 0, length: 2 + first + second)))
        #expect(String(reported.characters[...]) == "ab" + pieces[0] + pieces[1])
        #expect(Self.underlines(reported).map(\.0) == [0 ..< 2, 2 ..< 2 + first, 2 + first ..< 2 + first + second])
        #expect(Self.underlines(reported).map(\.1) == [nil, .thick, .double])
        // A range cutting the clauses (and maybe a character) in the middle: the part of each.
        let cut = try #require(substring(view, NSRange(location: 3, length: first)))
        #expect(Self.underlines(cut).allSatisfy { $0.1 != nil })
        #expect(Self.drawn(.underlineStyle, as: TextDecorationStyle.self, in: view).map(\.1) == [.thick, .double])
        view.unmarkText()
        #expect(Self.drawn(.underlineStyle, as: TextDecorationStyle.self, in: view).isEmpty)
        #expect(Self.drawn(.underlineColor, as: TextColor.self, in: view).isEmpty)
        #expect(
            try #require(substring(view, NSRange(location: 0, length: 2 + first + second))).runs.allSatisfy {
                $0[Scope.UnderlineStyleAttribute.self] == nil && $0[Scope.UnderlineColorAttribute.self] == nil
            })
        #expect(view.textContentStorage.string == "ab" + pieces[0] + pieces[1])
    }

    /// Attributes marked text cannot have (a font, a link, a strikethrough) are not kept; the
    /// characters take the typing attributes, as with a string.
    @Test func otherAttributesAreIgnored() throws {
        let view = makeView("x")
        var marked = AttributedString("かな")
        marked.link = URL(string: "https://example.com")
        marked[Scope.StrikethroughStyleAttribute.self] = .single
        view.setMarkedText(marked, selectedRange: NSRange(location: 2, length: 0), replacementRange: notFound)
        let reported = try #require(substring(view, NSRange(location: 1, length: 2)))
        #expect(reported.runs.allSatisfy { $0.link == nil && $0[Scope.StrikethroughStyleAttribute.self] == nil })
        // Without underlines of its own, the default: a single underline.
        #expect(Self.underlines(reported).map(\.1) == [.single])
        #expect(view.attributedText.runs.allSatisfy { $0.link == nil })
    }

    /// `markedTextStyle`: what marked text is drawn with under the clauses; the selected clause
    /// still thick when the input method underlines nothing; set while composing, drawn at
    /// once; keys and values it cannot have left out; taken away on commit, leaving another
    /// rendering attribute (a find highlight) alone.
    @Test func theMarkedTextStyle() throws {
        // A find highlight in the paragraph before (a paragraph laid out again by an edit loses
        // its rendering attributes, so it is kept apart from the one composed in).
        let view = makeView("find\nme: ")
        #expect(view.markedTextStyle == nil)
        try view.highlightMatches(of: "find", in: NSRange(location: 0, length: 9))
        view.markedTextStyle = [
            .backgroundColor: Self.red, .underlineStyle: TextDecorationStyle.double,
            .strikethroughStyle: TextDecorationStyle.single, .underlineColor: "not a colour",
        ]
        view.setMarkedText("かんじ", selectedRange: NSRange(location: 0, length: 1), replacementRange: notFound)
        #expect(Self.drawn(.backgroundColor, as: TextColor.self, in: view).map(\.0) == [0 ..< 4, 9 ..< 12])
        #expect(Self.drawn(.underlineStyle, as: TextDecorationStyle.self, in: view).map(\.1) == [.thick, .double])
        #expect(Self.drawn(.underlineStyle, as: TextDecorationStyle.self, in: view).map(\.0) == [9 ..< 10, 10 ..< 12])
        #expect(Self.drawn(.strikethroughStyle, as: TextDecorationStyle.self, in: view).isEmpty)
        #expect(Self.drawn(.underlineColor, as: TextColor.self, in: view).isEmpty)
        let reported = try #require(substring(view, NSRange(location: 9, length: 3)))
        #expect(reported.runs.allSatisfy { $0[Scope.BackgroundColorAttribute.self] == Self.red })
        #expect(Self.underlines(reported).map(\.1) == [.thick, .double])
        // Changed while composing: drawn again.
        view.markedTextStyle = [.foregroundColor: Self.blue]
        #expect(Self.drawn(.foregroundColor, as: TextColor.self, in: view).map(\.0) == [9 ..< 12])
        #expect(Self.drawn(.backgroundColor, as: TextColor.self, in: view).map(\.0) == [0 ..< 4])
        #expect(Self.drawn(.underlineStyle, as: TextDecorationStyle.self, in: view).map(\.0) == [9 ..< 10])
        view.unmarkText()
        #expect(Self.drawn(.foregroundColor, as: TextColor.self, in: view).isEmpty)
        #expect(
            Self.drawn(.backgroundColor, as: TextColor.self, in: view).map(\.0) == [0 ..< 4], "the find highlight stays"
        )
        #expect(view.attributedText.runs.allSatisfy { $0[Scope.ForegroundColorAttribute.self] == nil })
        let client: any TextInputClient = view
        #expect(client.markedTextStyle?[.foregroundColor] as? TextColor == Self.blue)
    }

    /// UIKit's two-argument `setMarkedText`: over the marked text or the selection; nil or an
    /// empty string removes the marked text.
    @Test func uiKitsSetMarkedText() {
        let view = makeView("hello world")
        view.setSelectedRange(NSRange(location: 6, length: 5))
        view.setMarkedText("せかい", selectedRange: NSRange(location: 3, length: 0))
        #expect(view.textContentStorage.string == "hello せかい")
        #expect(view.markedTextRange == NSRange(location: 6, length: 3))
        view.setMarkedText("世界", selectedRange: NSRange(location: 2, length: 0))
        #expect(view.textContentStorage.string == "hello 世界")
        view.setMarkedText(nil, selectedRange: NSRange(location: 0, length: 0))
        #expect(!view.hasMarkedText && view.markedTextRange == nil)
        #expect(view.textContentStorage.string == "hello ")
        view.undo()
        #expect(view.textContentStorage.string == "hello world")
    }

    /// The view draws through any `TextDrawingContext` (a GTK snapshot, a recorder), not only
    /// Cairo's: each line comes with the rendering attributes over it, here the clauses of
    /// marked text, each with its own clause segment so that they are underlined apart.
    @Test func clausesReachAnyDrawingContextEachWithItsSegment() throws {
        final class Recorder: TextDrawingContext {
            var current: [RenderingAttributeRun] = []
            var lines: [(range: NSRange, runs: [RenderingAttributeRun])] = []
            func drawLine(_ line: TextLineFragment, at point: CGPoint) { lines.append((line.characterRange, current)) }
            func fill(_ rect: CGRect, color: TextColor) {}
            func fill(_ rect: CGRect, cornerRadius: CGFloat, color: TextColor) {}
            func stroke(_ rect: CGRect, color: TextColor, width: CGFloat, dash: [Double]) {}
            func translate(by offset: CGPoint) {}
            func withSavedState<Result>(_ body: () throws -> Result) rethrows -> Result { try body() }
            func withRenderingAttributes(_ renderingAttributes: [RenderingAttributeRun], _ body: () -> Void) {
                let outer = current
                current = renderingAttributes
                defer { current = outer }
                body()
            }
        }
        for pieces in [["漢字", "を"], ["ಕನ್ನಡ", "ಭಾಷೆ"], ["مرحبا", "بالعالم"]] {
            let view = makeView("ab\nsecond line", caret: 2)
            view.visibleRect = CGRect(x: 0, y: 0, width: 400, height: 200)
            view.setMarkedText(
                Self.clauses([(pieces[0], .thick, nil), (pieces[1], .single, nil)]),
                selectedRange: NSRange(location: 0, length: 1), replacementRange: notFound)
            view.layoutIfNeeded()
            let recorder = Recorder()
            view.draw(view.visibleRect, in: recorder)
            #expect(recorder.lines.count == 2, "\(pieces)")
            let first = pieces[0].utf16.count, second = pieces[1].utf16.count
            let runs = try #require(recorder.lines.first?.runs)
            #expect(runs.map(\.range) == [2 ..< 2 + first, 2 + first ..< 2 + first + second], "\(pieces)")
            #expect(runs.map(\.attributes.underlineStyle) == [.thick, .single])
            #expect(runs.map(\.attributes.markedClauseSegment) == [0, 1])
            #expect(recorder.lines.last?.runs.isEmpty == true, "the second paragraph has no marked text")
            view.unmarkText()
            view.layoutIfNeeded()
            let after = Recorder()
            view.draw(view.visibleRect, in: after)
            #expect(after.lines.allSatisfy { $0.runs.isEmpty })
        }
    }
}
