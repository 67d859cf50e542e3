import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

@Suite struct RenderingAttributesTests {
    static let text = (0 ..< 12).map {
        $0 % 2 == 0 ? "Paragraph \($0): " + LayoutSamples.english : "فقرة \($0) مرحبا بالعالم ಕನ್ನಡ"
    }.joined(separator: "\n")
    static let highlight = NSAttributedString.Key("highlight")
    static let underline = NSAttributedString.Key("spelling")

    private static func runs(
        _ manager: TextLayoutManager, _ storage: TextContentStorage, reverse: Bool = false, from offset: Int = 0
    ) -> [(NSRange, Set<String>)] {
        var result: [(NSRange, Set<String>)] = []
        let location = storage.location(storage.documentRange.location, offsetBy: offset)!
        manager.enumerateRenderingAttributes(from: location, reverse: reverse) { _, attributes, range in
            result.append((storage.nsRange(for: range), Set(attributes.keys.map(\.rawValue))))
            return true
        }
        return result
    }

    @Test func attributesChangeDrawingNeverContent() throws {
        let (storage, manager) = makeLayout(Self.text, width: 300)
        let content = storage.attributedString
        // Across a paragraph break, from English into Arabic.
        let p0 = try #require(storage.textParagraph(atIndex: 0)?.elementRange)
        let start = storage.nsRange(for: p0).length - 10
        let range = try #require(storage.textRange(for: start ..< start + 30))
        manager.setRenderingAttributes([Self.highlight: "yellow"], for: range)
        var runs = Self.runs(manager, storage)
        #expect(runs.map(\.0) == [NSRange(location: start, length: 10), NSRange(location: start + 10, length: 20)])
        #expect(runs.allSatisfy { $0.1 == ["highlight"] })
        #expect(storage.attributedString == content)

        manager.addRenderingAttribute(
            Self.underline, value: 1, for: try #require(storage.textRange(for: start + 5 ..< start + 15)))
        runs = Self.runs(manager, storage)
        #expect(
            runs.map(\.1) == [["highlight"], ["highlight", "spelling"], ["highlight", "spelling"], ["highlight"]])
        #expect(runs.map(\.0.location) == [start, start + 5, start + 10, start + 15])
        // Backward from the middle: the runs before it, last first.
        #expect(
            Self.runs(manager, storage, reverse: true, from: start + 12).map(\.0.location) == [
                start + 10, start + 5, start,
            ])

