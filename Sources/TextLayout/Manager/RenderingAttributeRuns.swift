import Foundation

/// Rendering attributes over one paragraph's text: runs in order, not overlapping, each with a
/// UTF-16 range of the paragraph and its attributes. Kept with the paragraph's layout, so they
/// go when it is laid out again (TextKit's rule).
struct RenderingAttributeRuns {
    struct Run {
        var range: Range<Int>
        var attributes: RenderingAttributes
    }

    private(set) var runs: [Run] = []

    var isEmpty: Bool { runs.isEmpty }

    /// Changes the attributes over `range` with `change`; runs left without attributes go.
    mutating func modify(_ range: Range<Int>, _ change: (inout RenderingAttributes) -> Void) {
        guard !range.isEmpty else { return }
        split(at: range.lowerBound)
        split(at: range.upperBound)
        var result: [Run] = []
        var cursor = range.lowerBound
        var inserted = false
        func fillGap(upTo end: Int) {
            guard cursor < end else { return }
            var attributes = RenderingAttributes()
            change(&attributes)
            if !attributes.isEmpty { result.append(Run(range: cursor ..< end, attributes: attributes)) }
        }
        for run in runs {
            if run.range.upperBound <= range.lowerBound || run.range.lowerBound >= range.upperBound {
                if run.range.lowerBound >= range.upperBound, !inserted {
                    fillGap(upTo: range.upperBound)
                    inserted = true
                }
                result.append(run)
                continue
            }
            // Inside the range: the gap before it gets new attributes, the run is changed.
            fillGap(upTo: run.range.lowerBound)
            var changed = run
            change(&changed.attributes)
            if !changed.attributes.isEmpty { result.append(changed) }
            cursor = run.range.upperBound
        }
        if !inserted { fillGap(upTo: range.upperBound) }
        runs = result
    }

    /// Splits the run holding `offset` in two there.
    private mutating func split(at offset: Int) {
        guard let index = runs.firstIndex(where: { $0.range.lowerBound < offset && offset < $0.range.upperBound })
        else { return }
        let run = runs[index]
        runs[index].range = run.range.lowerBound ..< offset
        runs.insert(Run(range: offset ..< run.range.upperBound, attributes: run.attributes), at: index + 1)
    }
}
