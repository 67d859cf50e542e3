import Foundation
import Testing
@testable import TextContent

@Suite struct TransactionTests {
    @Test func observersHearOnceAfterTheOutermostTransaction() throws {
        let storage = TextContentStorage(string: "Hello world")
        let observer = RecordingObserver()
        storage.addTextLayoutManager(observer)
        try storage.performEditingTransaction {
            #expect(storage.hasEditingTransaction)
            try storage.replaceContents(in: storage.range(0 ..< 0), with: ">> ")
            try storage.performEditingTransaction {
                try storage.replaceContents(in: storage.range(3 ..< 8), with: "Bye")
            }
            #expect(observer.received.isEmpty)
        }
        #expect(!storage.hasEditingTransaction)
        #expect(observer.received.count == 1)
        let changes = observer.received[0]
        #expect(
            changes.edits == [
                TextContentEdit(range: 0 ..< 0, replacementLength: 3),
                TextContentEdit(range: 3 ..< 8, replacementLength: 3),
            ])
        #expect(changes.changeInLength == 1)
        #expect(changes.editedRange == 0 ..< 6)
    }

    @Test func aLoneEditIsReportedAtOnce() throws {
        let storage = TextContentStorage(string: "abc")
        let observer = RecordingObserver()
        storage.addTextLayoutManager(observer)
        try storage.replaceContents(in: storage.range(1 ..< 2), with: "xyz")
        #expect(observer.received.map(\.edits) == [[TextContentEdit(range: 1 ..< 2, replacementLength: 3)]])
        try storage.addAttributes(AttributeContainer(), in: storage.range(0 ..< 2))
        #expect(observer.received.last?.edits.first?.kind == .attributes)
    }

    @Test func manualSynchronization() throws {
        let storage = TextContentStorage(string: "abc")
        let observer = RecordingObserver()
        storage.addTextLayoutManager(observer)
        storage.automaticallySynchronizesTextLayoutManagers = false
        try storage.replaceContents(in: storage.range(0 ..< 1), with: "")
        try storage.replaceContents(in: storage.range(0 ..< 1), with: "")
        #expect(observer.received.isEmpty)
        storage.synchronizeTextLayoutManagers()
        #expect(observer.received.count == 1)
        #expect(observer.received[0].edits.count == 2)
    }

    @Test func severalLayoutManagersAndThePrimaryOne() throws {
        let storage = TextContentStorage(string: "abc")
        let first = RecordingObserver()
        let second = RecordingObserver()
        storage.addTextLayoutManager(first)
        storage.addTextLayoutManager(second)
        storage.addTextLayoutManager(first)
        #expect(storage.textLayoutManagers.count == 2)
        #expect(storage.primaryTextLayoutManager === first)
        storage.primaryTextLayoutManager = second
        #expect(storage.primaryTextLayoutManager === second)
        storage.primaryTextLayoutManager = RecordingObserver()
        #expect(storage.primaryTextLayoutManager == nil)
        try storage.replaceContents(in: storage.range(0 ..< 0), with: "x")
        #expect(first.received.count == 1 && second.received.count == 1)
        storage.removeTextLayoutManager(first)
        try storage.replaceContents(in: storage.range(0 ..< 0), with: "x")
        #expect(first.received.count == 1 && second.received.count == 2)
    }

    @Test func aThrowingTransactionStillReportsWhatItDid() {
        let storage = TextContentStorage(string: "abc")
        let observer = RecordingObserver()
        storage.addTextLayoutManager(observer)
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try storage.performEditingTransaction {
                try storage.replaceContents(in: storage.range(0 ..< 1), with: "z")
                throw Stop()
            }
        }
        #expect(!storage.hasEditingTransaction)
        #expect(observer.received.count == 1)
    }
}

@Suite struct EnumerationTests {
    let storage = TextContentStorage(string: "zero\none\ntwo\nthree")

    func texts(from offset: Int?, reverse: Bool, stopAfter limit: Int = .max) -> ([String], Int?) {
        var seen: [String] = []
        let edge = storage.enumerateTextElements(
            from: offset.map { storage.location(at: $0) }, options: reverse ? .reverse : []
        ) { element in
            seen.append(String((element as! TextParagraph).attributedString.characters))
            return seen.count < limit
        }
        return (seen, edge.flatMap { try? storage.offset(of: $0) })
    }

