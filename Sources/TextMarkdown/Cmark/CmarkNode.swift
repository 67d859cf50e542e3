import CCmarkGFM
import Foundation

/// Reading one cmark node.
struct CmarkNode {
    let pointer: OpaquePointer

    var type: cmark_node_type { cmark_node_get_type(pointer) }
    /// cmark's name of the type; extension nodes ("table", "tasklist" ...) are told apart by it.
    var typeName: String { cmark_node_get_type_string(pointer).map { String(cString: $0) } ?? "" }
    var literal: String { cmark_node_get_literal(pointer).map { String(cString: $0) } ?? "" }
    var url: String { cmark_node_get_url(pointer).map { String(cString: $0) } ?? "" }
    var title: String { cmark_node_get_title(pointer).map { String(cString: $0) } ?? "" }
    var fenceInfo: String { cmark_node_get_fence_info(pointer).map { String(cString: $0) } ?? "" }
    var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }
    var isOrderedList: Bool { cmark_node_get_list_type(pointer) == CMARK_ORDERED_LIST }
    var listStart: Int { Int(cmark_node_get_list_start(pointer)) }
    var isTightList: Bool { cmark_node_get_list_tight(pointer) != 0 }
    var isTaskChecked: Bool { cmark_gfm_extensions_get_tasklist_item_checked(pointer) }
    var parent: CmarkNode? { cmark_node_parent(pointer).map(CmarkNode.init) }
    var startLine: Int { Int(cmark_node_get_start_line(pointer)) }

    /// The node's source position, or nil when cmark recorded none.
    var position: (startLine: Int, startColumn: Int, endLine: Int, endColumn: Int)? {
        let startLine = Int(cmark_node_get_start_line(pointer))
        guard startLine > 0 else { return nil }
        return (
            startLine, Int(cmark_node_get_start_column(pointer)), Int(cmark_node_get_end_line(pointer)),
            Int(cmark_node_get_end_column(pointer))
        )
    }

    /// A table's column alignments.
    var tableAlignments: [UInt8] {
        let count = Int(cmark_gfm_extensions_get_table_columns(pointer))
        guard count > 0, let alignments = cmark_gfm_extensions_get_table_alignments(pointer) else { return [] }
        return (0 ..< count).map { alignments[$0] }
    }
}
