extension Array where Element: BitwiseCopyable {
    /// `count` copies of `value`, then `fill` writes the elements in place.
    ///
    /// `Array(repeating:count:)` and `init(unsafeUninitializedCapacity:)` allocate through the
    /// standard library's unspecialized code, which looks the storage type up in the runtime's
    /// metadata cache on every call (6% of laying out a file of code); growing an empty array
    /// takes the specialized path, whose type is looked up once.
    @inline(__always)
    init(filledWith value: Element, count: Int, _ fill: (UnsafeMutableBufferPointer<Element>) -> Void = { _ in }) {
        self = []
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
        withUnsafeMutableBufferPointer { fill($0) }
    }
}

extension Array {
    /// A copy of `elements` at its exact size (see ``init(filledWith:count:_:)`` for why not `Array(_:)`).
    @inline(__always)
    init(copying elements: UnsafeBufferPointer<Element>) {
        self = []
        reserveCapacity(elements.count)
        append(contentsOf: elements)
    }
}
