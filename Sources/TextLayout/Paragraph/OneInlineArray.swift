/// An array whose first element is kept inline: most paragraphs are one line and one shaped
/// piece (a line of code, a short verse), and allocate no array for either.
struct OneInlineArray<Element>: RandomAccessCollection {
    private var first: Element?
    private var rest: [Element] = []

    init() {}

    init(_ elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { first == nil ? 0 : 1 + rest.count }

    subscript(position: Int) -> Element {
        position == 0 ? first! : rest[position - 1]
    }

    mutating func append(_ element: Element) {
        if first == nil { first = element } else { rest.append(element) }
    }
}

extension OneInlineArray: Sendable where Element: Sendable {}

/// A fragment's lines as laid out, top to bottom.
typealias LineLayouts = OneInlineArray<LineLayout>
