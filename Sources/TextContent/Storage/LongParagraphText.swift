import Foundation
import Synchronization
import _RopeModule

/// The text of a long paragraph without attributes, kept in swift-collections' `BigString`: a
/// B-tree of UTF-8 chunks whose nodes count UTF-8, UTF-16, scalars and characters, so that
/// finding a UTF-16 offset, cutting, joining and editing cost O(log n) where a `String` of
/// 5 MB costs O(n) (a copy, and UTF-16 offsets counted from the start).
///
/// A value never changes: an edit makes a new one (sharing all but the edited path of the
/// tree). The whole text as a `String` is made at most once a value, when something asks for
/// it (O(n)); the keystroke path never does.
struct LongParagraphText: Sendable {
    let text: BigString
    private let whole: WholeString

    init(_ text: BigString) {
        self.text = text
        whole = WholeString()
    }

    /// O(n) with a grapheme-breaking pass (about 40 ns a byte): made once, when a long
    /// paragraph is first edited.
    init(_ string: String) {
        self.init(BigString(string))
    }

    /// Length in UTF-16 code units: O(1).
    var utf16Count: Int { text.utf16.count }

    /// The index of UTF-16 offset `offset` (clamped): O(log n).
    func index(_ offset: Int) -> BigString.Index {
        text.utf16.index(text.startIndex, offsetBy: max(0, min(offset, utf16Count)))
    }

    /// The range clamped to the text.
    func clamped(_ range: Range<Int>) -> Range<Int> {
        let count = utf16Count
        let lower = max(0, min(range.lowerBound, count))
        return lower ..< max(lower, min(range.upperBound, count))
    }

    /// The code units of `range` (clamped): O(log n + range).
    func units(in range: Range<Int>) -> [UInt16] {
        let range = clamped(range)
        guard !range.isEmpty else { return [] }
        let lower = index(range.lowerBound)
        let upper = text.utf16.index(lower, offsetBy: range.count)
        // The tree's UTF-8 copied a chunk at a time, then widened (a byte a unit for ASCII): ten
        // times quicker than its UTF-16 view a unit at a time.
        var string = String(text.unicodeScalars[lower ..< upper])
        let units: [UInt16] = string.withUTF8 { utf8 in
            var high: UInt8 = 0
            for byte in utf8 { high |= byte }
            guard high < 0x80 else { return Array(String(decoding: utf8, as: UTF8.self).utf16) }
            return [UInt16](unsafeUninitializedCapacity: utf8.count) { buffer, count in
                for index in 0 ..< utf8.count { buffer[index] = UInt16(utf8[index]) }
                count = utf8.count
            }
        }
        // An edge inside a surrogate pair is rounded to the scalar: then unit by unit.
        let aligned =
            units.count == range.count && units.first == text.utf16[lower]
            && units.last == text.utf16[text.utf16.index(before: upper)]
        return aligned ? units : Array(text.utf16[lower ..< upper])
    }

    /// The text of `range` (clamped; edges never inside a surrogate pair): O(log n + range).
    func string(in range: Range<Int>) -> String {
        String(decoding: units(in: range), as: UTF16.self)
    }

    /// The code unit at `offset`, or nil out of bounds: O(log n).
    func unit(at offset: Int) -> UInt16? {
        guard offset >= 0, offset < utf16Count else { return nil }
        return text.utf16[index(offset)]
    }

    /// The whole text: O(n) the first time a value is asked, then kept with it.
    var string: String {
        whole.value { String(text) }
    }

    /// This text with `range` replaced by `replacement`: O(log n + replacement).
    func replacing(_ range: Range<Int>, with replacement: String) -> LongParagraphText {
        let range = clamped(range)
        var edited = text
        let lower = index(range.lowerBound)
        edited.replaceSubrange(lower ..< edited.utf16.index(lower, offsetBy: range.count), with: replacement)
        return LongParagraphText(edited)
    }

    /// The text of `range` (clamped; edges never inside a surrogate pair) as a tree of its own,
    /// sharing this one's chunks: O(log n).
    func slice(_ range: Range<Int>) -> BigString {
        Self.slice(text, clamped(range))
    }

    /// UTF-16 range `range` of `text` as a tree of its own: O(log n). Cut through the scalar
    /// view, whose slices may end inside a grapheme cluster (a character slice rounds its edges
    /// to clusters); `removeSubrange` is not used: swift-collections 1.6 leaves the grapheme
    /// breaks at its seam out of date, when it cuts a cluster.
    static func slice(_ text: BigString, _ range: Range<Int>) -> BigString {
        if range.lowerBound == 0, range.upperBound == text.utf16.count { return text }
        let lower = text.utf16.index(text.startIndex, offsetBy: range.lowerBound)
        let upper = text.utf16.index(lower, offsetBy: range.count)
        return BigString(text.unicodeScalars[lower ..< upper])
    }

    /// The grapheme cluster that holds UTF-16 offset `local` strictly inside it, or nil at a
    /// boundary: O(log n), from the character boundaries the tree keeps.
    func clusterEdges(around local: Int) -> Range<Int>? {
        guard local > 0, local < utf16Count else { return nil }
        let target = index(local)
        let lower = text.index(roundingDown: target)
        let lowerOffset = text.utf16.distance(from: text.startIndex, to: lower)
        guard lowerOffset != local else { return nil }
        let upper = text.index(after: lower)
        return lowerOffset ..< text.utf16.distance(from: text.startIndex, to: upper)
    }

    /// The whole text as a String, made on demand and kept: a class, so that copies of one
    /// value share it.
    private final class WholeString: Sendable {
        private let cached = Mutex<String?>(nil)

        func value(_ make: () -> String) -> String {
            if let value = cached.withLock({ $0 }) { return value }
            let made = make()
            cached.withLock { $0 = made }
            return made
        }
    }
}
