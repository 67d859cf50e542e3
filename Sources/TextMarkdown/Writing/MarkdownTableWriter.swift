import Foundation
import TextContent

/// Writes a table: a header row (empty cells if the model has none), the delimiter row with
/// the column alignments, and the body rows, each cell in its column by `columnIndex`.
///
/// Foundation's model has no "unaligned" column, and the parser reads an unaligned column as
/// `.left`; so `.left` is written unmarked (`---`), which cmark reads back as unaligned.
struct MarkdownTableWriter {
    let columns: [PresentationIntent.TableColumn]

    func lines(of table: BlockNode) throws(MarkdownError) -> [String] {
        var header: [String]?
        var rows: [[String]] = []
        var width = columns.count
        for row in table.children {
            let cells = try self.cells(of: row)
            width = max(width, cells.count)
            switch row.kind {
            case .tableHeaderRow?: header = cells
            case .tableRow?: rows.append(cells)
            default: throw .unsupportedStructure("a table holding something other than rows")
            }
        }
        width = max(width, 1)
        func line(_ cells: [String]) -> String {
            let padded = cells + Array(repeating: "", count: width - cells.count)
            return "|" + padded.map { " " + $0 + " |" }.joined()
        }
        let delimiter = (0 ..< width).map { index -> String in
            switch index < columns.count ? columns[index].alignment : .left {
            case .left: " --- |"
            case .center: " :-: |"
            case .right: " --: |"
            }
        }.joined()
        return [line(header ?? [])] + ["|" + delimiter] + rows.map(line)
    }

    /// A row's cells by column; a column with no cell is empty.
    private func cells(of row: BlockNode) throws(MarkdownError) -> [String] {
        var cells: [String] = []
        let writer = MarkdownInlineWriter(context: .tableCell)
        for cell in row.children {
            guard case .tableCell(let column)? = cell.kind, (0 ..< 10_000).contains(column) else {
                throw .unsupportedStructure("a table row holding something other than cells")
            }
            if cells.count <= column { cells += Array(repeating: "", count: column + 1 - cells.count) }
            cells[column] = writer.write(cell.pieces)
        }
        return cells
    }
}
