import Foundation
import Synchronization

/// The trees (`LongParagraphText`) of long paragraphs, built on another thread before the first
/// keystroke in them needs one: a tree costs about 40 ns a byte to build (0.2 s for 5 MB), which
/// that keystroke would otherwise pay. Two kinds are built:
/// - a file's long paragraphs, from its bytes (which never change), as soon as it is opened;
/// - a long paragraph a bulk edit made a `String` (undoing a delete-all, a replace-all), keyed by
///   that String's storage, which the map holds (so no other String can take its address) until
///   the tree is taken, or until newer ones push it out.
final class LongParagraphPrebuild: Sendable {
    /// By the byte range of the paragraph in the source; taken by the first edit.
    private let built = Mutex<[Range<Int>: LongParagraphText]>([:])
    /// By the address of the String's UTF-8, oldest first.
    private let strings = Mutex<[(key: Int, text: String, build: StringBuild)]>([])
    /// How many Strings are held at most (each is a long paragraph, and its tree).
    private static let stringLimit = 4

    /// The build of one String's tree: waited for when it has begun (it is done sooner than a
    /// new one would be), dropped when it has not.
    private final class StringBuild: Sendable {
        enum State { case queued, building, built(LongParagraphText), dropped }
        let state = Mutex<State>(.queued)
        let done = DispatchGroup()

        /// Not to be built (pushed out by newer ones); one being built finishes unwaited for.
        func drop() {
            state.withLock { if case .queued = $0 { $0 = .dropped } }
        }
    }

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

    /// Starts building the tree of `text`, a long paragraph's text that a bulk edit made.
    func start(_ text: String) {
        guard let key = Self.key(of: text) else { return }
        let build = StringBuild()
        let isNew = strings.withLock { pending in
            guard !pending.contains(where: { $0.key == key }) else { return false }
            pending.append((key, text, build))
            if pending.count > Self.stringLimit {
                for old in pending.prefix(pending.count - Self.stringLimit) { old.build.drop() }
                pending.removeFirst(pending.count - Self.stringLimit)
            }
            return true
        }
        guard isNew else { return }
        build.done.enter()
        DispatchQueue.global(qos: .utility).async {
            defer { build.done.leave() }
            guard
                build.state.withLock({ state in
                    guard case .queued = state else { return false }
                    state = .building
                    return true
                })
            else { return }
            let tree = LongParagraphText(text)
            build.state.withLock { $0 = .built(tree) }
        }
    }

    /// How many trees are built and not yet taken.
    var readyCount: Int {
        built.withLock { $0.count }
            + strings.withLock { pending in
                pending.filter { $0.build.state.withLock { if case .built = $0 { true } else { false } } }.count
            }
    }

    /// The tree of the paragraph at bytes `start ..< start + count`, if it is built (it is
    /// given once: the paragraph keeps it from then on).
    func take(_ start: Int, _ count: Int) -> LongParagraphText? {
        built.withLock { $0.removeValue(forKey: start ..< start + count) }
    }

    /// The tree of `text`: built, or waited for if its build has begun; given once. Nil when it
    /// was never started or has not begun (the caller builds its own).
    func take(_ text: String) -> LongParagraphText? {
        guard let key = Self.key(of: text) else { return nil }
        let build = strings.withLock { pending -> StringBuild? in
            guard let index = pending.firstIndex(where: { $0.key == key }) else { return nil }
            return pending.remove(at: index).build
        }
        guard let build else { return nil }
        let began = build.state.withLock { state -> Bool in
            guard case .queued = state else { return true }
            state = .dropped
            return false
        }
        guard began else { return nil }
        build.done.wait()
        return build.state.withLock { state in
            guard case .built(let tree) = state else { return nil }
            return tree
        }
    }

    /// The address of a native String's UTF-8: the same for every copy of it.
    private static func key(of text: String) -> Int? {
        text.utf8.withContiguousStorageIfAvailable { $0.baseAddress.map { Int(bitPattern: $0) } } ?? nil
    }
}
