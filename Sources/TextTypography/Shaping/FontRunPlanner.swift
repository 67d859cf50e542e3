internal import CUnicodeAnalysis

/// Cuts a range of a paragraph into font runs (the requested font or a fallback, decided per
/// grapheme cluster) and each font run into words (see ``WordSegmentation``).
struct FontRunPlanner {
    let matcher: FontMatcher
    let units: UnsafeBufferPointer<UInt16>
    let style: FontStyleKey
    let primary: FaceSelection
    let language: String?

    /// The fallback faces used so far; clusters refer to faces by index (0 is the requested
    /// font, i the fallback i - 1), so the common path compares integers and touches no
    /// reference counts. Empty, with no allocation, for text the requested font covers.
    private var fallbacks: [FaceSelection] = []
    /// Their coverage, for checks without reference counting (`fallbacks` keeps the faces alive).
    private var fallbackCoverage: [FaceCoverage] = []
    private let primaryCoverage: FaceCoverage
    /// Printable ASCII (U+0020...U+007E) the requested font has, one bit per code point from
    /// U+0020: most text is made of it, and it is planned a word at a time.
    private let primaryASCII: UInt128
    private var lastFallback: Int?
    private var hanPreference: HanPreference?

    /// `plansASCIIByBlock: false` plans every cluster on its own (to check the block path against).
    init(
        matcher: FontMatcher, units: UnsafeBufferPointer<UInt16>, style: FontStyleKey, primary: FaceSelection,
        language: String?,
        plansASCIIByBlock: Bool = true
    ) {
        self.matcher = matcher
        self.units = units
        self.style = style
        self.primary = primary
        self.language = language
        self.primaryCoverage = primary.face.coverage
        let printable: UInt128 = (1 << 95) - 1
        self.primaryASCII = plansASCIIByBlock ? primaryCoverage.asciiBits >> 0x20 & printable : 0
        self.hanPreference = HanPreference(language: language)
    }

    /// The face of index `face` in a plan.
    func selection(_ face: Int) -> FaceSelection {
        face == 0 ? primary : fallbacks[face - 1]
    }

    /// Plans `range` into `runs`, whose words go to `words` (both emptied first; pass the same
    /// arrays again and again, so that planning allocates nothing once they have grown).
    mutating func plan(_ range: Range<Int>, words: inout [FontRunPlan.Word], runs: inout [FontRunPlan]) {
        words.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        // The builder borrows the arrays (swapped, not copied: appending must not copy them).
        var builder = Builder(start: range.lowerBound)
        swap(&builder.words, &words)
        swap(&builder.runs, &runs)
        defer {
            swap(&builder.words, &words)
            swap(&builder.runs, &runs)
        }
        let end = range.upperBound
        var position = range.lowerBound
        // The face of the text before the range: Common characters at its start follow it, as
        // they would if the range were planned with the text before it.
        let contextFace = self.contextFace(before: range.lowerBound)
        while position < end {
            let runFace = builder.runFace >= 0 ? builder.runFace : contextFace
            if let next = asciiBlockEnd(from: position, end: end) {
                if runFace > 0 {
                    // Spaces, digits and punctuation inside a fallback run stay in its font.
                    var common = position
                    while common < next, Self.isCommonASCII(units[common]), covers(common ..< common + 1, face: runFace)
                    {
                        builder.add(common ..< common + 1, face: runFace, units: units)
                        common += 1
                    }
                    if common > position {
                        position = common
                        continue
                    }
                }
                builder.addSingleUnitClusters(position ..< next, isSeparator: units[position] == 0x20, units: units)
                position = next
                continue
            }
            if let next = GraphemeSegmenter.simpleClusterEnd(at: position, in: units, end: end) {
                let unit = UInt32(units[position])
                let face =
                    !GlyphCoverage.needsGlyph(unit) || primaryCoverage.hasGlyph(unit) ? 0 : face(for: position ..< next)
                builder.add(
                    position ..< next, face: commonFace(position ..< next, chosen: face, runFace: runFace), units: units
                )
                position = next
                continue
            }
            let spanEnd = GraphemeSegmenter.complexSpanEnd(from: position, in: units, end: end)
            GraphemeSegmenter.forEachInComplexSpan(position ..< spanEnd, in: units) { cluster in
                let runFace = builder.runFace >= 0 ? builder.runFace : contextFace
                builder.add(
                    cluster, face: commonFace(cluster, chosen: face(for: cluster), runFace: runFace), units: units)
            }
            position = spanEnd
        }
        builder.closeRun(at: end)
    }

    /// The face for `cluster`: `chosen`, unless the cluster is made only of characters of the
    /// Common and Inherited scripts (spaces, punctuation, digits, the danda) sitting in a run of a
    /// fallback font that has them (not the colour emoji font): they then stay in that run's font,
    /// as Pango and Core Text keep them, so a space between Devanagari words has Noto Sans
    /// Devanagari's width.
    private func commonFace(_ cluster: Range<Int>, chosen: Int, runFace: Int) -> Int {
        guard runFace > 0, chosen != runFace, !mayBeEmojiPresentation(cluster), !selection(runFace).face.hasColorGlyphs,
            isCommon(cluster), covers(cluster, face: runFace)
        else { return chosen }
        return runFace
    }

