import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// The lines of plain paragraphs whose text came back, by their text: a log, a document
/// pasted into itself, a file of records repeat paragraphs far apart, too far for
/// ``RecentShapedParagraphs``. The second time a paragraph's text is laid out its lines are
/// remembered, and from the third on the fragment is made from them: no shaping, no line
/// breaking (SkParagraph's paragraph cache does the same).
///
/// A text seen once costs a hash in a table; only text that comes back is kept, so laying out a
/// document of distinct paragraphs keeps nothing. What is kept is bounded by `limit` UTF-16
/// units of text, the oldest forgotten first. Lines depend on the container, so each entry
/// holds the geometry it was laid out in and is used only in the same one. One thread at a
/// time, like its scratch.
final class RepeatedParagraphLayouts {
    /// A paragraph laid out: its shaping, its lines (fragment coordinates) and its height, in
    /// a container of `geometry`. A class: a lookup then retains one object.
    final class Layout {
        let shaped: ShapedParagraph
        let lines: LineRecords
        let height: CGFloat
        let geometry: LineGeometry
        /// The number it was kept under (see `order`).
        fileprivate var serial = 0

        init(shaped: ShapedParagraph, lines: LineRecords, height: CGFloat, geometry: LineGeometry) {
            (self.shaped, self.lines, self.height, self.geometry) = (shaped, lines, height, geometry)
        }
    }

    /// Longer paragraphs (in UTF-8 bytes) are rarely repeated and cost more to compare.
    static let maximumLength = 4_096
    /// Shorter paragraphs (most lines of code) lay out in about the time a probe of a large
    /// table takes; ``RecentShapedParagraphs`` shares the shaping of those that repeat nearby.
    static let minimumLength = 48
    /// The most slots of the table of texts laid out (16 bytes each; at most half of them
    /// used): past it, everything is forgotten at once. At least 4,096 (tests make it small).
    var tableCapacity = 1 << 20

    /// How much text (UTF-16 units) the kept layouts may hold: 16 times a manager's kept-layout
    /// limit, enough for the distinct paragraphs of a Bible-sized text with the default limit.
    var limit = RepeatedParagraphLayouts.limit(keptLayoutLimit: 1 << 19) {
        didSet { evict() }
    }

    /// The limit that goes with a manager's ``TextLayoutManager/keptLayoutLimit``.
    static func limit(keptLayoutLimit: Int) -> Int {
        keptLayoutLimit.multipliedReportingOverflow(by: 16).overflow ? Int.max : keptLayoutLimit * 16
    }

    private var font: FontRequest?
    /// Whether plain paragraphs have a usable font (`font` is not nil), read without copying it.
    private var hasFont = false
    private var features: [FontFeature] = []
    private var language: String?
    /// The texts laid out before, by hash: an open-addressed table (hash 0: an empty slot) at
    /// most half full, of at most `tableCapacity` slots; a text laid out twice has its layout
    /// in the same slot of `slotLayouts`.
    private var hashes: [UInt64] = []
    private var slotLayouts: [Layout?] = []
    private var usedSlots = 0
    /// How many layouts are kept.
    private(set) var count = 0
    /// The kept layouts' hashes and numbers, oldest first from `oldest`.
    private var order: [(hash: UInt64, serial: Int)] = []
    private var serial = 0
    private var oldest = 0
    /// The UTF-16 units of the kept layouts.
    private(set) var cost = 0

    /// Plain paragraphs are laid out in `font` with `features` and `language` from now on; what
    /// was laid out in another is forgotten.
    func use(font: FontRequest?, features: [FontFeature], language: String?) {
        guard font != self.font || features != self.features || language != self.language else { return }
        removeAll()
        self.font = font
        hasFont = font != nil
        self.features = features
        self.language = language
    }

    /// Forgets everything.
    func removeAll() {
        hashes = []
        slotLayouts = []
        usedSlots = 0
        count = 0
        order = []
        oldest = 0
        cost = 0
    }

    /// What a lookup found: the kept layout, or the hash to keep one under and whether to keep
    /// it (the text came before).
    enum Lookup {
        case found(Layout)
        case missing(hash: UInt64, keep: Bool)
    }

    /// The layout kept for `paragraph`'s text in `geometry`; nil when the paragraph has
    /// attributes or is too long to be kept.
    func lookUp(_ paragraph: TextParagraph, geometry: LineGeometry) -> Lookup? {
        guard hasFont, paragraph.utf16Count <= Self.maximumLength else { return nil }
        let result: Lookup?? = paragraph.withPlainUTF8 { utf8 in
            guard utf8.count >= Self.minimumLength, utf8.count <= Self.maximumLength else { return nil }
            let hash = PlainTextKey.hash(utf8)
            let (slot, found) = self.slot(of: hash, inserting: true)
            guard found else { return .missing(hash: hash, keep: false) }
            if let layout = slotLayouts[slot], layout.geometry == geometry,
                PlainTextKey.units(layout.shaped.content.units, equal: utf8)
            {
                return .found(layout)
            }
            return .missing(hash: hash, keep: true)
        }
        return result ?? nil
    }

