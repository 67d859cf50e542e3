import Foundation

/// A bounded cache of attributed strings made for plain paragraphs, keyed by their byte offset
/// in the source text (which never changes: plain paragraphs are immutable slices of it).
/// Scrolling through a huge document keeps at most `capacity` of them alive.
struct ParagraphCache {
    let capacity: Int
    private var values: [Int: AttributedString] = [:]
    private var order: [Int] = []
    private var nextVictim = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { values.count }

    func value(for key: Int) -> AttributedString? { values[key] }

    mutating func insert(_ value: AttributedString, for key: Int) {
        guard values[key] == nil else { return }
        if order.count < capacity {
            order.append(key)
        } else {
            // FIFO replacement: cheap, and good enough for a scrolling viewport.
            values[order[nextVictim]] = nil
            order[nextVictim] = key
            nextVictim = (nextVictim + 1) % capacity
        }
        values[key] = value
    }
}
