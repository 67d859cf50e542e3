import Foundation
import Synchronization

/// The trees (`LongParagraphText`) of a file's long paragraphs, built on another thread as soon
/// as the file is opened, from its bytes (which never change): a tree costs about 40 ns a byte to
/// build (0.2 s for 5 MB), which the first keystroke in such a paragraph would otherwise pay.
final class LongParagraphPrebuild: Sendable {
    /// By the byte range of the paragraph in the source; taken by the first edit.
    private let built = Mutex<[Range<Int>: LongParagraphText]>([:])

    /// Starts building the trees of the paragraphs at byte ranges `ranges` of `source`, one
    /// after another, at utility priority.
    func start(_ ranges: [Range<Int>], of source: SourceText) {
        guard !ranges.isEmpty else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            for range in ranges {
                let text = LongParagraphText(source.string(range.lowerBound, range.count))
                built.withLock { $0[range] = text }
            }
        }
    }

    /// How many trees are built and not yet taken.
    var readyCount: Int { built.withLock { $0.count } }

    /// The tree of the paragraph at bytes `start ..< start + count`, if it is built (it is
    /// given once: the paragraph keeps it from then on).
    func take(_ start: Int, _ count: Int) -> LongParagraphText? {
        built.withLock { $0.removeValue(forKey: start ..< start + count) }
    }
}
