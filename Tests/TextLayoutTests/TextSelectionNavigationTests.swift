import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

@Suite struct TextSelectionNavigationTests {
    /// The offset of a caret selection's (first) location.
    func offset(_ selection: TextSelection?, _ storage: TextContentStorage) -> Int? {
        selection.flatMap { try? storage.offset(of: $0.textRanges[0].location) }
    }

    func offsets(_ selection: TextSelection?, _ storage: TextContentStorage) -> [Range<Int>] {
        selection?.textRanges.map { try! storage.offsets(of: $0) } ?? []
    }

    /// Moves a caret from `start` until it stops moving; the offsets it visits.
    func walk(
        _ manager: TextLayoutManager, _ storage: TextContentStorage, from start: Int,
        _ direction: TextSelectionNavigation.Direction,
        _ destination: TextSelectionNavigation.Destination, limit: Int = 10_000
    ) -> [Int] {
        var selection = TextSelection(storage.location(at: start))
        var visited = [start]
        for _ in 0 ..< limit {
            guard
                let next = manager.textSelectionNavigation.destinationSelection(
                    for: selection, direction: direction, destination: destination, extending: false, confined: false),
                let offset = offset(next, storage)
            else { break }
            if offset == visited.last!, next.affinity == selection.affinity { break }
            visited.append(offset)
            selection = next
        }
        return visited
    }

    @Test func charactersAreWholeGraphemeClusters() {
        let text = "e\u{301}👨‍👩‍👧x\r\nyक्षि"
        let (storage, manager) = makeLayout(text)
        let clusters = [0, 2, 10, 11, 13, 14, 18]
        #expect(walk(manager, storage, from: 0, .forward, .character) == clusters)
        #expect(walk(manager, storage, from: 18, .backward, .character) == clusters.reversed())
    }

    @Test func wordsComeFromICUInEveryScript() {
        let (storage, manager) = makeLayout("Hello, world again")
        // Forward: to the end of each word; backward: to the start of each.
        #expect(walk(manager, storage, from: 0, .forward, .word) == [0, 5, 12, 18])
        #expect(walk(manager, storage, from: 18, .backward, .word) == [18, 13, 7, 0])
        // Thai is written without spaces: ICU's dictionary finds its words.
        let thai = "ภาษาไทยง่ายมาก"
        let (thaiStorage, thaiManager) = makeLayout(thai)
        let stops = walk(thaiManager, thaiStorage, from: 0, .forward, .word)
        #expect(stops.count > 3, "\(stops)")
        #expect(stops.last == thai.utf16.count)
    }

