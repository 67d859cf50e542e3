/// An array whose first `inlineCount` elements are kept inline, the rest in an array: most
/// paragraphs are one line and one shaped piece, and most lines are their text and a separator
/// or hanging space, so none of them allocates.
struct SmallArray<let inlineCount: Int, Element>: RandomAccessCollection, MutableCollection {
    private var inline: InlineArray<inlineCount, Element?> = InlineArray(repeating: nil)
    private var rest: [Element] = []

    init() {}

    init(_ elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    var startIndex: Int { 0 }
    /// Inline elements are filled in order, so the count is found without a stored field
    /// (which would make every fragment and shaped paragraph 8 bytes larger).
    var endIndex: Int {
        if !rest.isEmpty { return inlineCount + rest.count }
        var count = 0
        while count < inlineCount, inline[count] != nil { count += 1 }
        return count
    }

    subscript(position: Int) -> Element {
        get { position < inlineCount ? inline[position]! : rest[position - inlineCount] }
        set {
            if position < inlineCount { inline[position] = newValue } else { rest[position - inlineCount] = newValue }
        }
    }

    /// Room for `count` elements in all, so that appending them allocates once.
    mutating func reserveCapacity(_ count: Int) {
        rest.reserveCapacity(Swift.max(0, count - inlineCount))
    }

    mutating func append(_ element: Element) {
        let count = endIndex
        if count < inlineCount { inline[count] = element } else { rest.append(element) }
    }
}

extension SmallArray: Sendable where Element: Sendable {}

/// A fragment's lines as laid out, top to bottom.
typealias LineRecords = SmallArray<1, LineRecord>
