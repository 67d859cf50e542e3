import Foundation

/// Holding locations across edits (TextKit 2 has no such API; selections and viewport anchors
/// need one). In the spirit of AttributedString's `transform(updating:)`: run edits, and get the
/// ranges back moved to where their text went.
extension TextContentStorage {
    /// Runs `body`, which may edit this storage, and then moves `ranges` through every edit it
    /// made (also when it throws: the edits it made stay). Ranges not of this document are left
    /// as they are.
    ///
    /// ```swift
    /// var selection = [storage.textRange(for: NSRange(location: 10, length: 3))!]
    /// try storage.transform(updating: &selection) {
    ///     try storage.replaceContents(in: storage.textRange(for: NSRange(location: 0, length: 0))!, with: "abc")
    /// }
    /// // selection is now [13, 16)
    /// ```
    public func transform<Result>(
        updating ranges: inout [TextRange],
        affinity: TextLocationAffinity = .downstream,
        _ body: () throws -> Result
    ) rethrows -> Result {
        try recordingEdits(body) { changes in
            ranges = ranges.map { transform($0, through: changes, affinity: affinity) }
        }
    }

    /// Runs `body` and then moves `range` through the edits it made.
    public func transform<Result>(
        updating range: inout TextRange,
        affinity: TextLocationAffinity = .downstream,
        _ body: () throws -> Result
    ) rethrows -> Result {
        var ranges = [range]
        defer { range = ranges[0] }
        return try transform(updating: &ranges, affinity: affinity, body)
    }

    /// `range` moved through `changes` (e.g. those a layout manager was told of).
    public func transform(
        _ range: TextRange, through changes: TextContentChangeSet, affinity: TextLocationAffinity = .downstream
    ) -> TextRange {
        guard let start = range.location as? TextContentLocation, let end = range.endLocation as? TextContentLocation,
            start.documentIdentifier == documentIdentifier, end.documentIdentifier == documentIdentifier
        else { return range }
        let moved = changes.transform(start.offset ..< max(start.offset, end.offset), affinity: affinity)
        let clamped = min(moved.lowerBound, utf16Length) ..< min(moved.upperBound, utf16Length)
        return TextRange(location: makeLocation(clamped.lowerBound), end: makeLocation(clamped.upperBound)) ?? range
    }

    /// `location` moved through `changes`.
    public func transform(
        _ location: any TextLocation, through changes: TextContentChangeSet,
        affinity: TextLocationAffinity = .downstream
    ) -> any TextLocation {
        transform(TextRange(location: location), through: changes, affinity: affinity).location
    }
}
