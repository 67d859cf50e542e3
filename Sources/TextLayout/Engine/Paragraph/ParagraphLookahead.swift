import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// The second core of a long layout walk (a whole document laid out or enumerated): a worker
/// thread shapes and breaks into lines every other plain paragraph ahead of the walk (what
/// ``ParagraphLayout/layoutRepeated(_:at:)`` would make of them) while the walk lays out the
/// others and places every fragment. The walk takes what is ready, waits for one being made,
/// and lays out itself one the worker has not begun (the worker then passes it by).
///
/// A paragraph's lines do not depend on where it is (``LineGeometry``: no exclusion paths), so
/// the worker lays them out at the top of a fragment and the walk uses them anywhere. The
/// worker has its own ``ParagraphLayout`` (its own scratch) and shapes with the walk's fonts
/// through a shaped-word cache of its own (one cache shared by two threads that shape at once
/// makes each wait for the other's lookups). What it is given are paragraphs (values); what it
/// makes it hands over once.
final class ParagraphLookahead: @unchecked Sendable {
    /// How many paragraphs are given to the worker ahead of the walk, at most.
    static let depth = 64

    private struct Job {
        let start: Int
        let paragraph: TextParagraph
    }

    /// Everything below is read and written under `condition`'s lock.
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var nextJob = 0
    /// What the worker made, in the order it made it (the walk's order).
    private var results: [(start: Int, layout: RepeatedParagraphLayouts.Layout)] = []
    private var firstResult = 0
    /// The start of the paragraph the worker is laying out, or nil.
    private var working: Int?
    /// The start of the paragraph the walk is at: the worker skips what is before it.
    private var walkStart = 0
    private var isCancelled = false
    /// Whether the next paragraph the worker could lay out goes to it.
    private var givesNext = false
    /// How many of the worker's layouts the walk used (read by the walk's thread).
    private(set) var used = 0
    private var isFinished = false

    private let layout: ParagraphLayout
    private let geometry: LineGeometry
    /// The offset after the last paragraph given to the worker.
    private(set) var fedEnd: Int

    /// A lookahead for a walk laying out with `layout` (in a container whose lines do not depend
    /// on where they are), from the paragraph at `start` on, shaping with `typesetting` (the
    /// walk's fonts, a shaped-word cache of its own); nil when such lines cannot be made apart
    /// from the walk.
    init?(layout walkLayout: ParagraphLayout, typesetting: TypesettingContext, from start: Int) {
        guard walkLayout.plainRuns != nil, let geometry = LineGeometry(walkLayout.container, insets: walkLayout.insets)
        else { return nil }
        var layout = ParagraphLayout(
            container: walkLayout.container, typesetting: typesetting, defaultFont: walkLayout.defaultFont,
            fontContext: walkLayout.fontContext, scratch: LayoutScratch())
        layout.insets = walkLayout.insets
        layout.sectionPolicy = walkLayout.sectionPolicy
        self.layout = layout
        self.geometry = geometry
        fedEnd = start
        walkStart = start
        let thread = Thread { [self] in work() }
        thread.name = "OpenTextKit layout lookahead"
        thread.start()
    }

    /// Whether the worker wants more paragraphs: fewer than half of `depth` wait ahead of it.
    var wantsMore: Bool {
        condition.lock()
        defer { condition.unlock() }
        return jobs.count - nextJob < Self.depth / 2
    }

    /// Gives the worker paragraphs ahead of the walk: `paragraphs` (start and element, in
    /// order, from `fedEnd` on), of which it lays out those the walk would lay out whole.
    func feed(_ paragraphs: [(start: Int, paragraph: TextParagraph)], end: Int) {
        condition.lock()
        defer { condition.unlock() }
        if nextJob > 0 {
            jobs.removeFirst(nextJob)
            nextJob = 0
        }
        for (start, paragraph) in paragraphs where Self.isLaidOutWhole(paragraph, by: layout) {
            // Every other one: the walk lays out the rest meanwhile, and places every fragment
            // (measured on two cores, an even share is the fastest).
            givesNext.toggle()
            if givesNext { jobs.append(Job(start: start, paragraph: paragraph)) }
        }
        fedEnd = end
        condition.broadcast()
    }

    /// The layout the worker made of `paragraph` (at `start`), waiting for it if the worker is
    /// making it now; nil when it did not (the walk lays it out), or made it of other text
    /// (the content changed under the walk).
    func take(_ paragraph: TextParagraph, at start: Int, geometry: LineGeometry) -> RepeatedParagraphLayouts.Layout? {
        condition.lock()
        walkStart = start
        while working == start, !isFinished { condition.wait() }
        // What is before the walk will not be asked for again.
        while firstResult < results.count, results[firstResult].start < start { firstResult += 1 }
        var made: RepeatedParagraphLayouts.Layout?
        if firstResult < results.count, results[firstResult].start == start {
            made = results[firstResult].layout
            firstResult += 1
        }
        if firstResult > Self.depth {
            results.removeFirst(firstResult)
            firstResult = 0
        }
        condition.unlock()
        guard let made, made.geometry == geometry,
            paragraph.withPlainUTF8({ PlainTextKey.units(made.shaped.content.units, equal: $0) }) == true
        else { return nil }
        used += 1
        return made
    }

    /// Stops the worker and waits until it has: nothing runs on after the walk.
    func finish() {
        condition.lock()
        isCancelled = true
        condition.broadcast()
        while !isFinished { condition.wait() }
        condition.unlock()
    }

    private func work() {
        condition.lock()
        defer {
            isFinished = true
            condition.broadcast()
            condition.unlock()
        }
        while true {
            while !isCancelled, nextJob == jobs.count { condition.wait() }
            if isCancelled { return }
            let job = jobs[nextJob]
            nextJob += 1
            // The walk is past it, or at it and laying it out itself.
            guard job.start > walkStart else { continue }
            working = job.start
            condition.unlock()
            let made = try? layout.repeatedLayout(job.paragraph, geometry: geometry)
            condition.lock()
            working = nil
            if let made { results.append((job.start, made)) }
            condition.broadcast()
        }
    }

    /// Whether the walk lays `paragraph` out through ``ParagraphLayout/layoutRepeated(_:at:)``
    /// (plain, of a length kept whole), where it asks for what the worker made.
    private static func isLaidOutWhole(_ paragraph: TextParagraph, by layout: ParagraphLayout) -> Bool {
        guard paragraph.utf16Count <= RepeatedParagraphLayouts.maximumLength, !layout.laysOutInSections(paragraph),
            let length = paragraph.withPlainUTF8({ $0.count })
        else { return false }
        return (RepeatedParagraphLayouts.minimumLength ... RepeatedParagraphLayouts.maximumLength).contains(length)
    }
}
