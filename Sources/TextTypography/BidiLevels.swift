/// The resolved bidi embedding levels of one paragraph (UAX #9): even levels run left to right,
/// odd levels right to left.
public struct BidiLevels: Sendable, Hashable {
    /// The paragraph embedding level: 0 (left to right) or 1 (right to left).
    public let paragraphLevel: UInt8
    /// One level per UTF-16 code unit of the paragraph, after rule L1 (trailing whitespace and
    /// separators take the paragraph level).
    ///
    /// When every resolved level has the same parity (say 0 and 2 from an LRE, but nothing odd),
    /// ICU reports the paragraph level throughout: the visual order is the same. Characters that
    /// rule X9 removes (embedding and override controls, BN) get the level of their surroundings.
    public let levels: [UInt8]

    public init(paragraphLevel: UInt8, levels: [UInt8]) {
        self.paragraphLevel = paragraphLevel
        self.levels = levels
    }

    /// Whether the paragraph runs right to left.
    public var isRightToLeft: Bool { paragraphLevel & 1 == 1 }

    /// Whether every code unit is at the paragraph level: no reordering is needed.
    public var isUniform: Bool { levels.allSatisfy { $0 == paragraphLevel } }
}
