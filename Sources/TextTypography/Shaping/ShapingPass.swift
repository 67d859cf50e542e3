internal import CHarfBuzz

/// The state of one `shape` call: the options, and the caller's scratch (HarfBuzz's buffer,
/// made on the first cache miss, and the glyphs of the word being shaped).
struct ShapingPass: ~Copyable {
    let cache: ShapedWordCache
    let units: UnsafeBufferPointer<UInt16>
    let optionsID: UInt64
    let hbFeatures: [hb_feature_t]
    let isRightToLeft: Bool
    let scriptTag: hb_script_t
    let hbLanguage: hb_language_t?
    let scratch: ShapingScratch
    /// Whether words of context-free characters are placed from the font's table.
    let usesContextFreeGlyphs: Bool

    init(
        cache: ShapedWordCache, units: UnsafeBufferPointer<UInt16>, options: ShapingOptions, optionsID: UInt64,
        usesContextFreeGlyphs: Bool, scratch: ShapingScratch
    ) {
        self.scratch = scratch
        self.cache = cache
        self.units = units
        self.optionsID = optionsID
        self.hbFeatures = OpenTypeFeatures.harfBuzzFeatures(options.features)
        self.isRightToLeft = options.isRightToLeft
        self.scriptTag = options.script == 0 ? HB_SCRIPT_INVALID : hb_script_t(rawValue: options.script)
        self.hbLanguage = options.language.map { hb_language_from_string($0, -1) }
        // Features could turn on lookups or kerning the analysis did not consider; right-to-left
        // runs mirror brackets.
        self.usesContextFreeGlyphs = usesContextFreeGlyphs && hbFeatures.isEmpty && !options.isRightToLeft
    }

    /// Appends the glyphs of `words` to `output`: cached or shaped now, placed at their offsets, in
    /// visual order (a right-to-left run lists its last word first).
    func shape(_ words: ArraySlice<FontRunPlan.Word>, with instance: FontInstance, into output: inout [ShapedGlyph]) {
        var table = ContextFreeTable(isUsed: usesContextFreeGlyphs)
        let count = words.count
        func word(at position: Int) -> FontRunPlan.Word {
            isRightToLeft ? words[words.endIndex - 1 - position] : words[words.startIndex + position]
        }
        var position = 0
        while position < count {
            // Words are placed under one hold of the cache's lock until one must be shaped; that
            // one is shaped outside it (other threads may be looking words up meanwhile).
            let miss = cache.withLookups { lookUp -> (ShapedWordKey, UInt64)? in
                while position < count {
                    if case .needsShaping(let key, let hash) = place(
                        word(at: position), with: instance, table: &table, lookUp: lookUp, into: &output)
                    {
                        return (key, hash)
                    }
                    position += 1
                }
                return nil
            }
            guard let (key, hash) = miss else { break }
            let word = word(at: position)
            var shaped: [ShapedGlyph] = []
            swap(&shaped, &scratch.wordGlyphs)
            harfBuzzShape(key, with: instance, into: &shaped)
            shaped.withUnsafeBufferPointer { glyphs in
                if word.range.count <= TextShaper.maximumCachedWordLength {
                    cache.insert(key, hash: hash, glyphs: glyphs)
                }
                append(glyphs, of: word, into: &output)
            }
            swap(&shaped, &scratch.wordGlyphs)
            position += 1
        }
    }

    /// The font's context-free table, asked for once per run and only when a word could use it.
    private struct ContextFreeTable {
        var isUsed: Bool
        private var fetched = false
        private var glyphs: ContextFreeGlyphs?

        init(isUsed: Bool) { self.isUsed = isUsed }

        /// Appends the glyphs of `word` from the table if every character of it shapes alone;
        /// false (nothing appended) otherwise. Reads the table in place: a copy would retain it
        /// for every word.
        mutating func place(
            _ word: Range<Int>, units: UnsafeBufferPointer<UInt16>, instance: FontInstance,
            into output: inout [ShapedGlyph]
        ) -> Bool {
            if !fetched {
                glyphs = instance.contextFreeGlyphs
                fetched = true
            }
            guard glyphs?.coversAll(UnsafeBufferPointer(rebasing: units[word])) == true else { return false }
            for offset in word {
                let entry = glyphs![units[offset]]!
                output.append(
                    ShapedGlyph(
                        id: entry.glyph, flags: 0, cluster: offset, advance: entry.advance, xOffset: 0, yOffset: 0))
            }
            return true
        }
    }

    private enum Placement {
        case placed
        case needsShaping(ShapedWordKey, hash: UInt64)
    }

