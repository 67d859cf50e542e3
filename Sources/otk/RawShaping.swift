import Foundation
import OpenTextKit
import TextMeasurement

/// What the raw HarfBuzz reference shapes: the document's paragraphs as strings, split at the
/// separators the content storage splits at.
enum RawShaping {
    static func paragraphs(of storage: TextContentStorage) -> [String] {
        storage.string.split(omittingEmptySubsequences: false) {
            $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\u{2029}"
        }.map(String.init)
    }

    /// Raw HarfBuzz shaping of the first viewport's paragraphs, timed, beside the time layout
    /// took for that viewport: the report members both `otk viewport` and `otk edit` give.
    static func firstViewportFigures(
        _ text: [String], font: FontDescriptor, layoutSeconds: Double
    ) throws -> [(String, String)] {
        let rawSeconds = try seconds(toShape: text, font: font)
        return [
            ("rawHarfBuzzFirstViewportSeconds", jsonNumber(rawSeconds, "%.6f")),
            ("firstViewportRatioToRawShaping", jsonNumber(layoutSeconds / max(rawSeconds, 1e-9), "%.3f")),
        ]
    }

    /// How long raw HarfBuzz takes to shape `text` in `font` (a semantic font as layout
    /// resolves it in the standard context: the family fontconfig chose for it, since the
    /// baseline asks for an exact family).
    static func seconds(toShape text: [String], font: FontDescriptor) throws -> Double {
        let resolved = try font.resolve(in: .standard, matcher: .shared)
        let shaper = try ShapingBaseline(family: resolved.family, size: resolved.pointSize)
        let clock = ContinuousClock()
        let start = clock.now
        shaper.shape(text)
        return (clock.now - start).seconds
    }

}

/// The value at fraction `p` (0.5: the median) of `sorted`, ascending; 0 when it is empty.
func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]

}
