internal import CHarfBuzz

/// The state of one `shape` call: the HarfBuzz buffer, reused for every word.
struct ShapingPass {
    let cache: BoundedCache<ShapedWordKey, ShapedWord>
    let units: UnsafeBufferPointer<UInt16>
    let optionsID: UInt64
    let hbFeatures: [hb_feature_t]
    let isRightToLeft: Bool
    let scriptTag: hb_script_t
    let hbLanguage: hb_language_t?
    let buffer: OpaquePointer

    init(cache: BoundedCache<ShapedWordKey, ShapedWord>, units: UnsafeBufferPointer<UInt16>, options: ShapingOptions, optionsID: UInt64) {
        self.cache = cache
        self.units = units
        self.optionsID = optionsID
        self.hbFeatures = OpenTypeFeatures.harfBuzzFeatures(options.features)
        self.isRightToLeft = options.isRightToLeft
        self.scriptTag = options.script == 0 ? HB_SCRIPT_INVALID : hb_script_t(rawValue: options.script)
        self.hbLanguage = options.language.map { hb_language_from_string($0, -1) }
        self.buffer = hb_buffer_create()
    }

    func finish() {
        hb_buffer_destroy(buffer)
    }

    /// The run's glyphs: its words' (cached or shaped now), placed at their offsets, in visual
    /// order (a right-to-left run lists its last word first).
    func shape(_ plan: FontRunPlan, with instance: FontInstance) -> ShapedRun {
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(plan.range.count)
        func append(_ word: FontRunPlan.Word) {
            let shaped = shapeWord(word, with: instance)
            let base = word.range.lowerBound
            for var glyph in shaped.glyphs {
                glyph.cluster = word.clusterStart ?? glyph.cluster + base
                glyphs.append(glyph)
            }
        }
        if isRightToLeft {
            for word in plan.words.reversed() { append(word) }
        } else {
            for word in plan.words { append(word) }
        }
        return ShapedRun(font: Font(instance), range: plan.range, glyphs: glyphs, isRightToLeft: isRightToLeft)
    }

    private func shapeWord(_ word: FontRunPlan.Word, with instance: FontInstance) -> ShapedWord {
        if word.isSeparator, hbFeatures.isEmpty, let space = instance.space, units[word.range].allSatisfy({ $0 == 0x20 }) {
            // Plain spaces: the font's space glyph, no lookup and no shaping. (Kerning against a
            // space is lost either way once words are shaped apart.)
            let count = word.range.count
            return ShapedWord(glyphs: (0..<count).map { index in
                ShapedGlyph(
                    id: space.glyph, flags: 0, cluster: isRightToLeft ? count - 1 - index : index,
                    advance: space.advance, xOffset: 0, yOffset: 0)
            })
        }
        let window = word.isSeparator
            ? word.range : WordSegmentation.contextWindow(around: word.range, in: units)
        let key = ShapedWordKey(
            fontID: instance.id, optionsID: optionsID, itemOffset: Int32(word.range.lowerBound - window.lowerBound),
            itemLength: Int32(word.range.count), text: WordText(borrowing: UnsafeBufferPointer(rebasing: units[window])))
        guard word.range.count <= TextShaper.maximumCachedWordLength else {
            return harfBuzzShape(key, with: instance)
        }
        if let cached = cache.value(for: key) { return cached }
        let shaped = harfBuzzShape(key, with: instance)
        cache.insert(shaped, for: key.owningCopy(), cost: shaped.glyphs.count + key.text.count)
        return shaped
    }

    /// Shapes the word of `key` with HarfBuzz; clusters relative to the word's start.
    private func harfBuzzShape(_ key: ShapedWordKey, with instance: FontInstance) -> ShapedWord {
        hb_buffer_clear_contents(buffer)
        key.text.withUnsafeBufferPointer { window in
            hb_buffer_add_utf16(buffer, window.baseAddress, Int32(window.count), UInt32(key.itemOffset), key.itemLength)
        }
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
        else { return ShapedWord(glyphs: []) }
        let scale = Float(FontInstance.unitsPerPoint)
        var spaceGlyph: hb_codepoint_t?
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
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
        return ShapedWord(glyphs: glyphs)
    }
}
