/// Rule L2 of the Unicode Bidirectional Algorithm: from the resolved levels of a line's items
/// (runs or characters) in logical order, their visual order, left to right.
public enum BidiReordering {
    /// The logical indices of `levels` in visual order: from the highest level down to the
    /// lowest odd level, every maximal sequence at that level or higher is reversed.
    ///
    /// ```swift
    /// BidiReordering.visualOrder(levels: [0, 1, 1, 0])   // [0, 2, 1, 3]
    /// ```
    public static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), highest > 0 else { return order }
        let lowestOdd = (levels.min() ?? 0) | 1
        var level = highest
        while level >= lowestOdd {
            var start = 0
            while start < levels.count {
                guard levels[order[start]] >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < levels.count, levels[order[end]] >= level { end += 1 }
                order[start ..< end].reverse()
                start = end
            }
            level -= 1
        }
        return order
    }
}