    @Test func lineEndsAndStartsFollowSoftWraps() throws {
        let text = String(repeating: "word ", count: 40)
        let (storage, manager) = makeLayout(text, width: 200)
        let fragment = try #require(allFragments(manager).first)
        let lines = fragment.textLineFragments
        #expect(lines.count > 2)
        let navigation = manager.textSelectionNavigation
        let end = navigation.destinationSelection(
            for: TextSelection(storage.location(at: 1)), direction: .forward, destination: .line,
            extending: false, confined: false)
        // The end of a wrapped line: its last offset, upstream (the caret stays on that line).
        #expect(offset(end, storage) == lines[0].characterRange.length)
        #expect(end?.affinity == .upstream)
        // From there, the line's start is still the first line's.
        let start = navigation.destinationSelection(
            for: try #require(end), direction: .backward, destination: .line, extending: false, confined: false)
        #expect(offset(start, storage) == 0)
    }

    /// Right and left on screen over a line mixing directions visit every place a caret can
    /// stand, in screen order: where the text changes direction an offset stands in two places,
    /// told apart by affinity, and one x can stand for two offsets, each a stop of its own (the
    /// caret keeps its x for one key press).
    @Test(arguments: ["English العربية 123 end", "مرحبا English text بالعالم", MixedSamples.text("mixed")])
    func visualMovesVisitEveryCaretStopInScreenOrder(_ text: String) throws {
        let (storage, manager) = makeLayout(text, width: 10_000)
        let line = try #require(allFragments(manager).first?.textLineFragments.first)
        #expect(line.characterRange.length == text.utf16.count)
        // Every place on the line: both edges of each character, as the data source gives them.
        var edges: [CGFloat] = []
        manager.enumerateCaretOffsetsInLineFragment(at: storage.documentRange.location) { x, _, _, _ in edges.append(x)
        }
        let places = distinctPlaces(edges)
        #expect(places.count >= line.caretStops.count)
        func step(_ selection: TextSelection, _ direction: TextSelectionNavigation.Direction) -> TextSelection? {
            guard
                let next = manager.textSelectionNavigation.destinationSelection(
                    for: selection, direction: direction, destination: .character, extending: false, confined: false),
                offset(next, storage) != offset(selection, storage) || next.affinity != selection.affinity
            else { return nil }
            return next
        }
        func x(_ selection: TextSelection) throws -> CGFloat {
            let at = try #require(offset(selection, storage))
            return try #require(caretX(manager, storage, at, selection.affinity))
        }
        let leftmost = try #require(
            manager.caretPosition(closestTo: CGPoint(x: -1_000, y: line.typographicBounds.midY)))
        var selection = TextSelection(leftmost.location, affinity: leftmost.affinity)
        var visited = [try x(selection)]
        var positions = [(offset(selection, storage), selection.affinity)]
        for _ in 0 ..< places.count + 5 {
            guard let next = step(selection, .right) else { break }
            visited.append(try x(next))
            positions.append((offset(next, storage), next.affinity))
            selection = next
        }
        // Every place, in screen order (an x twice in a row where it stands for two offsets).
        let keyStops = try #require(manager.lineInfo(at: 0, upstream: false)?.visual.keyStops)
        #expect(visited.count == keyStops.count, "visited \(visited.count) of \(keyStops.count)")
        #expect(distinctPlaces(visited).count == places.count)
        #expect(zip(distinctPlaces(visited), places).allSatisfy { abs($0 - $1) < 0.01 }, "\(visited) != \(places)")
        #expect(visited.indices.dropFirst().allSatisfy { visited[$0 - 1] <= visited[$0] + 0.01 })
        // No position twice.
        #expect(Set(positions.map { "\($0.0 ?? -1)\($0.1)" }).count == positions.count)
        // And back again, right to left.
        var back = [try x(selection)]
        for _ in 0 ..< keyStops.count + 5 {
            guard let next = step(selection, .left) else { break }
            back.append(try x(next))
            selection = next
        }
        #expect(back.count == keyStops.count)
        #expect(zip(back, visited.reversed()).allSatisfy { abs($0 - $1) < 0.01 }, "\(back)")
    }

    /// Where left-to-right text meets right-to-left text, one offset has two carets on screen:
    /// moving through the line stops at both, upstream after the character before the offset and
    /// downstream before the character after it, each drawn where it is.
    @Test func aDirectionBoundaryHasTwoCaretsToldApartByAffinity() throws {
        let text = "English العربية 123"
        let (storage, manager) = makeLayout(text, width: 10_000)
        let boundary = 8 // after "English ", before the Arabic
        var selection = TextSelection(storage.location(at: 0))
        var seen: [TextSelection.Affinity] = []
        for _ in 0 ..< 40 {
            guard
                let next = manager.textSelectionNavigation.destinationSelection(
                    for: selection, direction: .right, destination: .character, extending: false, confined: false)
            else { break }
            if offset(next, storage) == boundary {
                seen.append(next.affinity)
                // Either place is a caret at a direction boundary: not a logical selection.
                #expect(next.secondarySelectionLocation != nil && !next.isLogical)
            } else if offset(next, storage).map({ $0 < 5 }) == true {
                #expect(next.secondarySelectionLocation == nil && next.isLogical)
            }
            selection = next
        }
        #expect(Set(seen) == [.upstream, .downstream], "\(seen)")
        let upstream = try #require(caretX(manager, storage, boundary, .upstream))
        let downstream = try #require(caretX(manager, storage, boundary, .downstream))
        // Upstream: at the end of "English " on the left; downstream: at the right edge of the
        // Arabic word (its first letter, read from the right).
        let english = try #require(caretX(manager, storage, 7, .downstream))
        #expect(upstream > english && upstream < downstream, "\(english) \(upstream) \(downstream)")
        // A click at either place finds that place.
        let line = try #require(allFragments(manager).first?.textLineFragments.first)
        for (x, affinity) in [(upstream, TextSelection.Affinity.upstream), (downstream, .downstream)] {
            let found = try #require(manager.caretPosition(closestTo: CGPoint(x: x, y: line.typographicBounds.midY)))
            #expect(storage.offset(from: storage.documentRange.location, to: found.location) == boundary)
            #expect(found.affinity == affinity)
        }
    }

