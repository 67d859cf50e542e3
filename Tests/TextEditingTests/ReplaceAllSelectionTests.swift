import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// Replace all moves the selections through its edits as any other edit does, keeps them out of
/// grapheme clusters, and records the selection the user sees, so that undo and redo bring back
/// one caret, not one a match.
@Suite struct ReplaceAllSelectionTests {
    /// What replace all does to a plain string: leftmost matches in UTF-16 units, not
    /// overlapping, each replaced; a range's edges through the edits (an edge inside a match
    /// goes to the end of its replacement, a range's start keeps out text inserted at it), then
    /// widened to grapheme clusters (a caret inside one goes to its start).
    static func model(
        _ text: String, _ pattern: String, _ replacement: String, selection: Range<Int>
    ) -> (text: String, selection: Range<Int>) {
        let units = Array(text.utf16), needle = Array(pattern.utf16), inserted = Array(replacement.utf16)
        var result: [UInt16] = []
        var edits: [(range: Range<Int>, length: Int)] = []
        var i = 0
        while i < units.count {
            if i + needle.count <= units.count, Array(units[i ..< i + needle.count]) == needle {
                edits.append((i ..< i + needle.count, inserted.count))
                result += inserted
                i += needle.count
            } else {
                result.append(units[i])
                i += 1
            }
        }
        // TextContentEdit's transform, through the edits in order.
        func moved(_ offset: Int, downstream: Bool) -> Int {
            var shift = 0
            for edit in edits {
                if offset <= edit.range.lowerBound { return offset + shift }
                if offset < edit.range.upperBound {
                    return edit.range.lowerBound + shift + (downstream ? edit.length : 0)
                }
                shift += edit.length - edit.range.count
            }
            return offset + shift
        }
        let newText = String(decoding: result, as: UTF16.self)
        var boundaries = [0]
        for character in newText { boundaries.append(boundaries.last! + character.utf16.count) }
        let lower = moved(selection.lowerBound, downstream: true)
        let upper = selection.isEmpty ? lower : max(lower, moved(selection.upperBound, downstream: false))
        let snappedLower = boundaries.last { $0 <= lower } ?? 0
        let snappedUpper = upper == lower ? snappedLower : (boundaries.first { $0 >= upper } ?? result.count)
        return (newText, snappedLower ..< max(snappedLower, snappedUpper))
    }

    static func boundaries(_ text: String) -> [Int] {
        var result = [0]
        for character in text { result.append(result.last! + character.utf16.count) }
        return result
    }

    /// Texts in several scripts and both directions, with patterns that match whole clusters
    /// and patterns that cut them (an accent's base, a Kannada conjunct's virama, one person of
    /// a family emoji).
    static let cases: [(text: String, patterns: [String])] = [
        ("xx👍", ["xx"]),
        ("مرحبا xx عالم xx", ["xx", "حب"]),
        ("שלום xx עולם", ["xx", "ו"]),
        ("สวัสดีxxครับxx", ["xx", "ส"]),
        ("ಕನ್ನಡxxಕನ್ನಡ", ["xx", "ನ್"]),
        ("👨‍👩‍👧xx👍🏽xx", ["xx", "👩", "🏽"]),
        ("xe\u{301}xe\u{301} abc", ["xe", "e"]),
        ("abc אבג abc", ["abc", "c א"]),
    ]
    static let replacements = ["", "Q", "xxx", "\u{301}", "👍", "ש"]

    @Test func everyCaretMovesWithTheTextItWasIn() throws {
        for (text, patterns) in Self.cases {
            for pattern in patterns {
                for replacement in Self.replacements {
                    for caret in Self.boundaries(text) {
                        let expected = Self.model(text, pattern, replacement, selection: caret ..< caret)
                        let view = makeView(text, caret: caret)
                        _ = try view.replaceAll(pattern, with: replacement)
                        let context =
                            "\(text.debugDescription) \(pattern.debugDescription) -> "
                            + "\(replacement.debugDescription) caret \(caret)"
                        #expect(view.textContentStorage.string == expected.text, "\(context)")
                        #expect(view.selectionOffsets == [[expected.selection]], "\(context)")
                        // Typing lands at the caret.
                        view.insertText("!", replacementRange: notFound)
                        var typed = Array(expected.text.utf16)
                        typed.insert(0x21, at: expected.selection.lowerBound)
                        #expect(view.textContentStorage.string == String(decoding: typed, as: UTF16.self), "\(context)")
                        view.undo()
                        view.undo()
                        #expect(view.textContentStorage.string == text, "\(context)")
                        #expect(view.selectionOffsets == [[caret ..< caret]], "\(context)")
                        view.redo()
                        #expect(view.textContentStorage.string == expected.text, "\(context)")
                        #expect(view.selectionOffsets == [[expected.selection]], "\(context)")
                    }
                }
            }
        }
    }

