import Foundation
import Testing
import TextContent

/// The README's tour of the API, compiled and checked.
@Suite struct ReadmeTourTests {
    @Test func theTourRuns() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("otk-readme-\(UUID().uuidString).txt")
        try Data("Hello world, שלום\nಕನ್ನಡ 😀\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let storage = try TextContentStorage(contentsOf: file)
        let start = storage.documentRange.location
        let word = storage.textRange(for: NSRange(location: 6, length: 5))!

        var selection = [word]
        try storage.transform(updating: &selection) {
            try storage.performEditingTransaction {
                try storage.addAttributes(AttributeContainer().foregroundColor(TextColor(red: 0.8, green: 0, blue: 0)), in: word)
                try storage.replaceContents(in: TextRange(location: start), with: "» ")
            }
        }
        let selected = try #require(storage.attributedString(in: selection[0]))
        #expect(String(selected.characters) == "world")
        #expect(selected.runs.count == 1 && selected.foregroundColor == TextColor(red: 0.8, green: 0, blue: 0))

        var contentRanges: [NSRange] = []
        storage.enumerateTextElements(from: nil) { element in
            let paragraph = element as! TextParagraph
            contentRanges.append(storage.nsRange(for: paragraph.paragraphContentRange!))
            return true
        }
        #expect(contentRanges == [NSRange(location: 0, length: 19), NSRange(location: 20, length: 8)])
    }
}
