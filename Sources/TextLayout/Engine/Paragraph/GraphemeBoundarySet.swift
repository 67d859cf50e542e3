/// Where a paragraph's grapheme clusters start, for each offset 0 through its length: what a
/// shaped paragraph stores (found with ``GraphemeSegmenter``).
///
/// Most paragraphs are text of simple code units (see ``GraphemeSegmenter``): every offset
/// starts a cluster but the LF of a closing CR LF. Those keep no flags at all.
struct GraphemeBoundarySet: Sendable, Equatable {
    /// One flag an offset; empty when every offset but ``notBoundary`` is a boundary.
    private let flags: [UInt8]
    /// The LF of a closing CR LF in the flagless form; -1 otherwise.
    private let notBoundary: Int
    /// The paragraph's length plus one.
    let count: Int

    /// Every offset of a paragraph of `length` units, but the LF of a closing CR LF when
    /// `endsWithCRLF`.
    init(everyOffsetOf length: Int, endsWithCRLF: Bool) {
        flags = []
        notBoundary = endsWithCRLF ? length - 1 : -1
        count = length + 1
    }

    /// Whether every offset is a boundary (but the LF of a closing CR LF): no flags are kept.
    var isEveryOffset: Bool { flags.isEmpty }

    /// Boundaries where `flags` is non-zero (one flag per offset, the length's included).
    init(flags: [UInt8]) {
        self.flags = flags
        notBoundary = -1
        count = flags.count
    }

    /// Whether a grapheme cluster starts at `offset` (0 through the length).
    @inline(__always)
    func contains(_ offset: Int) -> Bool {
        flags.isEmpty ? offset != notBoundary : flags[offset] != 0
    }

    /// Equal when the same offsets are boundaries, whichever form each keeps.
    static func == (lhs: GraphemeBoundarySet, rhs: GraphemeBoundarySet) -> Bool {
        lhs.count == rhs.count && (0 ..< lhs.count).allSatisfy { lhs.contains($0) == rhs.contains($0) }
    }

    /// The flags of `range` (one per offset, 1 at a boundary), for building another paragraph's.
    func flags(in range: Range<Int>) -> [UInt8] {
        flags.isEmpty ? range.map { $0 == notBoundary ? 0 : 1 } : Array(flags[range])
    }
}
