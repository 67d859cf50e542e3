import TextProofreading

/// What checking found in the paragraphs checked, by their text (and languages): at most
/// `limit` of them, the oldest forgotten first.
struct CheckedParagraphs {
    static let limit = 8_192
    private var issues: [String: [ProofreadingIssue]] = [:]
    private var order: [String] = []
    private var oldest = 0

    subscript(key: String) -> [ProofreadingIssue]? {
        get { issues[key] }
        set {
            guard let newValue else {
                issues[key] = nil
                return
            }
            if issues.updateValue(newValue, forKey: key) == nil { order.append(key) }
            guard issues.count > Self.limit else { return }
            // Forget the oldest half's worth in one go, the order list compacted with them.
            while issues.count > Self.limit / 2, oldest < order.count {
                issues[order[oldest]] = nil
                oldest += 1
            }
            order.removeFirst(oldest)
            oldest = 0
        }
    }
}
