import Foundation
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// Counts the change sets a content manager delivers.
private final class ChangeCounter: TextContentObserving {
    var changes: [TextContentChangeSet] = []
    func textContentManager(_ textContentManager: TextContentManager, didProcess changes: TextContentChangeSet) {
        self.changes.append(changes)
    }
}

/// `TextLayoutManager.replaceContents(in:with:)`, for an attributed string and for elements.
@Suite struct LayoutManagerEditingTests {
    @Test func anAttributedStringReplacesTheRangeThroughTheContent() throws {
        let cases: [(text: String, range: Range<Int>, replacement: String)] = [
            ("Hello world", 6 ..< 11, "مرحبا بالعالم"),
            ("שלום עולם", 0 ..< 4, "Hello"),
            ("สวัสดีชาวโลก", 6 ..< 12, "ครับ"),
            ("ಕನ್ನಡ text", 0 ..< 5, ""),
            ("emoji 👩‍👩‍👧 end", 6 ..< 14, "🇺🇦"),
        ]
        for sample in cases {
            let (storage, manager) = makeLayout(sample.text)
            let counter = ChangeCounter()
            storage.addTextLayoutManager(counter)
            var replacement = AttributedString(sample.replacement)
            replacement.foregroundColor = .init(red: 1, green: 0, blue: 0)
            try manager.replaceContents(in: storage.range(sample.range), with: replacement)
            let expected = String(
                decoding: Array(sample.text.utf16)[..<sample.range.lowerBound] + Array(sample.replacement.utf16)
                    + Array(sample.text.utf16)[sample.range.upperBound...], as: UTF16.self)
            #expect(storage.string == expected, "\(sample.text)")
            // One transaction, one change set, seen by every observer.
            #expect(counter.changes.count == 1)
            #expect(counter.changes.first?.changeInLength == sample.replacement.utf16.count - sample.range.count)
            // The attributes came along; the layout shows the new text.
            if !sample.replacement.isEmpty {
                let inserted = try #require(
                    storage.attributedString(
                        in: storage.range(
                            sample.range.lowerBound ..< sample.range.lowerBound + sample.replacement.utf16.count)))
                #expect(inserted.runs.allSatisfy { $0.foregroundColor == .init(red: 1, green: 0, blue: 0) })
            }
            let laidOut = allFragments(manager).flatMap(\.textLineFragments).map { $0.characterRange.length }.reduce(
                0, +)
            #expect(laidOut == expected.utf16.count, "\(sample.text)")
            storage.removeTextLayoutManager(counter)
        }
    }

    @Test func nilDeletesAndSelectionsFollow() throws {
        let (storage, manager) = makeLayout("abc مرحبا def")
        manager.textSelections = [TextSelection(storage.location(at: 12))]
        try manager.replaceContents(in: storage.range(0 ..< 4), with: nil as AttributedString?)
        #expect(storage.string == "مرحبا def")
        #expect(
            manager.textSelections.first?.textRanges.first.map {
                storage.offset(from: storage.documentRange.location, to: $0.location)
            } == 8)
    }

    @Test func elementsReplaceTheRange() throws {
        let (storage, manager) = makeLayout("First\nSecond\nThird")
        let source = TextContentStorage(string: "עברית\nภาษาไทย\n")
        let elements = source.textElements(for: source.documentRange)
        #expect(elements.count == 2)
        let counter = ChangeCounter()
        storage.addTextLayoutManager(counter)
        try manager.replaceContents(in: storage.range(6 ..< 13), with: elements)
        #expect(storage.string == "First\nעברית\nภาษาไทย\nThird")
        #expect(counter.changes.count == 1)
        #expect(allFragments(manager).count == 4)
        // A paragraph made by hand; nil deletes.
        try manager.replaceContents(
            in: storage.range(0 ..< 0), with: [TextParagraph(attributedString: AttributedString("مرحبا\n"))])
        #expect(storage.string.hasPrefix("مرحبا\nFirst"))
        try manager.replaceContents(in: storage.range(0 ..< 6), with: nil as [any TextElement]?)
        #expect(storage.string == "First\nעברית\nภาษาไทย\nThird")
        // The storage's own form too.
        try storage.replaceContents(
            in: storage.range(0 ..< 6), with: [TextParagraph(attributedString: AttributedString("One\n"))])
        #expect(storage.string.hasPrefix("One\nעברית"))
    }

    @Test func anEditInsideAnOuterTransactionIsDeliveredWhenItEnds() throws {
        let (storage, manager) = makeLayout("one two")
        let counter = ChangeCounter()
        storage.addTextLayoutManager(counter)
        try storage.performEditingTransaction { () throws in
            try manager.replaceContents(in: storage.range(0 ..< 3), with: AttributedString("1"))
            try manager.replaceContents(in: storage.range(2 ..< 5), with: AttributedString("2"))
            #expect(counter.changes.isEmpty)
        }
        #expect(storage.string == "1 2")
        #expect(counter.changes.count == 1)
    }

    @Test func badEditsThrowAndChangeNothing() throws {
        let (storage, manager) = makeLayout("a😀b")
        // An edge inside a surrogate pair.
        #expect(throws: TextContentError.splitsSurrogatePair(offset: 2)) {
            try manager.replaceContents(in: storage.range(2 ..< 3), with: AttributedString("x"))
        }
        // A range of another document.
        let other = TextContentStorage(string: "other text")
        #expect(throws: TextContentError.self) {
            try manager.replaceContents(in: other.textRange(for: 0 ..< 2)!, with: AttributedString("x"))
        }
        // An element that is not a paragraph.
        struct Marker: TextElement { var elementRange: TextRange? { nil } }
        #expect(throws: TextContentError.self) {
            try manager.replaceContents(in: storage.range(0 ..< 1), with: [Marker()])
        }
        #expect(storage.string == "a😀b")
        // No content manager, or one that does not edit.
        let alone = TextLayoutManager()
        #expect(throws: TextContentError.self) {
            try alone.replaceContents(in: storage.range(0 ..< 1), with: AttributedString("x"))
        }
        let readOnly = TextContentManager()
        readOnly.addTextLayoutManager(alone)
        #expect(throws: TextContentError.self) {
            try alone.replaceContents(in: readOnly.documentRange, with: AttributedString("x"))
        }
        #expect(throws: TextContentError.self) {
            try alone.replaceContents(in: readOnly.documentRange, with: [] as [any TextElement])
        }
    }
}
