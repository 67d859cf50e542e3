internal import CUnicodeAnalysis

/// Resolves bidi embedding levels with ICU's implementation of the Unicode Bidirectional
/// Algorithm (UAX #9).
///
/// ICU 72 passes Unicode 15.0's BidiCharacterTest.txt except for rare constructs: isolates and
/// brackets inside LRO/RLO overrides, more than 63 nested brackets, and non-spacing marks that end
/// a paragraph right after a bracket (see BidiAnalyzerTests).
public enum BidiAnalyzer {
    /// The paragraph direction to start from.
    public enum BaseDirection: Sendable, Hashable, CaseIterable {
        case leftToRight
        case rightToLeft
        /// The first strong character decides (rules P2, P3); left to right when there is none.
        case natural

        var icuValue: Int32 {
            switch self {
            case .leftToRight: Int32(CUA_BIDI_LTR)
            case .rightToLeft: Int32(CUA_BIDI_RTL)
            case .natural: Int32(CUA_BIDI_NATURAL)
            }
        }
    }

    /// The embedding levels of the paragraph `text`, one per UTF-16 code unit.
    ///
    /// `text` should be one paragraph; if it holds paragraph separators (LF, CR, U+2029), ICU
    /// resolves each paragraph on its own and ``BidiLevels/paragraphLevel`` is the first one's.
    /// Empty text gives no levels and the base direction's paragraph level (0 for natural).
    public static func levels(
        for text: String, baseDirection: BaseDirection = .natural
    ) throws(TextAnalysisError) -> BidiLevels {
        let utf16 = Array(text.utf16)
        return try utf16.withUnsafeBufferPointer { (text) throws(TextAnalysisError) in
            try levels(forUTF16: text, baseDirection: baseDirection)
        }
    }

    /// The embedding levels of the paragraph `text`, given as UTF-16; see ``levels(for:baseDirection:)``.
    @_spi(Typesetting) public static func levels(
        forUTF16 text: UnsafeBufferPointer<UInt16>, baseDirection: BaseDirection = .natural
    ) throws(TextAnalysisError) -> BidiLevels {
        let count = text.count
        guard count <= Int(Int32.max) else { throw .textTooLong(utf16Count: count) }
        var result: Int32 = 0
        let levels = [UInt8](unsafeUninitializedCapacity: count) { levels, initialized in
            result = cua_bidi_levels(
                text.baseAddress, Int32(count), baseDirection.icuValue, levels.baseAddress, Int32(count))
            initialized = result >= 0 ? count : 0
        }
        guard result >= 0 else {
            let code = -result
            throw .icu(operation: "ubidi_setPara", code: code, name: String(cString: cua_error_name(code)))
        }
        return BidiLevels(paragraphLevel: UInt8(result), levels: levels)
    }
}
