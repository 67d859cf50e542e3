import Foundation

/// Everything one editing transaction changed, in order. Layout managers receive one of these
/// after the outermost transaction ends and invalidate only what it touched.
public struct TextContentChangeSet: Sendable, Equatable {
    /// The edits in the order they were made; each edit's range is in the coordinates left by
    /// the edits before it.
    public let edits: [TextContentEdit]

    /// A change set of `edits`, in the order they were made.
    public init(edits: [TextContentEdit]) {
        self.edits = edits
    }

    /// Net change of the document's UTF-16 length.
    public var changeInLength: Int { edits.reduce(0) { $0 + $1.changeInLength } }

    /// The smallest range of the final document that covers every edit (nil with no edits),
    /// like NSTextStorage's `editedRange`.
    public var editedRange: Range<Int>? {
        var covered: Range<Int>?
        for edit in edits {
            let replaced = edit.range.lowerBound ..< edit.range.lowerBound + edit.replacementLength
            if let previous = covered {
                let start = edit.transform(previous.lowerBound, affinity: .upstream)
                let end = max(start, edit.transform(previous.upperBound, affinity: .downstream))
                covered = min(start, replaced.lowerBound) ..< max(end, replaced.upperBound)
            } else {
                covered = replaced
            }
        }
        return covered
    }

    /// Where `offset` is after all the edits.
    public func transform(_ offset: Int, affinity: TextLocationAffinity = .downstream) -> Int {
        edits.reduce(offset) { $1.transform($0, affinity: affinity) }
    }

    /// Where `range` is after all the edits.
    public func transform(_ range: Range<Int>, affinity: TextLocationAffinity = .downstream) -> Range<Int> {
        edits.reduce(range) { $1.transform($0, affinity: affinity) }
    }
}
