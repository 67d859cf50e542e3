import Foundation

extension PresentationIntent {
    /// The kind of one block, as Foundation's `PresentationIntent.Kind`.
    public enum Kind: Hashable, Sendable, Codable, CustomDebugStringConvertible {
        /// A paragraph.
        case paragraph
        /// A heading, level 1 to 6.
        case header(level: Int)
        /// A numbered list; its items carry the numbers.
        case orderedList
        /// A bulleted list.
        case unorderedList
        /// An item of a list; `ordinal` counts from the list's start (1-based for unordered lists).
        case listItem(ordinal: Int)
        /// A code block and the language named after its opening fence, if any.
        case codeBlock(languageHint: String?)
        /// A block quote.
        case blockQuote
        /// A thematic break (horizontal rule).
        case thematicBreak
        /// A table and the alignment of each of its columns.
        case table(columns: [TableColumn])
        /// A table's header row.
        case tableHeaderRow
        /// A table's body row; the first body row is 1 (the header row has no index).
        case tableRow(rowIndex: Int)
        /// A cell of a row, the first column being 0.
        case tableCell(columnIndex: Int)

        public var debugDescription: String {
            switch self {
            case .paragraph: "paragraph"
            case .header(let level): "header \(level)"
            case .orderedList: "orderedList"
            case .unorderedList: "unorderedList"
            case .listItem(let ordinal): "listItem \(ordinal)"
            case .codeBlock(let hint): "codeBlock '\(hint ?? "")'"
            case .blockQuote: "blockQuote"
            case .thematicBreak: "thematicBreak"
            case .table(let columns): "table \(columns.map { "\($0.alignment)" })"
            case .tableHeaderRow: "tableHeaderRow"
            case .tableRow(let index): "tableRow \(index)"
            case .tableCell(let index): "tableCell \(index)"
            }
        }
    }

    /// One component of an intent: a block's kind and the identity that tells it from other
    /// blocks of the same kind.
    public struct IntentType: Hashable, Sendable, Codable, CustomDebugStringConvertible {
        /// The kind of block.
        public var kind: Kind
        /// A number unique to the block within its document.
        public var identity: Int

        /// A component of the given kind and identity.
        public init(kind: Kind, identity: Int) {
            self.kind = kind
            self.identity = identity
        }

        public var debugDescription: String { "\(kind.debugDescription) (id \(identity))" }

        private enum CodingKeys: String, CodingKey {
            case kind, identity, level, ordinal, languageHint, columns, rowIndex, columnIndex
        }

        /// Decodes `{"kind": "header", "level": 2, "identity": 7}`, refusing unknown keys and kinds.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
            identity = try container.decodeNumber(Int.self, forKey: .identity)
            let name = try container.decode(String.self, forKey: .kind)
            switch name {
            case "paragraph": kind = .paragraph
            case "header": kind = .header(level: try container.decodeNumber(Int.self, forKey: .level))
            case "orderedList": kind = .orderedList
            case "unorderedList": kind = .unorderedList
            case "listItem": kind = .listItem(ordinal: try container.decodeNumber(Int.self, forKey: .ordinal))
            case "codeBlock":
                kind = .codeBlock(languageHint: try container.decodeIfPresent(String.self, forKey: .languageHint))
            case "blockQuote": kind = .blockQuote
            case "thematicBreak": kind = .thematicBreak
            case "table":
                kind = .table(
                    columns: try container.decode([TableColumn.Alignment].self, forKey: .columns).map(TableColumn.init))
            case "tableHeaderRow": kind = .tableHeaderRow
            case "tableRow": kind = .tableRow(rowIndex: try container.decodeNumber(Int.self, forKey: .rowIndex))
            case "tableCell": kind = .tableCell(columnIndex: try container.decodeNumber(Int.self, forKey: .columnIndex))
            default:
                throw DecodingError.dataCorruptedError(
                    forKey: .kind, in: container,
                    debugDescription: "\(String(name.prefix(24)).debugDescription) is not a kind of presentation intent"
                )
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(identity, forKey: .identity)
            switch kind {
            case .paragraph: try container.encode("paragraph", forKey: .kind)
            case .header(let level):
                try container.encode("header", forKey: .kind)
                try container.encode(level, forKey: .level)
            case .orderedList: try container.encode("orderedList", forKey: .kind)
            case .unorderedList: try container.encode("unorderedList", forKey: .kind)
            case .listItem(let ordinal):
                try container.encode("listItem", forKey: .kind)
                try container.encode(ordinal, forKey: .ordinal)
            case .codeBlock(let hint):
                try container.encode("codeBlock", forKey: .kind)
                try container.encodeIfPresent(hint, forKey: .languageHint)
            case .blockQuote: try container.encode("blockQuote", forKey: .kind)
            case .thematicBreak: try container.encode("thematicBreak", forKey: .kind)
            case .table(let columns):
                try container.encode("table", forKey: .kind)
                try container.encode(columns.map(\.alignment), forKey: .columns)
            case .tableHeaderRow: try container.encode("tableHeaderRow", forKey: .kind)
            case .tableRow(let index):
                try container.encode("tableRow", forKey: .kind)
                try container.encode(index, forKey: .rowIndex)
            case .tableCell(let index):
                try container.encode("tableCell", forKey: .kind)
                try container.encode(index, forKey: .columnIndex)
            }
        }
    }
}
