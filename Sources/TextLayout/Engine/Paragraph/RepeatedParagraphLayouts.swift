import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// The lines of plain paragraphs whose text came back, by their text: a log, a document
/// pasted into itself, a file of records repeat paragraphs far apart, too far for
/// ``RecentShapedParagraphs``. The second time a paragraph's text is laid out its lines are
/// remembered, and from the third on the fragment is made from them: no shaping, no line
/// breaking (SkParagraph's paragraph cache does the same).
///
/// A text seen once costs a hash in a set; only text that comes back is kept, so laying out a
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
    /// How many texts seen once are remembered at most; then they are forgotten together.
    static let seenCapacity = 1 << 20

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
    /// Hashes of texts laid out once.
    private var seen = Set<UInt64>()
    /// The kept layouts, each with the number it was kept under.
    private var layouts: [UInt64: Layout] = [:]
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
        seen = []
        layouts = [:]
        order = []
        oldest = 0
        cost = 0
    }

    /// What a lookup found: the kept layout, or the hash to keep one under (nil: not kept).
    enum Lookup {
        case found(Layout)
        case missing(hash: UInt64, keep: Bool)
    }

    /// The layout kept for `paragraph`'s text in `geometry`; nil when the paragraph has
    /// attributes or is too long to be kept.
    func lookUp(_ paragraph: TextParagraph, geometry: LineGeometry) -> Lookup? {
        guard hasFont, paragraph.utf16Count <= Self.maximumLength else { return nil }
        let result: Lookup?? = paragraph.withPlainUTF8 { utf8 in
            guard utf8.count <= Self.maximumLength else { return nil }
            let hash = PlainTextKey.hash(utf8)
            if let layout = layouts[hash] {
                if layout.geometry == geometry, PlainTextKey.units(layout.shaped.content.units, equal: utf8) {
                    return .found(layout)
                }
                return .missing(hash: hash, keep: true)
            }
            if seen.contains(hash) { return .missing(hash: hash, keep: true) }
            if seen.count >= Self.seenCapacity { seen.removeAll(keepingCapacity: true) }
            seen.insert(hash)
            return .missing(hash: hash, keep: false)
        }
        return result ?? nil
    }

    /// Keeps `layout` under `hash`, forgetting the oldest layouts past the limit.
    func keep(_ layout: Layout, hash: UInt64) {
        let units = layout.shaped.content.units.count
        guard units <= limit else { return }
        serial += 1
        layout.serial = serial
        if let old = layouts.updateValue(layout, forKey: hash) {
            cost -= old.shaped.content.units.count
        }
        order.append((hash, serial))
        cost += units
        evict()
    }

    /// How many layouts are kept.
    var count: Int { layouts.count }

    /// Forgets the oldest layouts until they fit the limit.
    private func evict() {
        while cost > limit, oldest < order.count {
            let (hash, serial) = order[oldest]
            if let kept = layouts[hash], kept.serial == serial {
                layouts[hash] = nil
                cost -= kept.shaped.content.units.count
            }
            oldest += 1
        }
        // Layouts replaced under the same text leave their old places behind: dropped when
        // they outnumber the layouts.
        if order.count - oldest > 2 * layouts.count + 4_096 {
            order = order[oldest...].filter { layouts[$0.hash]?.serial == $0.serial }
            oldest = 0
        } else if oldest > 4_096, oldest * 2 > order.count {
            order.removeFirst(oldest)
            oldest = 0
        }
    }
}

extension ParagraphLayout {
    /// `paragraph`'s fragment with its top at `y` and its shaping, made from the lines kept for
    /// its text when the text came before in this geometry (and kept for next time when it came
    /// before once). Nil when the paragraph cannot be kept: attributes, a long text, or a
    /// container whose lines depend on more than the text (see ``LineGeometry``).
    func layoutRepeated(
        _ paragraph: TextParagraph, at y: CGFloat
    ) throws(TextLayoutError) -> (fragment: TextLayoutFragment, shaped: ShapedParagraph)? {
        guard plainRuns != nil, let geometry = LineGeometry(container, insets: insets),
            let lookup = scratch.repeatedParagraphs.lookUp(paragraph, geometry: geometry)
        else { return nil }
        let layout: RepeatedParagraphLayouts.Layout
        switch lookup {
        case .found(let found):
            layout = found
        case .missing(let hash, let keep):
            let shaped = try shape(paragraph)
            let stacked = try lines(of: shaped, at: y, from: 0, bottom: nil, extraLineFragment: false, lineLimit: nil)
            layout = .init(shaped: shaped, lines: stacked.lines, height: stacked.height, geometry: geometry)
            if keep { scratch.repeatedParagraphs.keep(layout, hash: hash) }
        }
        let frame = CGRect(x: 0, y: y, width: geometry.layoutWidth, height: layout.height)
        let fragment = TextLayoutFragment(
            textElement: paragraph, layoutFragmentFrame: frame, renderingSurfaceBounds: nil, lines: layout.lines,
            shaped: layout.shaped)
        return (fragment, layout.shaped)
    }
}