    /// The slot of `hash` and whether it holds it; with `inserting`, a slot it did not hold
    /// now does (the table grown, or emptied at its capacity, first when it is half full).
    private func slot(of hash: UInt64, inserting: Bool) -> (slot: Int, found: Bool) {
        if inserting, usedSlots * 2 >= hashes.count { makeRoom() }
        guard !hashes.isEmpty else { return (0, false) }
        // Linear probing: at most half full, a probe ends soon.
        var slot = PlainTextKey.slot(of: hash, count: hashes.count)
        while hashes[slot] != 0 {
            if hashes[slot] == hash { return (slot, true) }
            slot = (slot + 1) & (hashes.count - 1)
        }
        if inserting {
            hashes[slot] = hash
            usedSlots += 1
        }
        return (slot, false)
    }

    /// Doubles the table, or at its capacity empties it.
    private func makeRoom() {
        let (oldHashes, oldLayouts) = (hashes, slotLayouts)
        let grows = hashes.count < max(4_096, tableCapacity)
        let size = grows ? max(4_096, hashes.count * 2) : hashes.count
        hashes = [UInt64](repeating: 0, count: size)
        slotLayouts = [Layout?](repeating: nil, count: size)
        usedSlots = 0
        guard grows else {
            (count, cost, order, oldest) = (0, 0, [], 0)
            return
        }
        for (hash, layout) in zip(oldHashes, oldLayouts) where hash != 0 {
            let slot = self.slot(of: hash, inserting: true).slot
            slotLayouts[slot] = layout
        }
    }

    /// Keeps `layout` under `hash`, forgetting the oldest layouts past the limit.
    func keep(_ layout: Layout, hash: UInt64) {
        let units = layout.shaped.content.units.count
        guard units <= limit else { return }
        let slot = self.slot(of: hash, inserting: true).slot
        serial += 1
        layout.serial = serial
        if let old = slotLayouts[slot] {
            cost -= old.shaped.content.units.count
        } else {
            count += 1
        }
        slotLayouts[slot] = layout
        order.append((hash, serial))
        cost += units
        evict()
    }

    /// Forgets the oldest layouts until they fit the limit.
    private func evict() {
        while cost > limit, oldest < order.count {
            let (hash, serial) = order[oldest]
            let (slot, found) = self.slot(of: hash, inserting: false)
            if found, let kept = slotLayouts[slot], kept.serial == serial {
                slotLayouts[slot] = nil
                count -= 1
                cost -= kept.shaped.content.units.count
            }
            oldest += 1
        }
        // Layouts replaced under the same text leave their old places behind: dropped when
        // they outnumber the layouts.
        if order.count - oldest > 2 * count + 4_096 {
            order = order[oldest...].filter { entry in
                let (slot, found) = self.slot(of: entry.hash, inserting: false)
                return found && slotLayouts[slot]?.serial == entry.serial
            }
            oldest = 0
        } else if oldest > 4_096, oldest * 2 > order.count {
            order.removeFirst(oldest)
            oldest = 0
        }
    }
}

extension ParagraphLayout {
    /// `paragraph`'s fragment with its top at `y` and what it is made of (shaping, geometry),
    /// made from the lines kept for its text when the text came before in this geometry (and
    /// kept for next time when it came before once). Nil when the paragraph cannot be kept:
    /// attributes, a long text, or a container whose lines depend on more than the text (see
    /// ``LineGeometry``).
    func layoutRepeated(
        _ paragraph: TextParagraph, at y: CGFloat
    ) throws(TextLayoutError) -> (fragment: TextLayoutFragment, layout: RepeatedParagraphLayouts.Layout)? {
        guard plainRuns != nil, let geometry = LineGeometry(container, insets: insets),
            let lookup = scratch.repeatedParagraphs.lookUp(paragraph, geometry: geometry)
        else { return nil }
        let layout: RepeatedParagraphLayouts.Layout
        switch lookup {
        case .found(let found):
            layout = found
        case .missing(let hash, let keep):
            if let start = paragraph.elementOffsets?.start,
                let made = lookahead?.take(paragraph, at: start, geometry: geometry)
            {
                layout = made
            } else {
                layout = try repeatedLayout(paragraph, geometry: geometry, at: y)
            }
            if keep { scratch.repeatedParagraphs.keep(layout, hash: hash) }
        }
        let frame = CGRect(x: 0, y: y, width: geometry.layoutWidth, height: layout.height)
        let fragment = TextLayoutFragment(
            textElement: paragraph, layoutFragmentFrame: frame, renderingSurfaceBounds: nil, lines: layout.lines,
            shaped: layout.shaped)
        return (fragment, layout)
    }

    /// `paragraph` shaped and broken into lines in a container of `geometry` (with its top at
    /// `y`), the lines in fragment coordinates: they hold wherever the fragment is.
    func repeatedLayout(
        _ paragraph: TextParagraph, geometry: LineGeometry, at y: CGFloat = 0
    ) throws(TextLayoutError) -> RepeatedParagraphLayouts.Layout {
        let shaped = try shape(paragraph)
        let stacked = try lines(of: shaped, at: y, from: 0, bottom: nil, extraLineFragment: false, lineLimit: nil)
        return .init(shaped: shaped, lines: stacked.lines, height: stacked.height, geometry: geometry)
    }
}
