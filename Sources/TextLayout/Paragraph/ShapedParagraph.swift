import Foundation
import TextContent
import TextTypography

/// A paragraph analysed and shaped once. Laying it out again at another width, or in another
/// container, reuses all of this: only line breaking and placement run again.
struct ShapedParagraph {
    /// Glyphs of one font, one bidi level and one set of attributes, in logical order.
    struct Piece {
        var range: Range<Int>
        var level: UInt8
        var run: ShapedRun
        var attributes: ParagraphContent.AttributeRun
    }

    let content: ParagraphContent
    let levels: BidiLevels
    let pieces: [Piece]
    /// The advance of the cluster starting at each UTF-16 offset (0 elsewhere), kern and
    /// tracking included.
    let advances: [Double]
    /// Grapheme cluster boundaries, 0 through the paragraph's length.
    let graphemeBoundaries: [Int]
    /// `isBreakOpportunity[i]`: a line may break before offset i (UAX #14).
    let isBreakOpportunity: [Bool]
    /// The metrics of the paragraph's first font: the height of an empty line.
    let defaultMetrics: FontMetrics

    init(_ content: ParagraphContent, scratch: LayoutScratch, shaper: TextShaper = .shared) throws(TextLayoutError) {
        self.content = content
        let direction: BidiAnalyzer.BaseDirection
        switch content.style.baseWritingDirection {
        case .natural: direction = .natural
        case .leftToRight: direction = .leftToRight
        case .rightToLeft: direction = .rightToLeft
        }
        if direction != .rightToLeft, !Self.mayHoldRightToLeft(content.units) {
            levels = BidiLevels(paragraphLevel: 0, levels: [UInt8](repeating: 0, count: content.units.count))
        } else {
            do {
                levels = try BidiAnalyzer.levels(for: content.string, baseDirection: direction)
            } catch {
                throw .analysisFailed(reason: "\(error)")
            }
        }

        var pieces: [Piece] = []
        var advances = [Double](repeating: 0, count: content.units.count)
        for attributes in content.runs {
            for segment in Self.segments(of: attributes.range, content: content, levels: levels.levels) {
                let level = levels.levels.isEmpty ? levels.paragraphLevel : levels.levels[segment.lowerBound]
                let runs: [ShapedRun]
                do {
                    runs = try shaper.shape(
                        text: content.units, range: segment, request: attributes.font, features: attributes.features,
                        isRightToLeft: level & 1 == 1)
                } catch {
                    throw .shapingFailed(reason: "\(error)")
                }
                for run in runs {
                    for glyph in run.glyphs where glyph.cluster < advances.count {
                        advances[glyph.cluster] += Double(glyph.advance)
                    }
                    pieces.append(Piece(range: run.range, level: level, run: run, attributes: attributes))
                }
            }
            let extra = attributes.kern + attributes.tracking
            if extra != 0 {
                for offset in attributes.range where offset < content.contentLength && advances[offset] != 0 {
                    advances[offset] += extra
                }
            }
        }
        self.pieces = pieces
        self.advances = advances

        var boundaries: [Int] = []
        boundaries.reserveCapacity(content.units.count + 1)
        var offset = 0
        for character in content.string {
            boundaries.append(offset)
            offset += character.utf16.count
        }
        boundaries.append(offset)
        graphemeBoundaries = boundaries

        var opportunities = [Bool](repeating: false, count: content.units.count + 1)
        do {
            let lineBreaks = try scratch.lineBreaks(for: content.string)
            for boundary in lineBreaks.allBoundaries() where boundary <= content.units.count {
                opportunities[boundary] = true
            }
        } catch {
            throw .analysisFailed(reason: "\(error)")
        }
        isBreakOpportunity = opportunities

        let firstFont = pieces.first?.run.font
        if let firstFont {
            defaultMetrics = firstFont.metrics
        } else {
            let request = content.runs.first?.font ?? (try? FontRequest(FontDescriptor(family: "DejaVu Sans", size: 13)))
            do {
                guard let request else { throw TextLayoutError.shapingFailed(reason: "no font") }
                defaultMetrics = try FontMatcher.shared.match(request).font.metrics
            } catch {
                throw .shapingFailed(reason: "\(error)")
            }
        }
    }

    /// Whether any unit could resolve to an odd bidi level: right-to-left letters (Hebrew,
    /// Arabic, Syriac, Thaana, N'Ko... and their supplementary planes), Arabic digits, marks and
    /// explicit embeddings, overrides and isolates. Without them every level is 0 and ICU is
    /// not asked.
    static func mayHoldRightToLeft(_ units: [UInt16]) -> Bool {
        for unit in units where unit >= 0x0590 {
            switch unit {
            case 0x0590 ... 0x08FF, 0x200F, 0x202A ... 0x202E, 0x2066 ... 0x2069, 0xFB1D ... 0xFDFF, 0xFE70 ... 0xFEFF,
                 0xD802 ... 0xD803, 0xD83A ... 0xD83B:
                return true
            default:
                continue
            }
        }
        return false
    }

    /// `range` cut at bidi level changes and at control characters (which are not shaped).
    private static func segments(of range: Range<Int>, content: ParagraphContent, levels: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        let end = min(range.upperBound, content.contentLength)
        var start = range.lowerBound
        var index = start
        while index < end {
            if content.isControl(index) {
                if start < index { result.append(start ..< index) }
                start = index + 1
            } else if index > start, !levels.isEmpty, levels[index] != levels[index - 1] {
                result.append(start ..< index)
                start = index
            }
            index += 1
        }
        if start < end { result.append(start ..< end) }
        return result
    }
}
