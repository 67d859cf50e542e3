import Foundation

/// Where a viewport's top is, tied to the text rather than to a y: a character and a distance
/// below the top of the line that holds it. A new width, an edit above or a measured estimate
/// moves lines around; the anchor's character stays at the top (TextKit's viewport anchors a
/// location too).
struct ViewportAnchor: Equatable {
    /// The UTF-16 offset in the document of the character whose line the top is measured from:
    /// the first character of the top line when the anchor was taken, or a paragraph's start
    /// (its first line is then measured from the paragraph's top, spacing included).
    var offset: Int
    /// How far below that line's top the viewport starts, in points.
    var delta: CGFloat

    /// The top of the line that holds the character `offset` of `fragment`'s paragraph (a UTF-16
    /// offset in the paragraph), fragment coordinates. The first line is measured from the
    /// fragment's top, so that an anchor at a paragraph start means the same laid out or not.
    static func lineTop(in fragment: TextLayoutFragment, at offset: Int) -> CGFloat {
        guard offset > 0 else { return 0 }
        guard let index = fragment.lineIndex(reaching: offset, atEnd: false), index > 0 else { return 0 }
        return fragment.lineBounds(at: index).minY
    }

    /// The anchor for the point `y` below the top of `fragment` (whose paragraph starts at
    /// `paragraphStart`): the line at `y` (the last line whose top is at or above it), and how
    /// far into it `y` is. A line that holds no character (the extra line after a final
    /// separator) is named by the end of the paragraph's text.
    static func at(_ y: CGFloat, in fragment: TextLayoutFragment, paragraphStart: Int) -> ViewportAnchor {
        // The last line whose top is at or above `y`: lines go down the fragment, so by halves.
        var low = 1, high = fragment.lineCount
        while low < high {
            let mid = (low + high) / 2
            if fragment.lineBounds(at: mid).minY <= y { low = mid + 1 } else { high = mid }
        }
        let chosen = low - 1
        guard chosen > 0 else { return ViewportAnchor(offset: paragraphStart, delta: y) }
        return ViewportAnchor(
            offset: paragraphStart + fragment.lineRange(at: chosen).lowerBound,
            delta: y - fragment.lineBounds(at: chosen).minY)
    }
}
