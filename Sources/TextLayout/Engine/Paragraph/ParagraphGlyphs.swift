@_spi(Typesetting) import TextTypography

/// A paragraph's glyphs, piece after piece (each piece's in visual order).
///
/// Most paragraphs, a line of code or of prose, shape to one glyph per UTF-16 unit in logical
/// order, without offsets: glyph `i` is the cluster at offset `i`. Those keep only their glyph
/// ids, 2 bytes a glyph instead of 20, and a glyph's advance is read from the paragraph's
/// per-offset advances. Layout never reads HarfBuzz's glyph flags, so those are not kept there.
struct ParagraphGlyphs: RandomAccessCollection, Sendable, Equatable {
    private enum Storage: Sendable {
        case full([ShapedGlyph])
        /// Glyph `i` has id `ids[i]`, cluster `i` and advance `advances[i]`.
        case compact(ids: [UInt16], advances: [Float])
    }

    private let storage: Storage

    /// `glyphs` as they are.
    init(_ glyphs: [ShapedGlyph]) {
        storage = .full(glyphs)
    }

    /// The glyphs of a paragraph, kept compact when they allow it: one glyph per offset in
    /// logical order, none displaced, each advance the one at its offset in `advances` (so no
    /// kern or tracking was added to it).
    init(_ glyphs: [ShapedGlyph], advances: [Float]) {
        let compactIDs: [UInt16]? = glyphs.withUnsafeBufferPointer { glyphs in
            advances.withUnsafeBufferPointer { advances in
                guard glyphs.count <= advances.count else { return nil }
                for index in glyphs.indices {
                    let glyph = glyphs[index]
                    guard Int(glyph.storedCluster) == index, glyph.xOffset == 0, glyph.yOffset == 0,
                        glyph.advance == advances[index]
                    else { return nil }
                }
                return [UInt16](filledWith: 0, count: glyphs.count) { ids in
                    for index in glyphs.indices { ids[index] = glyphs[index].storedID }
                }
            }
        }
        if let compactIDs {
            storage = .compact(ids: compactIDs, advances: advances)
        } else {
            // A copy at its exact size: `glyphs` may be a scratch buffer with room to spare.
            storage = .full(glyphs.withUnsafeBufferPointer { [ShapedGlyph](copying: $0) })
        }
    }

    /// Compact glyphs: glyph `i` has id `ids[i]`, cluster `i` and advance `advances[i]`.
    init(compactIDs ids: [UInt16], advances: [Float]) {
        storage = .compact(ids: ids, advances: advances)
    }

    /// The glyph ids of compact glyphs (glyph `i` at offset `i`); nil otherwise.
    var compactIDs: [UInt16]? {
        guard case .compact(let ids, _) = storage else { return nil }
        return ids
    }

    /// The sum of the advances of glyphs `range`, when the glyphs are compact: their advances
    /// are the paragraph's per-offset advances, summed here without making glyphs. Nil otherwise.
    func compactAdvance(of range: Range<Int>) -> Float? {
        guard case .compact(_, let advances) = storage else { return nil }
        return advances.withUnsafeBufferPointer { advances in
            var width: Float = 0
            for index in range { width += advances[index] }
            return width
        }
    }

    /// Whether only glyph ids are kept.
    var isCompact: Bool {
        if case .compact = storage { return true }
        return false
    }

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch storage {
        case .full(let glyphs): return glyphs.count
        case .compact(let ids, _): return ids.count
        }
    }

    subscript(position: Int) -> ShapedGlyph {
        switch storage {
        case .full(let glyphs):
            return glyphs[position]
        case .compact(let ids, let advances):
            return ShapedGlyph(
                id: UInt32(ids[position]), flags: 0, cluster: position, advance: advances[position], xOffset: 0,
                yOffset: 0)
        }
    }

    static func == (lhs: ParagraphGlyphs, rhs: ParagraphGlyphs) -> Bool {
        lhs.elementsEqual(rhs) {
            $0.id == $1.id && $0.cluster == $1.cluster && $0.advance == $1.advance && $0.xOffset == $1.xOffset
                && $0.yOffset == $1.yOffset
        }
    }
}