    @Test func selectedRangesMoveWithTheirText() throws {
        for (text, patterns) in Self.cases {
            let bounds = Self.boundaries(text)
            for pattern in patterns {
                for replacement in Self.replacements {
                    for (index, lower) in bounds.enumerated() {
                        for upper in bounds[(index + 1)...] {
                            let expected = Self.model(text, pattern, replacement, selection: lower ..< upper)
                            let view = makeView(text)
                            view.setSelectedRange(NSRange(location: lower, length: upper - lower))
                            _ = try view.replaceAll(pattern, with: replacement)
                            let context =
                                "\(text.debugDescription) \(pattern.debugDescription) -> "
                                + "\(replacement.debugDescription) \(lower)..<\(upper)"
                            #expect(view.selectionOffsets == [[expected.selection]], "\(context)")
                            view.undo()
                            #expect(view.selectionOffsets == [[lower ..< upper]], "\(context)")
                        }
                    }
                }
            }
        }
    }

    @Test func caretsThatMeetBecomeOne() throws {
        // Two carets in one match, and a caret at a match's end beside one after it.
        let view = makeView("abcabc שלום abc")
        let storage = view.textContentStorage
        view.textLayoutManager.textSelections = [1, 2, 6, 15].map {
            TextSelection(storage.textRange(for: $0 ..< $0)!.location)
        }
        #expect(try view.replaceAll("abc", with: "Z") == 3)
        #expect(storage.string == "ZZ שלום Z")
        #expect(view.selectionOffsets == [[1 ..< 1], [2 ..< 2], [9 ..< 9]])
        view.insertText("!", replacementRange: notFound)
        #expect(storage.string == "Z!Z! שלום Z!")
        // A caret inside a match that is deleted meets the one before it.
        let other = makeView("a xx b")
        other.textLayoutManager.textSelections = [2, 3].map {
            TextSelection(other.textContentStorage.textRange(for: $0 ..< $0)!.location)
        }
        _ = try other.replaceAll("xx", with: "")
        #expect(other.selectionOffsets == [[2 ..< 2]])
    }

    /// Many matches and one caret: after replace all, undo and redo, there is still one caret,
    /// and the next edit is one edit.
    @Test func undoAndRedoKeepTheUsersOneCaret() throws {
        let line = "And the LORD said, מרחב LORD 👍🏽 done.\n"
        let text = String(repeating: line, count: 2_000)
        let caret = line.utf16.count * 1_000 + 20 // inside מרחב, after the line's first LORD
        let view = makeView(text, caret: caret)
        #expect(try view.replaceAll("LORD", with: "Lord God") == 4_000)
        let after = caret + 1_000 * 2 * 4 + 4
        #expect(view.textLayoutManager.textSelections.count == 1)
        #expect(view.selectionOffsets == [[after ..< after]])
        #expect(view.undoStack.undoSteps.last?.selectionAfter == [[after ..< after]])
        view.undo()
        #expect(view.textContentStorage.string == text)
        #expect(view.selectionOffsets == [[caret ..< caret]])
        view.redo()
        #expect(view.textLayoutManager.textSelections.count == 1)
        #expect(view.selectionOffsets == [[after ..< after]])
        view.insertText("X", replacementRange: notFound)
        #expect(view.textContentStorage.utf16Length == text.utf16.count + 4_000 * 4 + 1)
        view.undo()
        view.undo()
        #expect(view.textContentStorage.string == text)
        #expect(view.textLayoutManager.textSelections.count == 1)
        view.redo()
        #expect(view.selectionOffsets == [[after ..< after]])
    }
}
