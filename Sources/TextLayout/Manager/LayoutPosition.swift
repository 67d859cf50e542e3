import Foundation
import _RopeModule

/// An entry found in the tree, with where it is.
struct LayoutPosition {
    let ordinal: Int
    /// The paragraph's UTF-16 range in the document (its hidden gap excluded).
    let range: Range<Int>
    /// Its top, in `LayoutHeight` units.
    let top: Int
    let entry: LayoutEntry

    var y: CGFloat { LayoutHeight.points(top) }
    var bottom: Int { top + entry.height }
}
