import Foundation
import TextContent

extension MarkdownPresentation {
    /// What the engine needs of one paragraph's intent.
    struct Block {
        var headingLevel: Int?
        /// The lists the paragraph is in, outermost first, each with its item's ordinal.
        var lists: [ListShape] = []
        var itemIdentity: Int?
        var quoteDepth = 0
        var isCode = false
        var isRule = false
        var tableColumns: [PresentationIntent.TableColumn]?
        var isHeaderRow = false
        /// The code block or table the paragraph is a line or row of.
        var groupIdentity: Int?

        /// The block without its identities: what its style and decoration depend on.
        struct Shape: Hashable {
            var headingLevel: Int?
            var lists: [ListShape]
            var isItem: Bool
            var quoteDepth: Int
            var isCode: Bool
            var isRule: Bool
            var tableColumns: [PresentationIntent.TableColumn]?
            var isHeaderRow: Bool
        }

        struct ListShape: Hashable {
            var ordered: Bool
            var ordinal: Int
        }

        var shape: Shape {
            Shape(
                headingLevel: headingLevel, lists: lists,
                isItem: itemIdentity != nil, quoteDepth: quoteDepth, isCode: isCode, isRule: isRule,
                tableColumns: tableColumns, isHeaderRow: isHeaderRow)
        }

        init(_ intent: PresentationIntent?) {
            var item: Int?
            // Outermost first, so that lists nest in order.
            for component in (intent?.components ?? []).reversed() {
                switch component.kind {
                case .header(let level): headingLevel = min(max(level, 1), 6)
                case .orderedList: lists.append(ListShape(ordered: true, ordinal: 1))
                case .unorderedList: lists.append(ListShape(ordered: false, ordinal: 1))
                case .listItem(let number):
                    item = component.identity
                    if !lists.isEmpty { lists[lists.count - 1].ordinal = number }
                case .blockQuote: quoteDepth += 1
                case .codeBlock:
                    isCode = true
                    groupIdentity = component.identity
                case .thematicBreak: isRule = true
                case .table(let columns):
                    tableColumns = columns
                    groupIdentity = component.identity
                case .tableHeaderRow: isHeaderRow = true
                case .paragraph, .tableRow, .tableCell: break
                }
            }
            itemIdentity = item
        }
    }
}
