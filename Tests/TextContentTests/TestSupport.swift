import Foundation
import TestFixtures
@testable import TextContent

/// Sample paragraphs of every script in the shared corpus (Tests/Fixtures/mixed-sample.tsv).
enum Samples {
    /// (tag, text) rows: ar_Arab, he_Hebr, hi_Deva, kn_Knda, th_Thai, zh_Hans, ja_Jpan, emoji, mixed.
    static var mixed: [(tag: String, text: String)] { MixedSamples.all }

    static func text(_ tag: String) -> String { MixedSamples.text(tag) }

    /// Short pieces that stress edits: separators of every kind, combining marks, surrogate
    /// pairs, ZWJ sequences, flags, right-to-left and Indic text.
    static let pieces: [String] = [
        "a", "Z", " ", "word", "\n", "\r", "\r\n", "\u{2029}", "\u{2028}", "e\u{301}", "\u{301}", "\u{0BCD}",
        "😀", "👨‍👩‍👧", "🇫🇷", "👍🏽", "مرحبا", "שלום", "ಕನ್ನಡ", "ภาษาไทย", "中文", "123",
        "한", "\u{1112}\u{1161}\u{11AB}", "क्षि", "\u{200D}", "\u{0600}",
    ]
}

/// The plain-string model the storage is checked against.
struct PlainTextModel {
    var units: [UInt16]

    init(_ string: String) { units = Array(string.utf16) }

    var string: String { String(decoding: units, as: UTF16.self) }

    /// Whether `offset` falls between the two units of a surrogate pair.
    func splitsSurrogatePair(at offset: Int) -> Bool {
        offset > 0 && offset < units.count && UTF16.isTrailSurrogate(units[offset])
            && UTF16.isLeadSurrogate(units[offset - 1])
    }

    mutating func replace(_ range: Range<Int>, with text: String) {
        units.replaceSubrange(range, with: Array(text.utf16))
    }

    /// (start, length, separatorLength) of each paragraph.
    var paragraphs: [(start: Int, length: Int, separator: Int)] {
        var result: [(Int, Int, Int)] = []
        var start = 0
        var i = 0
        while i < units.count {
            let unit = units[i]
            if unit == 0x0A || unit == 0x0D || unit == 0x2029 {
                let separator = (unit == 0x0D && i + 1 < units.count && units[i + 1] == 0x0A) ? 2 : 1
                i += separator
                result.append((start, i - start, separator))
                start = i
            } else {
                i += 1
            }
        }
        if start < units.count { result.append((start, units.count - start, 0)) }
        return result
    }
}

extension TextContentStorage {
    func range(_ offsets: Range<Int>) -> TextRange {
        textRange(for: offsets)!
    }

    func location(at offset: Int) -> any TextLocation {
        location(documentRange.location, offsetBy: offset)!
    }

    func offsets(of element: any TextElement) -> Range<Int>? {
        guard let range = element.elementRange else { return nil }
        return try? offsets(of: range)
    }
}

/// Records what a content manager tells its layout managers.
final class RecordingObserver: TextContentObserving {
    var received: [TextContentChangeSet] = []
    func textContentManager(_ textContentManager: TextContentManager, didProcess changes: TextContentChangeSet) {
        received.append(changes)
    }
}
