internal import CCairo
import Foundation
@_spi(Rendering) import TextLayout

/// The text a stretch of a glyph run shows, as Cairo's clusters: UTF-8 and (bytes, glyphs) pairs
/// in glyph order. Nil when the glyphs' clusters are not monotonic (Cairo cannot say that).
/// (`@unchecked Sendable`: Cairo's cluster and flag types are plain C values.)
struct TextClusters: @unchecked Sendable {
    /// Where `showGlyphs` takes a run's clusters from.
    enum Source {
        /// Worked out from the run and the text when the glyphs are shown.
        case workedOutHere
        /// Worked out ahead for all of the run's glyphs (nil: Cairo cannot take them); a stretch
        /// of the run still works its own out.
        case preparedForWholeRun(TextClusters?)
    }

    var utf8: [UInt8] = []
    var clusters: [cairo_text_cluster_t] = []
    var flags = cairo_text_cluster_flags_t(0)

    init?(_ run: PositionedGlyphRun, indices: Range<Int>, text: [UInt16]) {
        let backward = run.isRightToLeft
        // Groups of glyphs sharing a cluster, in glyph order.
        var groups: [(start: Int, glyphs: Int)] = []
        for index in indices {
            let cluster = run.clusters[index]
            if let last = groups.last, last.start == cluster {
                groups[groups.count - 1].glyphs += 1
            } else {
                if let last = groups.last, backward ? cluster > last.start : cluster < last.start { return nil }
                groups.append((cluster, 1))
            }
        }
        // Where each group's text ends: the next cluster in logical order, else the end of what
        // the run shows (a glyph past `indices` may start it).
        func end(ofGroup position: Int) -> Int {
            if backward {
                if position > 0 { return groups[position - 1].start }
                let before = indices.lowerBound - 1
                return before >= 0 ? run.clusters[before] : run.characterRange.upperBound
            }
            if position + 1 < groups.count { return groups[position + 1].start }
            let after = indices.upperBound
            return after < run.clusters.count ? run.clusters[after] : run.characterRange.upperBound
        }
        var spans: [(range: Range<Int>, glyphs: Int)] = []
        spans.reserveCapacity(groups.count)
        for (position, group) in groups.enumerated() {
            let upper = min(max(end(ofGroup: position), group.start), text.count)
            spans.append((min(group.start, upper) ..< upper, group.glyphs))
        }
        // Cairo wants text and clusters in logical order; backward clusters map to the glyphs
        // from the end of the glyph array.
        if backward { spans.reverse() }
        clusters.reserveCapacity(spans.count)
        for span in spans {
            let before = utf8.count
            Self.appendUTF8(of: text, span.range, to: &utf8)
            clusters.append(cairo_text_cluster_t(num_bytes: Int32(utf8.count - before), num_glyphs: Int32(span.glyphs)))
        }
        if backward { flags = CAIRO_TEXT_CLUSTER_FLAG_BACKWARD }
    }

    /// Appends `units[range]` as UTF-8; a lone surrogate (as Swift strings do) or a noncharacter
    /// becomes U+FFFD.
    private static func appendUTF8(of units: [UInt16], _ range: Range<Int>, to bytes: inout [UInt8]) {
        var index = range.lowerBound
        while index < range.upperBound {
            var scalar = UInt32(units[index])
            index += 1
            if scalar & 0xFC00 == 0xD800, index < range.upperBound, units[index] & 0xFC00 == 0xDC00 {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                index += 1
            } else if scalar & 0xF800 == 0xD800 {
                scalar = 0xFFFD
            }
            // Cairo refuses noncharacters (U+FDD0...U+FDEF, U+xFFFE, U+xFFFF) as invalid UTF-8,
            // which would fail the whole PDF: the extracted text says U+FFFD instead.
            if (0xFDD0 ... 0xFDEF).contains(scalar) || scalar & 0xFFFE == 0xFFFE {
                scalar = 0xFFFD
            }
            switch scalar {
            case ..<0x80:
                bytes.append(UInt8(scalar))
            case ..<0x800:
                bytes.append(UInt8(0xC0 | scalar >> 6)); bytes.append(UInt8(0x80 | scalar & 0x3F))
            case ..<0x10000:
                bytes.append(UInt8(0xE0 | scalar >> 12)); bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F));
                bytes.append(UInt8(0x80 | scalar & 0x3F))
            default:
                bytes.append(UInt8(0xF0 | scalar >> 18)); bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
                bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F)); bytes.append(UInt8(0x80 | scalar & 0x3F))
            }
        }
    }
}
