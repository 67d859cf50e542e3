import Foundation
import Testing
import TextDocument
@testable import TextContent

/// Presentation intents, task items and source positions as attributes of the engine's scope,
/// and in its document format.
@Suite struct PresentationAttributeTests {
    static let kinds: [PresentationIntent.Kind] = [
        .paragraph, .header(level: 3), .orderedList, .unorderedList, .listItem(ordinal: 7),
        .codeBlock(languageHint: "swift"), .codeBlock(languageHint: nil), .blockQuote, .thematicBreak,
        .table(columns: PresentationIntent.TableColumn.Alignment.allCases.map { .init(alignment: $0) }),
        .tableHeaderRow, .tableRow(rowIndex: 2), .tableCell(columnIndex: 1),
    ]

    @Test func scopeKeysWork() {
        var text = AttributedString("quoted\n")
        let quote = PresentationIntent(.blockQuote, identity: 1)
        text.presentationIntent = PresentationIntent(.paragraph, identity: 2, parent: quote)
        text.inlinePresentationIntent = [.emphasized, .stronglyEmphasized]
        text.taskListItem = TaskListItem(isChecked: true)
        let runs = text.runs[\.presentationIntent].map(\.0)
        #expect(runs.count == 1)
        #expect(runs.first??.components.map(\.kind) == [.paragraph, .blockQuote])
        #expect(runs.first??.indentationLevel == 1)
        #expect(text.runs.first?.inlinePresentationIntent == [.emphasized, .stronglyEmphasized])
    }

    @Test func everyKindRoundTripsThroughTheDocumentFormat() throws {
        var string = AttributedString()
        for (index, kind) in Self.kinds.enumerated() {
            var paragraph = AttributedString("block \(index)\n")
            paragraph.presentationIntent = PresentationIntent(
                kind, identity: index + 10, parent: PresentationIntent(.blockQuote, identity: 1))
            paragraph.inlinePresentationIntent = InlinePresentationIntent(
                rawValue: UInt(1 << (index % 10)) & InlinePresentationIntent.all.rawValue)
            if index % 2 == 0 { paragraph.taskListItem = TaskListItem(isChecked: index % 4 == 0) }
            paragraph.markdownSourcePosition = .init(
                startLine: index + 1, startColumn: 1, endLine: index + 1, endColumn: 9)
            paragraph.imageURL = URL(string: "https://example.com/\(index).png")
            string += paragraph
        }
        let decoded = try TextDocumentFormat.decode(TextDocumentFormat.encode(string))
        #expect(decoded == string)
    }

    @Test func taskItemsAreParagraphBound() throws {
        let json =
            #"{"format": "opentextkit-document", "version": 1, "text": "ab", "runs": [{"length": 1, "attributes": "#
            + #"{"taskListItem": {"isChecked": true}}}, {"length": 1}]}"#
        #expect(throws: TextDocumentError.paragraphAttributeInconsistent(paragraphStartOffset: 0)) {
            try TextDocumentFormat.decode(Data(json.utf8))
        }
    }

    @Test func unknownIntentKindsAndFieldsAreRefused() {
        let kind =
            #"{"format": "opentextkit-document", "version": 1, "text": "a", "runs": [{"length": 1, "attributes": "#
            + #"{"presentationIntent": {"components": [{"kind": "aside", "identity": 1}]}}}]}"#
        #expect(throws: TextDocumentError.self) { try TextDocumentFormat.decode(Data(kind.utf8)) }
        let field =
            #"{"format": "opentextkit-document", "version": 1, "text": "a", "runs": [{"length": 1, "attributes": "#
            + #"{"taskListItem": {"isChecked": true, "colour": 1}}}]}"#
        #expect(throws: TextDocumentError.unknownField(path: "runs[0].attributes.taskListItem.colour")) {
            try TextDocumentFormat.decode(Data(field.utf8))
        }
    }
}