    /// The face the Common characters just before `start` were given in a plan of the whole
    /// text: the face of the nearest other character before them (looking back a bounded
    /// distance) when that face is a fallback that has them all, else -1 (no context).
    private mutating func contextFace(before start: Int) -> Int {
        var position = start
        var steps = 0
        while position > 0, steps < 64 {
            let lower =
                position >= 2 && UTF16.isTrailSurrogate(units[position - 1])
                    && UTF16.isLeadSurrogate(units[position - 2]) ? position - 2 : position - 1
            let scalar = lower ..< position
            if mayBeEmojiPresentation(scalar) { return -1 }
            if !isCommon(scalar) {
                let face = face(for: scalar)
                return face > 0 && !selection(face).face.hasColorGlyphs && covers(position ..< start, face: face)
                    ? face : -1
            }
            position = lower
            steps += 1
        }
        return -1
    }

    /// Whether an ASCII unit is of the Common script: everything but the Latin letters.
    @inline(__always)
    private static func isCommonASCII(_ unit: UInt16) -> Bool {
        !((0x41 ... 0x5A).contains(unit) || (0x61 ... 0x7A).contains(unit))
    }

    /// Whether every scalar of `cluster` is of the Common or Inherited script (ICU's data).
    private func isCommon(_ cluster: Range<Int>) -> Bool {
        var position = cluster.lowerBound
        while position < cluster.upperBound {
            var scalar = UInt32(units[position])
            if UTF16.isLeadSurrogate(units[position]), position + 1 < cluster.upperBound,
                UTF16.isTrailSurrogate(units[position + 1])
            {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[position + 1]) - 0xDC00)
                position += 1
            }
            position += 1
            if scalar < 0x80 {
                if !Self.isCommonASCII(UInt16(scalar)) { return false }
            } else if cua_is_common_or_inherited_script(scalar) == 0 {
                return false
            }
        }
        return true
    }

    /// The end of the block from `start` of printable ASCII the requested font has, all spaces or
    /// all non-spaces, each unit a cluster of its own (the unit after the block does not join
    /// it); nil when there is no such block.
    @inline(__always)
    private func asciiBlockEnd(from start: Int, end: Int) -> Int? {
        let isSpace = units[start] == 0x20
        var position = start
        while position < end {
            let unit = units[position]
            guard unit >= 0x20, unit <= 0x7E, (unit == 0x20) == isSpace, primaryASCII & (1 << (unit - 0x20)) != 0 else {
                break
            }
            position += 1
        }
        // A combining mark, ZWJ or variation selector after the block belongs to its last unit.
        if position < end, !GraphemeSegmenter.isSimple(units[position]) { position -= 1 }
        return position > start ? position : nil
    }

    /// The face index for one cluster. The requested font when it has the cluster; else the
    /// previous fallback when it has it too (keeps a run of Japanese in one font, punctuation
    /// included); else the cached fallback cascade. Clusters that cannot be emoji presentation
    /// sequences are checked code unit by code unit first, without decoding.
    private mutating func face(for cluster: Range<Int>) -> Int {
        if !mayBeEmojiPresentation(cluster) {
            if covers(cluster, face: 0) { return 0 }
            if let lastFallback, covers(cluster, face: lastFallback) { return lastFallback }
        }

        let string = String(decoding: UnsafeBufferPointer(rebasing: units[cluster]), as: UTF16.self)
        let codePoints = string.unicodeScalars.map(\.value)
        let script = FallbackScript.of(codePoints)
        let required = codePoints.filter(GlyphCoverage.needsGlyph)
        if script != .emoji || primary.face.hasColorGlyphs, required.allSatisfy(primary.face.hasGlyph) {
            return 0
        }
        if script != .emoji, let lastFallback, required.allSatisfy(selection(lastFallback).face.hasGlyph) {
            return lastFallback
        }
        if script == .han, hanPreference == nil {
            // No language said: kana make the paragraph Japanese, Hangul Korean.
            hanPreference = containsKana() ? .japanese : containsHangul() ? .korean : .simplifiedChinese
        }
        guard
            let selection = matcher.fallbackSelection(
                cluster: string, codePoints: codePoints, style: style, primary: primary,
                hanPreference: hanPreference ?? .simplifiedChinese)
        else { return 0 }
        let index: Int
        if primary.isSame(as: selection) {
            index = 0
        } else if let known = fallbacks.firstIndex(where: { $0.isSame(as: selection) }) {
            index = known + 1
        } else {
            fallbacks.append(selection)
            fallbackCoverage.append(selection.face.coverage)
            index = fallbacks.count
        }
        if script != .emoji, index != 0 { lastFallback = index }
        return index
    }

    /// Whether `cluster` might be presented as emoji. Every emoji presentation sequence has a
    /// supplementary-plane scalar (surrogates), VS16, a keycap, a ZWJ, or a BMP scalar with
    /// default emoji presentation, all of which lie in U+2300...U+2BFF.
    private func mayBeEmojiPresentation(_ cluster: Range<Int>) -> Bool {
        for position in cluster {
            let unit = units[position]
            if (0xD800 ... 0xDFFF).contains(unit) || (0x2300 ... 0x2BFF).contains(unit)
                || unit == 0xFE0F || unit == 0x20E3 || unit == 0x200D
            {
                return true
            }
        }
        return false
    }

    /// Whether face `face` has every code unit of a cluster without surrogates.
    private func covers(_ cluster: Range<Int>, face: Int) -> Bool {
        let fontFace = face == 0 ? primaryCoverage : fallbackCoverage[face - 1]
        for position in cluster {
            let unit = UInt32(units[position])
            if GlyphCoverage.needsGlyph(unit), !fontFace.hasGlyph(unit) { return false }
        }
        return true
    }

    /// Whether the paragraph has Hiragana or Katakana: then its Han ideographs are Japanese.
    private func containsKana() -> Bool {
        units.contains { (0x3040 ... 0x30FF).contains($0) || (0x31F0 ... 0x31FF).contains($0) }
    }

    /// Whether the paragraph has Hangul syllables or jamo: then its Han ideographs are Korean.
    private func containsHangul() -> Bool {
        units.contains {
            (0xAC00 ... 0xD7A3).contains($0) || (0x1100 ... 0x11FF).contains($0) || (0x3130 ... 0x318F).contains($0)
        }
    }

    /// Accumulates clusters into runs of one face and runs into words.
    private struct Builder {
        var words: [FontRunPlan.Word] = []
        var runs: [FontRunPlan] = []
        var runFace = -1
        var runStart: Int
        var runFirstWord = 0
        var wordStart: Int
        var wordIsSeparator = false
        var softBreakPending = false

        init(start: Int) {
            runStart = start
            wordStart = start
        }

        mutating func closeWord(at end: Int) {
            if end > wordStart { words.append(.init(range: wordStart ..< end, isSeparator: wordIsSeparator)) }
            wordStart = end
        }

        mutating func closeRun(at end: Int) {
            closeWord(at: end)
            if runFace >= 0, end > runStart {
                runs.append(FontRunPlan(face: runFace, range: runStart ..< end, words: runFirstWord ..< words.count))
            }
            runFirstWord = words.count
            runStart = end
        }

        /// Adds the clusters of `block`, one unit each, all in the requested font and all
        /// separators or all not (none a soft break): as many `add` calls would, a word at a time.
        mutating func addSingleUnitClusters(_ block: Range<Int>, isSeparator: Bool, units: UnsafeBufferPointer<UInt16>)
        {
            let startsRun = runFace != 0
            let continuesWord =
                !startsRun && isSeparator == wordIsSeparator
                && !(softBreakPending && block.lowerBound - wordStart >= WordSegmentation.softBreakMinimumLength)
            guard block.upperBound - (startsRun ? block.lowerBound : runStart) <= TextShaper.maximumRunLength,
                block.upperBound - (continuesWord ? wordStart : block.lowerBound) <= WordSegmentation.maximumWordLength
            else {
                for position in block { add(position ..< position + 1, face: 0, units: units) }
                return
            }
            if startsRun {
                closeRun(at: block.lowerBound)
                runFace = 0
                wordIsSeparator = isSeparator
            } else if !continuesWord {
                closeWord(at: block.lowerBound)
                wordIsSeparator = isSeparator
            }
            softBreakPending = false
        }

        @inline(__always)
        mutating func add(_ cluster: Range<Int>, face: Int, units: UnsafeBufferPointer<UInt16>) {
            let first = units[cluster.lowerBound]
            let isSeparator = cluster.count == 1 && WordSegmentation.isSeparator(first)
            if face == runFace, cluster.upperBound - runStart <= TextShaper.maximumRunLength {
                if isSeparator != wordIsSeparator
                    || cluster.upperBound - wordStart > WordSegmentation.maximumWordLength
                    || (softBreakPending && cluster.lowerBound - wordStart >= WordSegmentation.softBreakMinimumLength)
                {
                    closeWord(at: cluster.lowerBound)
                    wordIsSeparator = isSeparator
                }
            } else {
                closeRun(at: cluster.lowerBound)
                runFace = face
                wordIsSeparator = isSeparator
            }
            if cluster.count > WordSegmentation.maximumClusterLength {
                closeWord(at: cluster.lowerBound)
                words += WordSegmentation.fragments(of: cluster, in: units).map {
                    FontRunPlan.Word(range: $0, isSeparator: false, clusterStart: cluster.lowerBound)
                }
                wordStart = cluster.upperBound
            }
            softBreakPending = cluster.count == 1 && WordSegmentation.isSoftBreakAfter(first)
        }
    }
}
