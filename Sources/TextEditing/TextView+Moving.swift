import Foundation
import TextContent

/// Text moved within the view, as a drag of the selection dropped elsewhere in it moves it.
extension TextView {
    /// Moves the text in `range` (UTF-16 offsets) to `offset` (an offset of the text as it is
    /// now), or with `copying` copies it there, with its attributes, in one undo step; the text
    /// at its new place is then selected. A move to a place inside the range, or to either of its
    /// ends, changes nothing. Returns whether the text changed: false for an empty range, or a
    /// range or offset outside the text (or splitting a surrogate pair).
    ///
    /// ```swift
    /// view.moveText(in: NSRange(location: 0, length: 5), to: view.textContentStorage.utf16Length)
    /// ```
    @discardableResult
    public func moveText(in range: NSRange, to offset: Int, copying: Bool = false) -> Bool {
        let length = textContentStorage.utf16Length
        guard range.location != NSNotFound, range.location >= 0, range.length > 0, range.location <= length,
            range.length <= length - range.location, offset >= 0, offset <= length
        else { return false }
        let source = range.location ..< range.location + range.length
        guard copying || offset < source.lowerBound || offset > source.upperBound else { return false }
        let content = textContentStorage.exactText(source)
        let target = offset ..< offset
        // Ranges in the text's order, each with what replaces it.
        let (ranges, pieces) =
            copying
            ? ([target], [content])
            : offset < source.lowerBound
                ? ([target, source], [content, AttributedString()])
                : ([source, target], [AttributedString(), content])
        guard replace(ranges, with: nil, kind: .other, pieces: pieces) else { return false }
        let start = copying || offset < source.lowerBound ? offset : offset - source.count
        setSelectedRange(NSRange(location: start, length: content.utf16.count))
        return true
    }
}
