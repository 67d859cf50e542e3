/// One font run to shape: the face (an index the planner resolves), the range, and the words it
/// is cut into (a range of the planner's word array).
struct FontRunPlan {
    /// 0 for the requested font, else a fallback (see ``FontRunPlanner/selection(_:)``).
    var face: Int
    var range: Range<Int>
    var words: Range<Int>

    struct Word {
        var range: Range<Int>
        var isSeparator: Bool
        /// For a piece of a grapheme cluster too long to shape whole, the cluster's start: every
        /// glyph of the piece reports it, so the cluster stays one unit for carets and breaking.
        var clusterStart: Int? = nil
    }
}
