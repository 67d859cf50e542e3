/// An array whose first two elements are kept inline: most lines are their text and a
/// separator or hanging space, and most paragraphs one piece, so neither allocates.
struct TwoInlineArray<Element>: RandomAccessCollection, MutableCollection {
    private var first: Element?
    private var second: Element?
    private var rest: [Element] = []

    init() {}

    init(_ elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { first == nil ? 0 : second == nil ? 1 : 2 + rest.count }

    subscript(position: Int) -> Element {
        get {
            switch position {
            case 0: return first!
            case 1: return second!
            default: return rest[position - 2]
            }
        }
        set {
            switch position {
            case 0: first = newValue
            case 1: second = newValue
            default: rest[position - 2] = newValue
            }
        }
    }

    mutating func append(_ element: Element) {
        if first == nil {
            first = element
        } else if second == nil {
            second = element
        } else {
            rest.append(element)
        }
    }
}

extension TwoInlineArray: Sendable where Element: Sendable {}
