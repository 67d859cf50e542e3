import Foundation
import TestFixtures
import Testing
@testable import TextContent

/// Cases a review of the content model found; each failed before its fix.
@Suite struct ReviewFindingsTests {
    /// An observer that edits the storage the first time it hears of a change.
    final class EditOnce: TextContentObserving {
        weak var storage: TextContentStorage?
        var done = false
        func textContentManager(_ manager: TextContentManager, didProcess changes: TextContentChangeSet) {
            guard !done, let storage else { return }
            done = true
            try? storage.replaceContents(in: storage.range(0 ..< 0), with: "y")
        }
    }

    @Test func changesReachEveryObserverInOrder() throws {
        let storage = TextContentStorage(string: "abc")
        let editor = EditOnce()
        editor.storage = storage
        let recorder = RecordingObserver()
        storage.addTextLayoutManager(editor)
        storage.addTextLayoutManager(recorder)
        try storage.replaceContents(in: storage.range(3 ..< 3), with: "z")
        #expect(
            recorder.received.map(\.edits) == [
                [TextContentEdit(range: 3 ..< 3, replacementLength: 1)],
                [TextContentEdit(range: 0 ..< 0, replacementLength: 1)],
            ])
        #expect(storage.string == "yabcz")
    }

    @Test func trackedRangesFollowEditsEvenWhenTheBodyThrows() throws {
        struct Stop: Error {}
        let storage = TextContentStorage(string: "0123456789")
        var range = storage.range(5 ..< 6)
        _ = try? storage.transform(updating: &range) {
            try storage.replaceContents(in: storage.range(0 ..< 0), with: "abc")
            throw Stop()
        }
        #expect(try storage.offsets(of: range) == 8 ..< 9)
    }

    @Test func typingAtAParagraphStartKeepsItsStyleWithOrWithoutANewline() throws {
        var text = AttributedString("one\ntwo")
        text[text.range(of: "one\n")!].paragraphStyle = ParagraphStyle(alignment: .center)
        text[text.range(of: "two")!].paragraphStyle = ParagraphStyle(alignment: .right)
        let plain = TextContentStorage(attributedString: text)
        try plain.replaceContents(in: plain.range(4 ..< 4), with: "y")
        let split = TextContentStorage(attributedString: text)
        try split.replaceContents(in: split.range(4 ..< 4), with: "x\ny")
        #expect(plain.textParagraph(atIndex: 1)!.attributedString.paragraphStyle?.alignment == .right)
        #expect(split.textParagraph(atIndex: 1)!.attributedString.paragraphStyle?.alignment == .right)
        #expect(split.textParagraph(atIndex: 2)!.attributedString.paragraphStyle?.alignment == .right)
        #expect(split.textParagraph(atIndex: 0)!.attributedString.paragraphStyle?.alignment == .center)
    }

    @Test func editMappingNeverOverflows() {
        #expect(TextContentEdit(range: 0 ..< 0, replacementLength: 1).transform(Int.max) == Int.max)
        #expect(TextContentEdit(range: 0 ..< 10, replacementLength: 0).transform(Int.min + 1) == Int.min + 1)
        #expect(TextContentEdit(range: 0 ..< 1, replacementLength: -5).replacementLength == 0)
    }

    @Test func editsOfALongLineInEveryScriptStayCorrect() throws {
        let line = String(repeating: "中文ಕನ್ನಡمرحبا👍🏽e\u{301}", count: 2_000)
        let storage = TextContentStorage(string: line)
        var model = PlainTextModel(line)
        var random = SplitMix64(seed: 7)
        for _ in 0 ..< 200 {
            let any = Int.random(in: 0 ... model.units.count, using: &random)
            let a = model.splitsSurrogatePair(at: any) ? any - 1 : any
            let piece = Samples.pieces.randomElement(using: &random)!
            try storage.replaceContents(in: storage.range(a ..< a), with: piece)
            model.replace(a ..< a, with: piece)
        }
        #expect(storage.string == model.string)
    }
}
