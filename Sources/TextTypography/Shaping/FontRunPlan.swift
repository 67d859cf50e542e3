/// One font run to shape: the face, the range, and the words it is cut into.
struct FontRunPlan {
    var selection: FaceSelection
    var range: Range<Int>
    var words: [Word]

    struct Word {
        var range: Range<Int>
        var isSeparator: Bool
        /// For a piece of a grapheme cluster too long to shape whole, the cluster's start: every
        /// glyph of the piece reports it, so the cluster stays one unit for carets and breaking.
        var clusterStart: Int? = nil
    }
}