    /// Over wrapped paragraphs of either direction, moving the paragraphs' way on screen goes
    /// through every line to the end of the text, each step to a new caret position, and moving
    /// the other way comes back to the start.
    @Test(arguments: ["mixed", "ar_Arab", "he_Hebr", "th_Thai"])
    func visualMovesCrossWrappedLines(_ tag: String) throws {
        let paragraph = MixedSamples.text(tag) + " " + MixedSamples.text(tag)
        let text = paragraph + "\n" + paragraph
        let (storage, manager) = makeLayout(text, width: 200)
        let navigation = manager.textSelectionNavigation
        let lineCount = allFragments(manager).map(\.textLineFragments.count).reduce(0, +)
        #expect(lineCount > 4)
        let rightToLeft = manager.baseWritingDirection(at: storage.location(at: 0)) == .rightToLeft
        var selection = TextSelection(storage.location(at: 0))
        for (direction, end) in [
            (rightToLeft ? TextSelectionNavigation.Direction.left : .right, text.utf16.count),
            (rightToLeft ? .right : .left, 0),
        ] {
            var seen = Set<String>()
            var lines = Set<CGFloat>()
            for _ in 0 ..< text.utf16.count * 3 {
                guard
                    let next = navigation.destinationSelection(
                        for: selection, direction: direction, destination: .character, extending: false, confined: false
                    ),
                    let at = offset(next, storage)
                else { break }
                if at == offset(selection, storage), next.affinity == selection.affinity { break }
                #expect(seen.insert("\(at) \(next.affinity)").inserted, "\(direction): \(at) \(next.affinity) twice")
                lines.insert(try #require(caretRectY(manager, storage, at, next.affinity)))
                selection = next
            }
            #expect(offset(selection, storage) == end, "\(direction)")
            #expect(lines.count == lineCount, "\(direction)")
        }
    }

    /// Random lines mixing directions, made of pieces of mixed.tsv rows and English: right and
    /// left visit every caret stop the keys stop at once, in screen order, both ways.
    @Test(arguments: 0 ..< 24)
    func visualMovesVisitEveryCaretStopOfRandomMixedLines(_ run: Int) throws {
        let seed = 0x0B1D_0000 + UInt64(run)
        var random = SplitMix64(seed: seed)
        let rows = try Fixtures.lines(of: Fixtures.mixedCorpus).compactMap {
            $0.split(separator: "\t", maxSplits: 1).last.map(String.init)
        }
        let english = ["the quick brown fox", "Article 12 of 1948", "end.", "(see page 3)"]
        var pieces: [String] = []
        for _ in 0 ..< Int.random(in: 2 ... 5, using: &random) {
            if Int.random(in: 0 ..< 3, using: &random) == 0 {
                pieces.append(english[Int.random(in: 0 ..< english.count, using: &random)])
            } else {
                let words = rows[Int.random(in: 0 ..< rows.count, using: &random)].split(separator: " ")
                let start = Int.random(in: 0 ..< words.count, using: &random)
                pieces.append(
                    words[start ..< min(words.count, start + Int.random(in: 1 ... 3, using: &random))].joined(
                        separator: " "))
            }
        }
        let text = pieces.joined(separator: " ")
        let (storage, manager) = makeLayout(text, width: 100_000)
        let visual = try #require(manager.lineInfo(at: 0, upstream: false)?.visual)
        let stops = visual.keyStops
        let navigation = manager.textSelectionNavigation
        // Each move lands on one of the line's stops: an offset and an affinity, which tells the
        // two places of an offset at a direction boundary apart.
        func walk(from start: VisualLine.Stop, _ direction: TextSelectionNavigation.Direction) throws -> [CGFloat] {
            var selection = TextSelection(storage.location(at: start.offset), affinity: start.affinity)
            var xs = [start.x]
            for _ in 0 ..< stops.count + 5 {
                guard
                    let next = navigation.destinationSelection(
                        for: selection, direction: direction, destination: .character, extending: false, confined: false
                    ),
                    let offset = offset(next, storage),
                    let stop = stops.first(where: { $0.offset == offset && $0.affinity == next.affinity }),
                    stop
                        != stops.first(where: {
                            $0.offset == self.offset(selection, storage) && $0.affinity == selection.affinity
                        })
                else { break }
                xs.append(stop.x)
                selection = next
            }
            return xs
        }
        let rightward = try walk(from: try #require(stops.first), .right)
        let leftward = try walk(from: try #require(stops.last), .left)
        let expected = stops.map(\.x)
        let context =
            "seed \(String(seed, radix: 16)): \(text.debugDescription), stops "
            + "\(stops.map { "\($0.offset)\($0.affinity == .upstream ? "u" : "d")@\(Int($0.x))" })"
        #expect(rightward == expected, "right: \(context)")
        #expect(leftward == expected.reversed(), "left: \(context)")
    }

    /// Where a line's logical end falls between two runs (a right-to-left paragraph ending in
    /// left-to-right text, or the reverse), the end still has a caret place (it once lost its x
    /// to the neighbouring run's edge and moves from it fell back on logical ones): right from
    /// the end of "אב abc" (right of the c) goes to 3, the start of "abc", at the same x (one
    /// x, two offsets), then to 2, right of the space.
    @Test(arguments: ["אב abc", "abc אב"])
    func aLineEndingAtADirectionBoundaryHasACaretStop(_ text: String) throws {
        let (storage, manager) = makeLayout(text, width: 10_000)
        let end = text.utf16.count
        let visual = try #require(manager.lineInfo(at: end, upstream: false)?.visual)
        #expect(visual.x(of: end, affinity: .downstream) != nil, "\(visual.stops)")
        if text == "אב abc" {
            let moved = try #require(
                manager.textSelectionNavigation.destinationSelection(
                    for: TextSelection(storage.location(at: 6)), direction: .right, destination: .character,
                    extending: false, confined: false))
            #expect(offset(moved, storage) == 3)
            #expect(visual.x(of: 3, affinity: moved.affinity) == visual.x(of: 6, affinity: .upstream))
            let again = manager.textSelectionNavigation.destinationSelection(
                for: moved, direction: .right, destination: .character, extending: false, confined: false)
            #expect(offset(again, storage) == 2)
        }
    }

    /// Right past the end of a left-to-right paragraph lands at the start of the next one, even
    /// when that one runs right to left (at its right edge), and left past the start of a
    /// paragraph at the end of the one before; not at the far end of the other paragraph.
    @Test func crossingIntoAParagraphOfTheOtherDirectionLandsAtItsStartOrEnd() {
        let text = "Hello\nשלום\nworld"
        let (storage, manager) = makeLayout(text, width: 10_000)
        let navigation = manager.textSelectionNavigation
        func moved(_ offset: Int, _ direction: TextSelectionNavigation.Direction) -> Int? {
            self.offset(
                navigation.destinationSelection(
                    for: TextSelection(storage.location(at: offset)), direction: direction,
                    destination: .character, extending: false, confined: false), storage)
        }
        #expect(moved(5, .right) == 6) // the end of "Hello" to the start of "שלום"
        #expect(moved(6, .right) == 5) // and back: right at the right edge of a right-to-left line
        #expect(moved(10, .left) == 11) // the end of "שלום" (its left edge) to the start of "world"
        #expect(moved(11, .left) == 10) // and back
    }

    @Test func upAndDownKeepTheColumn() throws {
        // DejaVu Sans Mono: every character has one advance, so columns are offsets.
        let text = "0123456789012345\nshort\n0123456789012345\nمرحبا بالعالم"
        let (storage, manager) = makeLayout(text, width: 600) { _ in }
        manager.defaultFont = FontDescriptor(family: "DejaVu Sans Mono", size: 13)
        let navigation = manager.textSelectionNavigation
        let start = TextSelection(storage.location(at: 10))
        let down = try #require(
            navigation.destinationSelection(
                for: start, direction: .down, destination: .character, extending: false, confined: false))
        // The short line is 5 long: the caret stops at its end (before the line break).
        #expect(offset(down, storage) == 17 + 5)
        #expect(down.anchorPositionOffset != nil)
        let again = try #require(
            navigation.destinationSelection(
                for: down, direction: .down, destination: .character, extending: false, confined: false))
        // Back at column 10 of the third line: the column was kept.
        #expect(offset(again, storage) == 23 + 10)
        let up = try #require(
            navigation.destinationSelection(
                for: again, direction: .up, destination: .character, extending: false, confined: false))
        #expect(offset(up, storage) == 17 + 5)
        // Above the first line: the document's start; below the last: its end.
        let top = navigation.destinationSelection(
            for: start, direction: .up, destination: .character, extending: false, confined: false)
        #expect(offset(top, storage) == 0)
        let last = TextSelection(storage.location(at: storage.utf16Length - 2))
        let bottom = navigation.destinationSelection(
            for: last, direction: .down, destination: .character, extending: false, confined: false)
        #expect(offset(bottom, storage) == storage.utf16Length)
    }

    /// Moving down through a document whose paragraphs are only estimated lays each out as the
    /// caret reaches it; every step goes one line down.
    @Test func downThroughEstimatedParagraphs() throws {
        let paragraph = "A line of English, " + String(MixedSamples.text("ar_Arab").prefix(30))
        let text = Array(repeating: paragraph, count: 5_000).joined(separator: "\n")
        let storage = TextContentStorage(string: text)
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 2_000, height: 0)))
        storage.addTextLayoutManager(manager)
        RetainedStorages.keep(storage)
        var selection = TextSelection(storage.location(at: 3))
        var previous = 3
        for _ in 0 ..< 300 {
            selection = try #require(
                manager.textSelectionNavigation.destinationSelection(
                    for: selection, direction: .down, destination: .character, extending: false, confined: false))
            let now = try #require(offset(selection, storage))
            #expect(now > previous)
            previous = now
        }
        // 300 lines down, one paragraph a line: in paragraph 300.
        #expect(storage.paragraphIndex(for: storage.location(at: previous)) == 300)
        // Only what the caret passed was laid out.
        #expect(manager.keptLayoutUsage.paragraphs < 1_000)
    }

    @Test func extendingMovesTheHeadAndKeepsTheAnchor() throws {
        let (storage, manager) = makeLayout("abc def ghi")
        let navigation = manager.textSelectionNavigation
        var selection = TextSelection(storage.location(at: 4))
        selection = try #require(
            navigation.destinationSelection(
                for: selection, direction: .forward, destination: .word, extending: true, confined: false))
        #expect(offsets(selection, storage) == [4 ..< 7])
        #expect(selection.affinity == .downstream)
        selection = try #require(
            navigation.destinationSelection(
                for: selection, direction: .backward, destination: .word, extending: true, confined: false))
        selection = try #require(
            navigation.destinationSelection(
                for: selection, direction: .backward, destination: .word, extending: true, confined: false))
        #expect(offsets(selection, storage) == [0 ..< 4])
        #expect(selection.affinity == .upstream)
        // Without extending, a range collapses toward the move.
        let collapsed = navigation.destinationSelection(
            for: selection, direction: .right, destination: .character, extending: false, confined: false)
        #expect(offsets(collapsed, storage) == [4 ..< 4])
    }

    @Test func deletionTakesWholeClustersOrDecomposes() throws {
        let text = "a👨‍👩‍👧🇫🇷क्षिe\u{301}\u{1112}\u{1161}\u{11AB}"
        let (storage, manager) = makeLayout(text)
        let navigation = manager.textSelectionNavigation
        func deleted(at offset: Int, _ direction: TextSelectionNavigation.Direction, decomposing: Bool) -> [Range<Int>]
        {
            navigation.deletionRanges(
                for: TextSelection(storage.location(at: offset)), direction: direction, destination: .character,
                allowsDecomposition: decomposing
            ).map { try! storage.offsets(of: $0) }
        }
        let units = Array(text.utf16)
        let family = 1 ..< 9, flag = 9 ..< 13, conjunct = 13 ..< 17, accent = 17 ..< 19, hangul = 19 ..< 22
        #expect(String(decoding: units[conjunct], as: UTF16.self) == "क्षि")
        // Backward: emoji sequences and flags whole, even when decomposing.
        #expect(deleted(at: family.upperBound, .backward, decomposing: true) == [family])
        #expect(deleted(at: flag.upperBound, .backward, decomposing: true) == [flag])
        // A conjunct, a letter with its mark and a jamo syllable, one code point at a time.
        #expect(deleted(at: conjunct.upperBound, .backward, decomposing: true) == [16 ..< 17])
        #expect(deleted(at: conjunct.upperBound, .backward, decomposing: false) == [conjunct])
        #expect(deleted(at: accent.upperBound, .backward, decomposing: true) == [18 ..< 19])
        #expect(deleted(at: hangul.upperBound, .backward, decomposing: true) == [21 ..< 22])
        // Forward never takes half a cluster.
        #expect(deleted(at: flag.lowerBound, .forward, decomposing: true) == [flag])
        #expect(deleted(at: hangul.lowerBound, .forward, decomposing: true) == [hangul])
        #expect(deleted(at: storage.utf16Length, .forward, decomposing: false).isEmpty)
        #expect(deleted(at: 0, .backward, decomposing: false).isEmpty)
        // A selection's ranges are deleted as they are.
        let range = try #require(TextSelection([storage.range(0 ..< 1), storage.range(9 ..< 13)]))
        #expect(
            navigation.deletionRanges(for: range, direction: .backward, destination: .word, allowsDecomposition: false)
                .map { try! storage.offsets(of: $0) } == [0 ..< 1, 9 ..< 13])
    }

    @Test func clicksDoubleClicksAndShiftClicks() throws {
        let (storage, manager) = makeLayout("Hello wonderful world\nsecond paragraph here")
        let navigation = manager.textSelectionNavigation
        let line = try #require(allFragments(manager).first?.textLineFragments.first)
        let stop = try #require(line.caretStops.first { $0.characterIndex == 8 })
        let point = CGPoint(x: stop.x + line.typographicBounds.minX, y: line.typographicBounds.midY)
        let documentStart = storage.documentRange.location
        let click = navigation.textSelections(
            interactingAt: point, inContainerAt: documentStart, anchors: [], modifiers: [], selecting: false,
            bounds: .zero)
        #expect(click.count == 1 && offsets(click.first, storage) == [8 ..< 8])
        // A double-click passes a word anchor: the word is selected.
        let wordAnchor = TextSelection(range: storage.range(8 ..< 8), granularity: .word)
        let double = navigation.textSelections(
            interactingAt: point, inContainerAt: documentStart, anchors: [wordAnchor], modifiers: [], selecting: false,
            bounds: .zero)
        #expect(offsets(double.first, storage) == [6 ..< 15])
        // Shift-click in the second paragraph extends from the anchor.
        let second = try #require(allFragments(manager).last)
        let far = CGPoint(x: 1_000, y: second.layoutFragmentFrame.midY)
        let extended = navigation.textSelections(
            interactingAt: far, inContainerAt: documentStart, anchors: click, modifiers: .extend, selecting: true,
            bounds: .zero)
        #expect(offsets(extended.first, storage) == [8 ..< storage.utf16Length])
        #expect(extended.first?.isTransient == true)
        // The paragraph around a caret, and the word.
        let paragraph = navigation.textSelection(for: .paragraph, enclosing: TextSelection(storage.location(at: 25)))
        #expect(offsets(paragraph, storage) == [22 ..< storage.utf16Length])
        let word = navigation.textSelection(for: .word, enclosing: TextSelection(storage.location(at: 1)))
        #expect(offsets(word, storage) == [0 ..< 5])
    }

    @Test func theDataSourceAnswersInDocumentTerms() throws {
        let text = "One two.\nשלום עולם"
        let (storage, manager) = makeLayout(text)
        var words: [String] = []
        manager.enumerateSubstrings(from: storage.documentRange.location, options: .textWords) { substring, _, _, _ in
            words.append(substring ?? "")
        }
        #expect(words == ["One", "two", "שלום", "עולם"])
        var reversed: [String] = []
        manager.enumerateSubstrings(from: storage.documentRange.endLocation, options: [.byParagraphs, .reverse]) {
            substring, _, _, _ in
            reversed.append(substring ?? "")
        }
        #expect(reversed == ["שלום עולם", "One two."])
        #expect(manager.baseWritingDirection(at: storage.location(at: 12)) == .rightToLeft)
        #expect(manager.baseWritingDirection(at: storage.location(at: 1)) == .leftToRight)
        var carets = 0
        manager.enumerateCaretOffsetsInLineFragment(at: storage.location(at: 10)) { _, _, _, _ in carets += 1 }
        #expect(carets == 18) // both edges of each of the nine characters
        #expect(
            manager.textRange(for: .line, enclosing: storage.location(at: 3)).map { try! storage.offsets(of: $0) } == 0
                ..< 9)
        #expect(
            manager.offset(from: storage.documentRange.location, to: storage.documentRange.endLocation)
                == text.utf16.count)
    }
}
