import Foundation

extension AttributedString {
    /// Applies `body` to the attributes of everything `selection` covers, run by run (only the
    /// selected part of each run changes), or at an insertion point to its typing attributes;
    /// the selection still covers the same text afterwards. A paragraph-bound attribute
    /// (`alignment`, `paragraphStyle`, ...) set at a caret goes to the caret's paragraph.
    ///
    /// ```swift
    /// text.transformAttributes(in: &selection) { $0.font = ($0.font ?? .body).bold() }
    /// ```
    public mutating func transformAttributes<E: Error>(
        in selection: inout AttributedTextSelection, body: (inout AttributeContainer) throws(E) -> Void
    ) throws(E) {
        // Attributes change, characters do not: the selection is kept as UTF-8 offsets and
        // given the changed text's indices (indices of the text before are no longer valid in it).
        func offsets(_ range: Range<AttributedString.Index>) -> Range<Int> {
            utf8.distance(from: startIndex, to: range.lowerBound)
                ..< utf8.distance(from: startIndex, to: range.upperBound)
        }
        func indices(_ offsets: Range<Int>) -> Range<AttributedString.Index> {
            utf8.index(startIndex, offsetBy: offsets.lowerBound)
                ..< utf8.index(startIndex, offsetBy: offsets.upperBound)
        }
        switch selection.indices(in: self) {
        case .insertionPoint(let caret):
            let before = selection.typingAttributes(in: self)
            var after = before
            try body(&after)
            selection.typingAttributes = after
            let paragraph = after.filter(runBoundaries: .paragraph)
            guard paragraph != before.filter(runBoundaries: .paragraph) else { return }
            let caretOffsets = offsets(caret ..< caret)
            self[paragraphRange(around: caret)].mergeAttributes(paragraph)
            if case .insertionPoint = selection.place {
                selection.place = selection.place.moved(to: [indices(caretOffsets)], in: self)
            }
        case .ranges(let ranges):
            let selected = ranges.ranges.map(offsets)
            for range in ranges.ranges {
                var changes: [(Range<AttributedString.Index>, AttributeContainer)] = []
                for run in self[range].runs {
                    var attributes = run.attributes
                    try body(&attributes)
                    if attributes != run.attributes { changes.append((run.range, attributes)) }
                }
                for (range, attributes) in changes { self[range].setAttributes(attributes) }
            }
            selection.place = selection.place.moved(to: selected.map(indices), in: self)
        }
    }

    /// Replaces what `selection` covers with `newContent` (at an insertion point, inserts it) and
    /// leaves a caret after it. Of several ranges the first is replaced and the others removed.
    public mutating func replaceSelection(
        _ selection: inout AttributedTextSelection, with newContent: some AttributedStringProtocol
    ) {
        var replacement = AttributedString()
        replacement.append(newContent)
        let ranges: [Range<AttributedString.Index>]
        switch selection.indices(in: self) {
        case .insertionPoint(let caret): ranges = [caret ..< caret]
        case .ranges(let selected): ranges = selected.ranges.map { $0 }
        }
        let start = utf16.distance(from: startIndex, to: ranges[0].lowerBound)
        // From the last range back, so that earlier indices stay where they were.
        for range in ranges.dropFirst().reversed() { removeSubrange(range) }
        replaceSubrange(ranges[0], with: replacement)
        let end = utf16.index(startIndex, offsetBy: start + replacement.utf16.count)
        // A caret after the new content, in the form the selection was given (offsets stay offsets).
        let given = selection.place
        let affinity = selection.affinity
        selection = AttributedTextSelection()
        selection.affinity = affinity
        selection.place = given.moved(to: [end ..< end], in: self)
    }

    /// Replaces what `selection` covers with `newContent`, which takes the selection's typing
    /// attributes, as typing does.
    public mutating func replaceSelection(
        _ selection: inout AttributedTextSelection, withCharacters newContent: some Collection<Character>
    ) {
        let attributes = selection.typingAttributes(in: self)
        replaceSelection(&selection, with: AttributedString(String(newContent), attributes: attributes))
    }

    /// Runs `body` on the text and moves `selection` with the characters it covered.
    public mutating func transform<E: Error>(
        updating selection: inout AttributedTextSelection, body: (inout AttributedString) throws(E) -> Void
    ) throws(E) {
        var tracked: [Range<AttributedString.Index>]
        switch selection.indices(in: self) {
        case .insertionPoint(let caret): tracked = [caret ..< caret]
        case .ranges(let ranges): tracked = ranges.ranges.map { $0 }
        }
        var failure: E?
        transform(updating: &tracked) { text in
            do throws(E) { try body(&text) } catch { failure = error }
        }
        if let failure { throw failure }
        selection.place = selection.place.moved(to: tracked, in: self)
    }

    /// The paragraph holding `index`, its separator included.
    func paragraphRange(around index: AttributedString.Index) -> Range<AttributedString.Index> {
        let scalars = unicodeScalars
        func isSeparator(_ scalar: Unicode.Scalar) -> Bool { scalar == "\n" || scalar == "\r" || scalar == "\u{2029}" }
        var start = index
        while start > startIndex {
            let previous = scalars.index(before: start)
            if isSeparator(scalars[previous]) { break }
            start = previous
        }
        var end = index
        while end < endIndex {
            let scalar = scalars[end]
            end = scalars.index(after: end)
            if isSeparator(scalar) {
                if scalar == "\r", end < endIndex, scalars[end] == "\n" { end = scalars.index(after: end) }
                break
            }
        }
        return start ..< end
    }
}

extension AttributedTextSelection.Place {
    /// The same kind of place at `ranges` of `text` (offsets stay offsets, so a view's
    /// selection stays cheap to hand out); nil ranges lost to an edit leave a caret.
    func moved(to ranges: [Range<AttributedString.Index>]?, in text: AttributedString) -> Self {
        guard let ranges, !ranges.isEmpty else { return .insertionPoint(text.endIndex) }
        let nonEmpty = ranges.filter { !$0.isEmpty }
        switch self {
        case .offsets:
            func offset(_ index: AttributedString.Index) -> Int {
                text.utf16.distance(from: text.startIndex, to: index)
            }
            return .offsets(
                AttributedTextSelection.normalized(
                    (nonEmpty.isEmpty ? [ranges[0]] : nonEmpty).map { offset($0.lowerBound) ..< offset($0.upperBound) })
            )
        default:
            return nonEmpty.isEmpty ? .insertionPoint(ranges[0].lowerBound) : .ranges(RangeSet(nonEmpty))
        }
    }
}
