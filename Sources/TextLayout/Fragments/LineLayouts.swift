/// A fragment's lines as laid out, top to bottom. The first is kept inline, so a paragraph of
/// one line (a line of code, a short verse) allocates no array for its lines.
struct LineLayouts: RandomAccessCollection, Sendable {
    private var first: LineLayout?
    private var rest: [LineLayout] = []

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { first == nil ? 0 : 1 + rest.count }

    subscript(position: Int) -> LineLayout {
        position == 0 ? first! : rest[position - 1]
    }

    mutating func append(_ line: LineLayout) {
        if first == nil { first = line } else { rest.append(line) }
    }
}