    @Test func forward() {
        #expect(texts(from: nil, reverse: false).0 == ["zero\n", "one\n", "two\n", "three"])
        #expect(texts(from: nil, reverse: false).1 == 18)
        #expect(texts(from: 6, reverse: false).0 == ["one\n", "two\n", "three"])
        let (stopped, edge) = texts(from: 5, reverse: false, stopAfter: 2)
        #expect(stopped == ["one\n", "two\n"])
        #expect(edge == 13)
        #expect(texts(from: 18, reverse: false).0.isEmpty)
    }

    @Test func reverseStartsBeforeTheElementContainingTheLocation() {
        #expect(texts(from: nil, reverse: true).0 == ["three", "two\n", "one\n", "zero\n"])
        #expect(texts(from: nil, reverse: true).1 == 0)
        #expect(texts(from: 9, reverse: true).0 == ["one\n", "zero\n"])
        #expect(texts(from: 10, reverse: true).0 == ["one\n", "zero\n"])
        let (stopped, edge) = texts(from: nil, reverse: true, stopAfter: 1)
        #expect(stopped == ["three"])
        #expect(edge == 13)
        #expect(texts(from: 3, reverse: true).0.isEmpty)
    }

    @Test func aForeignStartEnumeratesNothing() {
        var called = false
        let edge = storage.enumerateTextElements(from: TextContentStorage(string: "x").location(at: 0)) { _ in
            called = true; return true
        }
        #expect(edge == nil)
        #expect(!called)
    }
}

@Suite struct DelegateTests {
    /// Collapses every paragraph after a heading starting with "#" marked collapsed.
    final class Collapser: TextContentStorageDelegate {
        var hidden: Set<String> = []
        var substituteUppercase = false
        var substituteWrongLength = false
        /// The substitutes the storage refused, where and why.
        var refused: [(text: String, range: NSRange, error: TextContentError)] = []

        func textContentManager(
            _ manager: TextContentManager, shouldEnumerate element: any TextElement,
            options: TextContentManagerEnumerationOptions
        ) -> Bool {
            guard let paragraph = element as? TextParagraph else { return true }
            return !hidden.contains(String(paragraph.attributedString.characters).trimmingCharacters(in: .newlines))
        }

        func textContentStorage(_ storage: TextContentStorage, textParagraphWith range: NSRange) -> TextParagraph? {
            guard substituteUppercase || substituteWrongLength else { return nil }
            let stored = storage.attributedString(in: storage.textRange(for: range)!)!
            let text = String(stored.characters)
            return TextParagraph(
                attributedString: AttributedString(substituteWrongLength ? text + "!" : text.uppercased()))
        }

        func textContentStorage(
            _ storage: TextContentStorage, didRefuse paragraph: TextParagraph, for range: NSRange,
            error: TextContentError
        ) {
            refused.append((String(paragraph.attributedString.characters), range, error))
        }
    }

    @Test func hiddenElementsAreSkippedInBothDirections() {
        let storage = TextContentStorage(string: "# A\nbody a\n# B\nbody b")
        let delegate = Collapser()
        delegate.hidden = ["body a"]
        storage.delegate = delegate
        var forward: [String] = []
        storage.enumerateTextElements(from: nil) {
            forward.append(String(($0 as! TextParagraph).attributedString.characters)); return true
        }
        #expect(forward == ["# A\n", "# B\n", "body b"])
        var backward: [String] = []
        storage.enumerateTextElements(from: nil, options: .reverse) {
            backward.append(String(($0 as! TextParagraph).attributedString.characters)); return true
        }
        #expect(backward == ["body b", "# B\n", "# A\n"])
        // Hiding changes only what is enumerated, never the content.
        #expect(storage.paragraphCount == 4)
    }

    @Test func substitutedParagraphsAreShownWithTheStoredRanges() {
        let storage = TextContentStorage(string: "hello\nשלום world")
        let delegate = Collapser()
        delegate.substituteUppercase = true
        storage.delegate = delegate
        let second = storage.textParagraph(atIndex: 1)!
        #expect(String(second.attributedString.characters) == "שלום WORLD")
        #expect(storage.nsRange(for: second.elementRange!) == NSRange(location: 6, length: 10))
        #expect(storage.string == "hello\nשלום world")
    }

