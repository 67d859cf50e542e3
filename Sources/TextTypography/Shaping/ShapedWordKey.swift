/// What a shaped word depends on, as the key of the shaped-word cache: the font, the shaping
/// options (features, direction, script and language, interned as one number by ``TextShaper``),
/// and the text HarfBuzz saw: the word with the context around it.
///
/// The context is at most 5 code units each side (all HarfBuzz ever reads, for Arabic joining),
/// cut before the first separator (a space joins nothing, so what lies beyond cannot matter).
/// "the" between spaces or paragraph edges has the same key wherever it occurs.
struct ShapedWordKey: Hashable, Sendable {
    var fontID: UInt64
    var optionsID: UInt64
    /// Where the word starts in `text`, after the leading context.
    var itemOffset: Int32
    /// The word's length; what follows it in `text` is trailing context.
    var itemLength: Int32
    /// Context, word, context.
    var text: WordText

    /// The key to store: the same, owning its text.
    func owningCopy() -> ShapedWordKey {
        var copy = self
        copy.text = text.owningCopy()
        return copy
    }
}

/// The code units of a cache key: borrowed from the paragraph for a lookup (no copy, no reference
/// counting), owned once stored. Equal and hashed by content either way.
struct WordText: Hashable, @unchecked Sendable {
    // @unchecked: a borrowed text lives only inside one `shape` call, for lookups; the cache
    // stores owned copies (`owningCopy()`), which are immutable arrays.
    private enum Storage {
        case borrowed(UnsafeBufferPointer<UInt16>)
        case owned([UInt16])
    }

    private let storage: Storage

    /// Borrows `units`, which must outlive every use of this value.
    init(borrowing units: UnsafeBufferPointer<UInt16>) {
        storage = .borrowed(units)
    }

    private init(owning units: [UInt16]) {
        storage = .owned(units)
    }

    func owningCopy() -> WordText {
        switch storage {
        case .borrowed(let units): return WordText(owning: Array(units))
        case .owned: return self
        }
    }

    var count: Int {
        switch storage {
        case .borrowed(let units): return units.count
        case .owned(let units): return units.count
        }
    }

    subscript(position: Int) -> UInt16 {
        withUnsafeBufferPointer { $0[position] }
    }

    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt16>) -> Result) -> Result {
        switch storage {
        case .borrowed(let units): return body(units)
        case .owned(let units): return units.withUnsafeBufferPointer(body)
        }
    }

    static func == (lhs: WordText, rhs: WordText) -> Bool {
        lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in
                left.count == right.count && left.elementsEqual(right)
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        withUnsafeBufferPointer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// A shaped word as cached: glyphs in visual order, clusters relative to the word's start.
struct ShapedWord: Sendable {
    var glyphs: [ShapedGlyph]
}