    /// Appends the glyphs of `word` without shaping: spaces, context-free characters, or a word
    /// `lookUp` finds in the cache. Otherwise the key it must be shaped and cached under.
    private func place(
        _ word: FontRunPlan.Word, with instance: FontInstance, table: inout ContextFreeTable,
        lookUp: ShapedWordCache.LookUp,
        into output: inout [ShapedGlyph]
    ) -> Placement {
        let base = word.range.lowerBound
        if word.isSeparator, hbFeatures.isEmpty, let space = instance.space,
            units[word.range].allSatisfy({ $0 == 0x20 })
        {
            // Plain spaces: the font's space glyph, no lookup and no shaping. (Kerning against a
            // space is lost either way once words are shaped apart.)
            let count = word.range.count
            for index in 0 ..< count {
                output.append(
                    ShapedGlyph(
                        id: space.glyph, flags: 0, cluster: base + (isRightToLeft ? count - 1 - index : index),
                        advance: space.advance, xOffset: 0, yOffset: 0))
            }
            return .placed
        }
        // Every character shapes alone (HarfBuzz sees only the word's own glyphs; its context
        // matters for joining scripts, never for these): the table's glyphs, one per unit.
        if table.isUsed, word.clusterStart == nil, !word.isSeparator, units[word.range.lowerBound] < 0x80,
            table.place(word.range, units: units, instance: instance, into: &output)
        {
            return .placed
        }
        let window = word.isSeparator ? word.range : WordSegmentation.contextWindow(around: word.range, in: units)
        let key = ShapedWordKey(
            fontID: instance.id, optionsID: optionsID, text: UnsafeBufferPointer(rebasing: units[window]),
            itemOffset: Int32(word.range.lowerBound - window.lowerBound), itemLength: Int32(word.range.count))
        let hash = key.hash
        if word.range.count <= TextShaper.maximumCachedWordLength,
            lookUp(key, hash, { append($0, of: word, into: &output) })
        {
            return .placed
        }
        return .needsShaping(key, hash: hash)
    }

    /// Appends a word's glyphs (clusters relative to the word) at the word's offsets.
    private func append(
        _ glyphs: UnsafeBufferPointer<ShapedGlyph>, of word: FontRunPlan.Word, into output: inout [ShapedGlyph]
    ) {
        let base = word.range.lowerBound
        let clusterStart = word.clusterStart
        let first = output.count
        output.append(contentsOf: glyphs)
        output.withUnsafeMutableBufferPointer { output in
            for index in first ..< output.count {
                output[index].cluster = clusterStart ?? output[index].cluster + base
            }
        }
    }

    /// Shapes the word of `key` with HarfBuzz into `glyphs` (emptied first); clusters relative to
    /// the word's start.
    private func harfBuzzShape(_ key: ShapedWordKey, with instance: FontInstance, into glyphs: inout [ShapedGlyph]) {
        glyphs.removeAll(keepingCapacity: true)
        let buffer = scratch.harfBuzzBuffer
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(buffer, key.text.baseAddress, Int32(key.text.count), UInt32(key.itemOffset), key.itemLength)
        hb_buffer_set_direction(buffer, isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if scriptTag != HB_SCRIPT_INVALID { hb_buffer_set_script(buffer, scriptTag) }
        if let hbLanguage { hb_buffer_set_language(buffer, hbLanguage) }
        hb_buffer_guess_segment_properties(buffer)
        hbFeatures.withUnsafeBufferPointer { features in
            hb_shape(instance.hbFont, buffer, features.baseAddress, UInt32(features.count))
        }

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return }
        let scale = Float(FontInstance.unitsPerPoint)
        var spaceGlyph: hb_codepoint_t?
        for index in 0 ..< Int(count) {
            let info = infos[index]
            let position = positions[index]
            let cluster = Int(info.cluster) - Int(key.itemOffset)
            var glyph = ShapedGlyph(
                id: info.codepoint, flags: info.mask & 7, cluster: cluster,
                advance: Float(position.x_advance) / scale, xOffset: Float(position.x_offset) / scale,
                yOffset: -Float(position.y_offset) / scale)
            if glyph.id == 0, !GlyphCoverage.needsGlyph(UInt32(key.text[Int(info.cluster)])) {
                // A control such as a tab: nothing to draw and no width of its own (layout gives a
                // tab its width); an invisible glyph instead of a .notdef box.
                if spaceGlyph == nil {
                    var space: hb_codepoint_t = 0
                    _ = hb_font_get_nominal_glyph(instance.hbFont, 0x20, &space)
                    spaceGlyph = space
                }
                glyph.id = spaceGlyph ?? 0
                glyph.advance = 0
            }
            glyphs.append(glyph)
        }
    }
}
