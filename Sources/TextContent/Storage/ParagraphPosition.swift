import Foundation
import _RopeModule

/// A paragraph found by offset: its ordinal, its start offset and its entry.
package struct ParagraphPosition {
    package let ordinal: Int
    package let start: Int
    package let entry: ParagraphEntry
    package var end: Int { start + entry.utf16Length }
    package var contentEnd: Int { start + entry.contentLength }
}