        manager.removeRenderingAttribute(Self.highlight, for: range)
        #expect(Self.runs(manager, storage).map(\.1) == [["spelling"], ["spelling"]])
        manager.addRenderingAttribute(Self.underline, value: nil, for: range)
        #expect(Self.runs(manager, storage).isEmpty)
        manager.setRenderingAttributes([Self.highlight: "yellow"], for: range)
        manager.invalidateRenderingAttributes(for: storage.documentRange)
        #expect(Self.runs(manager, storage).isEmpty)
        #expect(storage.attributedString == content)
    }

    @Test func layingOutAgainDropsThemAndTheValidatorSetsThemAgain() throws {
        let (storage, manager) = makeLayout(Self.text, width: 300)
        manager.setRenderingAttributes([Self.highlight: "yellow"], for: storage.documentRange)
        #expect(Self.runs(manager, storage).count == 12)
        // An edit in paragraph 3 lays it out again: its attributes go; the others move with it.
        let p3 = try #require(storage.textParagraph(atIndex: 3)?.elementRange)
        try storage.replaceContents(in: TextRange(location: p3.location), with: "ಹೊಸ ")
        _ = allFragments(manager)
        let after = Self.runs(manager, storage)
        #expect(after.count == 11)
        let p4 = storage.nsRange(for: try #require(storage.textParagraph(atIndex: 4)?.elementRange))
        #expect(after.contains { $0.0.location == p4.location })
        #expect(!after.contains { $0.0.location == storage.nsRange(for: p3).location })

        // A validator sets them on every fragment laid out.
        var validated = 0
        manager.renderingAttributesValidator = { manager, fragment in
            validated += 1
            if let range = fragment.rangeInElement {
                manager.addRenderingAttribute(Self.underline, value: true, for: range)
            }
        }
        manager.textContainer = TextContainer(size: CGSize(width: 260, height: 0))
        _ = allFragments(manager)
        #expect(validated == 12)
        let validatedRuns = Self.runs(manager, storage)
        #expect(validatedRuns.count == 12 && validatedRuns.allSatisfy { $0.1 == ["spelling"] })
    }

    @Test func paragraphsNotLaidOutKeepNone() throws {
        let storage = TextContentStorage(string: Self.text)
        let manager = TextLayoutManager()
        storage.addTextLayoutManager(manager)
        manager.setRenderingAttributes([Self.highlight: 1], for: storage.documentRange)
        #expect(Self.runs(manager, storage).isEmpty)
        // A location from another document, an empty range: nothing happens.
        let other = TextContentStorage(string: "other")
        manager.setRenderingAttributes([Self.highlight: 1], for: other.documentRange)
        manager.enumerateRenderingAttributes(from: other.documentRange.location, reverse: false) { _, _, _ in
            Issue.record("a location of another document enumerated attributes")
            return false
        }
    }

    /// The typed value and TextKit's dictionary are one: each known key is a property, values of
    /// AppKit's types are read (an `NSUnderlineStyle` raw value, spelling flags as an Int), a
    /// value of the wrong type for a known key is left out, and other keys are kept for the app.
    @Test func theTypedValueAndTheDictionaryAgree() {
        let red = TextColor(red: 1, green: 0, blue: 0)
        var attributes = RenderingAttributes([
            .foregroundColor: red, .underlineStyle: 0x02 | 0x200 | 0x8000,
            .strikethroughStyle: TextDecorationStyle.double,
            .strokeWidth: 3, .obliqueness: CGFloat(0.25), .spellingState: 2, .markedClauseSegment: 1,
            .backgroundColor: "not a colour", Self.highlight: "yellow",
        ])
        #expect(attributes.foregroundColor == red)
        #expect(attributes.underlineStyle == TextDecorationStyle(pattern: .dash, line: .thick, byWord: true))
        #expect(attributes.strikethroughStyle == .double)
        #expect(attributes.strokeWidth == 3 && attributes.obliqueness == 0.25)
        #expect(attributes.spellingState == .grammar && attributes.markedClauseSegment == 1)
        #expect(attributes.backgroundColor == nil, "a string is not a colour")
        #expect(attributes.customAttributes[Self.highlight] as? String == "yellow")
        #expect(
            Set(attributes.dictionary.keys) == [
                .foregroundColor, .underlineStyle, .strikethroughStyle, .strokeWidth,
                .obliqueness, .spellingState, .markedClauseSegment, Self.highlight,
            ])
        #expect(RenderingAttributes([.underlineStyle: 0]).isEmpty, "NSUnderlineStyle 0 is no underline")
        attributes[.foregroundColor] = nil
        attributes[Self.highlight] = nil
        #expect(attributes.foregroundColor == nil && attributes.customAttributes.isEmpty)
        var over = RenderingAttributes()
        over.spellingState = .spelling
        over.customAttributes[Self.underline] = true
        let merged = attributes.merging(over)
        #expect(
            merged.spellingState == .spelling && merged.strikethroughStyle == .double
                && merged.customAttributes[Self.underline] as? Bool == true)
        #expect(RenderingAttributes().isEmpty && !merged.isEmpty)
    }

    /// Set and read as typed values: `setRenderingAttributes(_:for:)` replaces, `addRenderingAttributes`
    /// merges, and the runs come back typed (and as dictionaries through TextKit's enumeration).
    @Test func typedAttributesAreSetMergedAndRead() throws {
        let (storage, manager) = makeLayout(Self.text, width: 300)
        // Over an English word and an Arabic one.
        let p1 = storage.nsRange(for: try #require(storage.textParagraph(atIndex: 1)?.elementRange))
        var mark = RenderingAttributes()
        mark.spellingState = .spelling
        manager.setRenderingAttributes(mark, for: try #require(storage.textRange(for: p1.location ..< p1.location + 4)))
        var colour = RenderingAttributes()
        colour.backgroundColor = TextColor(red: 1, green: 1, blue: 0)
        manager.addRenderingAttributes(
            colour, for: try #require(storage.textRange(for: p1.location + 2 ..< p1.location + 6)))
        var typed: [(NSRange, RenderingAttributes)] = []
        manager.enumerateRenderingAttributeRuns(from: storage.documentRange.location, reverse: false) {
            _, attributes, range in
            typed.append((storage.nsRange(for: range), attributes))
            return true
        }
        #expect(
            typed.map(\.0) == [
                NSRange(location: p1.location, length: 2), NSRange(location: p1.location + 2, length: 2),
                NSRange(location: p1.location + 4, length: 2),
            ])
        #expect(typed.map(\.1.spellingState) == [.spelling, .spelling, nil])
        #expect(typed.map { $0.1.backgroundColor != nil } == [false, true, true])
        let background = NSAttributedString.Key.backgroundColor.rawValue
        #expect(
            Self.runs(manager, storage).map(\.1) == [
                ["NSSpellingState"], ["NSSpellingState", background], [background],
            ])
        let p1Start = try #require(storage.textParagraph(atIndex: 1)?.elementRange?.location)
        let fragment = try #require(manager.textLayoutFragment(for: p1Start))
        #expect(manager.renderingAttributes(for: fragment).map(\.range) == [0 ..< 2, 2 ..< 4, 4 ..< 6])
    }
}
