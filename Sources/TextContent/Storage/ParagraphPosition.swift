import Foundation
import _RopeModule

/// A paragraph found by offset: its ordinal, its start offset and its entry.
struct ParagraphPosition {
    let ordinal: Int
    let start: Int
    let entry: ParagraphEntry
    var end: Int { start + entry.utf16Length }
    var contentEnd: Int { start + entry.contentLength }
}
