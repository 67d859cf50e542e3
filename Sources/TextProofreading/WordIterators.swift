import CUnicodeAnalysis
import Synchronization

/// ICU word iterators kept between calls: opening one costs about as much as cutting a
/// paragraph into words with it, and a view checks paragraph after paragraph.
enum WordIterators {
    /// An iterator held here only while no call uses it.
    private final class Kept: @unchecked Sendable {
        let iterator: OpaquePointer
        init(_ iterator: OpaquePointer) { self.iterator = iterator }
    }

    /// As many as threads have checked text at once, up to a few.
    private static let idle = Mutex<[Kept]>([])
    private static let limit = 4

    /// An iterator over `text` (which the caller keeps alive until it gives the iterator back),
    /// or nil when ICU cannot make one.
    static func take(over text: UnsafeBufferPointer<UInt16>) -> OpaquePointer? {
        if let kept = idle.withLock({ $0.popLast() }) {
            if cua_break_set_text(kept.iterator, text.baseAddress, Int32(text.count)) <= 0 { return kept.iterator }
            cua_break_close(kept.iterator)
        }
        var error: Int32 = 0
        return cua_break_open(CUA_BREAK_WORD, nil, text.baseAddress, Int32(text.count), &error)
    }

    static func give(back iterator: OpaquePointer) {
        let kept = Kept(iterator)
        let stored = idle.withLock { idle in
            guard idle.count < limit else { return false }
            idle.append(kept)
            return true
        }
        if !stored { cua_break_close(iterator) }
    }
}
