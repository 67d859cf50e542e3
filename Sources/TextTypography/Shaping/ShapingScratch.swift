internal import CHarfBuzz

/// What one thread reuses from one `shape` call to the next: the planner's words and runs, the
/// glyphs of a word being shaped, HarfBuzz's buffer, and the last font and options looked up.
/// Laying out a document shapes paragraph after paragraph with the same font; without it every
/// paragraph would allocate these again and look the same font up in three shared caches.
///
/// Not `Sendable`: one per thread (a layout pass owns one).
@_spi(Typesetting) public final class ShapingScratch {
    /// Words of the font runs being planned, all runs in one array.
    var words: [FontRunPlan.Word] = []
    /// The font runs being planned; each refers to a range of `words`.
    var runs: [FontRunPlan] = []
    /// Glyphs of a word shaped now, before they go to the cache and the output.
    var wordGlyphs: [ShapedGlyph] = []
    /// Made on the first cache miss.
    private(set) var buffer: OpaquePointer?

    /// The last primary-style lookup.
    var lastStyle: (key: FontStyleKey, selection: FaceSelection)?
    /// The last shaping-options number handed out.
    var lastOptions: (options: ShapingOptions, id: UInt64)?
    /// The last font instance looked up.
    var lastInstance:
        (face: ObjectIdentifier, size: Double, syntheticBold: Bool, syntheticItalic: Bool, instance: FontInstance)?

    @_spi(Typesetting) public init() {}

    deinit {
        if let buffer { hb_buffer_destroy(buffer) }
    }

    /// HarfBuzz's buffer, made once and cleared for each use.
    var harfBuzzBuffer: OpaquePointer {
        if let buffer { return buffer }
        let made = hb_buffer_create()!
        buffer = made
        return made
    }
}
