import Foundation

/// Arithmetic on positions, as UIKit's `UITextInput` has it: positions are UTF-16 offsets and
/// text ranges `NSRange`s.
extension TextView {
    /// The range between `fromPosition` and `toPosition`, in either order; nil when either is
    /// outside the document.
    ///
    /// ```swift
    /// view.textRange(from: 5, to: 2)   // {2, 3}
    /// ```
    public func textRange(from fromPosition: Int, to toPosition: Int) -> NSRange? {
        let length = textContentStorage.utf16Length
        guard (0 ... length).contains(fromPosition), (0 ... length).contains(toPosition) else { return nil }
        let lower = min(fromPosition, toPosition)
        return NSRange(location: lower, length: max(fromPosition, toPosition) - lower)
    }

    /// `.orderedAscending` when `position` comes before `other`, `.orderedDescending` when after,
    /// `.orderedSame` when they are one.
    public func compare(_ position: Int, to other: Int) -> ComparisonResult {
        position == other ? .orderedSame : (position < other ? .orderedAscending : .orderedDescending)
    }

    /// UTF-16 units from `from` to `toPosition`: negative when `toPosition` comes first.
    public func offset(from: Int, to toPosition: Int) -> Int {
        toPosition - from
    }
}