    @Test func aSubstituteOfAnotherLengthIsRefused() {
        let storage = TextContentStorage(string: "hello\nworld")
        let delegate = Collapser()
        delegate.substituteWrongLength = true
        storage.delegate = delegate
        let first = storage.textParagraph(atIndex: 0)!
        #expect(String(first.attributedString.characters) == "hello\n")
        #expect(delegate.refused.map(\.text) == ["hello\n!"])
        #expect(delegate.refused.first?.range == NSRange(location: 0, length: 6))
        #expect(delegate.refused.first?.error == .substitutedParagraphLengthMismatch(expected: 6, actual: 7))
        // A substitute of the right length is not refused.
        delegate.substituteWrongLength = false
        delegate.substituteUppercase = true
        #expect(String(storage.textParagraph(atIndex: 1)!.attributedString.characters) == "WORLD")
        #expect(delegate.refused.count == 1)
    }
}

@Suite struct TrackingTests {
    @Test func rangesFollowTheirText() throws {
        let storage = TextContentStorage(string: "The quick brown fox")
        var ranges = [storage.range(10 ..< 15), storage.range(0 ..< 3), storage.range(19 ..< 19)]
        try storage.transform(updating: &ranges) {
            try storage.replaceContents(in: storage.range(4 ..< 9), with: "slow")
            try storage.replaceContents(in: storage.range(0 ..< 0), with: "«")
        }
        #expect(
            ranges.map { storage.nsRange(for: $0) } == [
                NSRange(location: 10, length: 5), NSRange(location: 1, length: 3), NSRange(location: 19, length: 0),
            ])
        #expect(storage.attributedString(in: ranges[0]).map { String($0.characters) } == "brown")
    }

    @Test func aRangeInsideDeletedTextCollapses() throws {
        let storage = TextContentStorage(string: "abcdefgh")
        var range = storage.range(3 ..< 5)
        try storage.transform(updating: &range) {
            try storage.replaceContents(in: storage.range(2 ..< 6), with: "")
        }
        #expect(storage.nsRange(for: range) == NSRange(location: 2, length: 0))
    }

    @Test func insertionAtACaretFollowsItsAffinity() throws {
        let storage = TextContentStorage(string: "ab")
        var downstream = storage.range(1 ..< 1)
        var upstream = storage.range(1 ..< 1)
        try storage.transform(updating: &downstream) {
            try storage.replaceContents(in: storage.range(1 ..< 1), with: "XY")
        }
        try storage.transform(updating: &upstream, affinity: .upstream) {
            try storage.replaceContents(in: storage.range(1 ..< 1), with: "Z")
        }
        #expect(storage.nsRange(for: downstream) == NSRange(location: 3, length: 0))
        #expect(storage.nsRange(for: upstream) == NSRange(location: 1, length: 0))
    }

    @Test func attributeEditsMoveNoLocation() throws {
        let storage = TextContentStorage(string: "one two three")
        var range = storage.range(4 ..< 7)
        try storage.transform(updating: &range) {
            try storage.addAttributes(AttributeContainer().kern(2), in: storage.range(0 ..< 13))
        }
        #expect(storage.nsRange(for: range) == NSRange(location: 4, length: 3))
        let edit = TextContentEdit(range: 0 ..< 13, replacementLength: 13, kind: .attributes)
        #expect(edit.transform(5) == 5)
        #expect(edit.transform(4 ..< 7) == 4 ..< 7)
    }

    @Test func editMapping() {
        let edit = TextContentEdit(range: 4 ..< 8, replacementLength: 2)
        #expect(edit.transform(3) == 3)
        #expect(edit.transform(4) == 4)
        #expect(edit.transform(6) == 6)
        #expect(edit.transform(6, affinity: .upstream) == 4)
        #expect(edit.transform(8) == 6)
        #expect(edit.transform(10) == 8)
        let insertion = TextContentEdit(range: 4 ..< 4, replacementLength: 3)
        #expect(insertion.transform(4) == 7)
        #expect(insertion.transform(4, affinity: .upstream) == 4)
        #expect(insertion.transform(2 ..< 4) == 2 ..< 4)
        #expect(insertion.transform(4 ..< 6) == 7 ..< 9)
    }
}
