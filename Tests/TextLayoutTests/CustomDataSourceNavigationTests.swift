import Foundation
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// Navigation over a data source that is not a layout manager: it asks only the
/// `TextSelectionDataSource` protocol, and the moves come out as they do over laid-out text.
@Suite struct CustomDataSourceNavigationTests {
    // Two paragraphs; the first wraps after 8 characters: "alpha be|ta gamma\n|delta".
    let source = MonospacedDataSource("alpha beta gamma\ndelta", columns: 8)
    var navigation: TextSelectionNavigation { TextSelectionNavigation(dataSource: source) }

    func caret(_ offset: Int, _ affinity: TextSelection.Affinity = .downstream) -> TextSelection {
        TextSelection(MonospacedLocation(offset: offset), affinity: affinity)
    }

    /// Where a caret at `offset` goes: its offset and affinity.
    func move(
        _ selection: TextSelection, _ direction: TextSelectionNavigation.Direction,
        _ destination: TextSelectionNavigation.Destination, extending: Bool = false
    ) -> (Int, TextSelection.Affinity)? {
        guard
            let moved = navigation.destinationSelection(
                for: selection, direction: direction, destination: destination,
                extending: extending, confined: false),
            let location = moved.textRanges.first?.location as? MonospacedLocation
        else { return nil }
        return (location.offset, moved.affinity)
    }

    func offsets(_ ranges: [TextRange]) -> [Range<Int>] {
        ranges.map { ($0.location as! MonospacedLocation).offset ..< ($0.endLocation as! MonospacedLocation).offset }
    }

    @Test func theLinesAreWhatTheSourceSays() {
        #expect(source.lines.map(\.enclosing) == [0 ..< 8, 8 ..< 17, 17 ..< 22])
        #expect(source.words.map(\.range) == [0 ..< 5, 6 ..< 10, 11 ..< 16, 17 ..< 22])
    }

    @Test func charactersWordsAndParagraphs() throws {
        #expect(move(caret(0), .forward, .character)! == (1, .downstream))
        #expect(move(caret(17), .backward, .character)! == (16, .downstream))
        #expect(move(caret(0), .forward, .word)! == (5, .downstream))
        #expect(move(caret(2), .forward, .word)! == (5, .downstream))
        #expect(move(caret(5), .forward, .word)! == (10, .downstream))
        #expect(move(caret(10), .backward, .word)! == (6, .downstream))
        #expect(move(caret(8), .backward, .word)! == (6, .downstream))
        #expect(move(caret(3), .forward, .paragraph)! == (16, .downstream))
        #expect(move(caret(20), .backward, .paragraph)! == (17, .downstream))
        #expect(move(caret(3), .forward, .document)! == (22, .downstream))
        // Right by words in a left-to-right paragraph is forward.
        #expect(move(caret(5), .right, .word)! == (10, .downstream))
    }

    @Test func lineEndsFollowTheSourcesWraps() throws {
        // The end of a wrapped line: upstream, the caret stays on that line.
        #expect(move(caret(2), .forward, .line)! == (8, .upstream))
        #expect(move(caret(8, .upstream), .backward, .line)! == (0, .downstream))
        // Downstream, the same offset is the next line's start.
        #expect(move(caret(8), .forward, .line)! == (16, .downstream))
        #expect(move(caret(12), .backward, .line)! == (8, .downstream))
    }

    @Test func leftAndRightThroughCaretOffsets() throws {
        #expect(move(caret(3), .right, .character)! == (4, .downstream))
        #expect(move(caret(7), .right, .character)! == (8, .upstream))
        // Past the end of a wrapped line: the next line's second stop (its start is the same offset).
        #expect(move(caret(8, .upstream), .right, .character)! == (9, .downstream))
        #expect(move(caret(9), .left, .character)! == (8, .downstream))
        #expect(move(caret(8), .left, .character)! == (7, .downstream))
        // Before a paragraph's break, then over it.
        #expect(move(caret(15), .right, .character)! == (16, .downstream))
        #expect(move(caret(16), .right, .character)! == (17, .downstream))
        #expect(move(caret(17), .left, .character)! == (16, .downstream))
        #expect(move(caret(22), .right, .character)! == (22, .downstream))
        // Walking right from the start visits every offset once, the wrap twice (both lines).
        var selection = caret(0)
        var visited: [Int] = [0]
        while let next = navigation.destinationSelection(
            for: selection, direction: .right, destination: .character, extending: false, confined: false),
            let location = next.textRanges[0].location as? MonospacedLocation,
            location.offset != visited.last || next.affinity != selection.affinity
        {
            visited.append(location.offset)
            selection = next
        }
        #expect(visited == Array(0 ... 22))
    }

    @Test func upAndDownKeepTheColumn() throws {
        let start = caret(3)
        let down = try #require(
            navigation.destinationSelection(
                for: start, direction: .down, destination: .character, extending: false, confined: false))
        #expect((down.textRanges[0].location as? MonospacedLocation)?.offset == 11)
        #expect(down.anchorPositionOffset == 30)
        #expect(move(down, .down, .character)! == (20, .downstream))
        #expect(move(caret(20), .up, .character)! == (11, .downstream))
        #expect(move(caret(20), .down, .character)! == (22, .downstream))
        #expect(move(caret(2), .up, .character)! == (0, .downstream))
        // A column past a short line's end stops at its end (before the break).
        let source = MonospacedDataSource("abcdefgh\nab\nabcdefgh", columns: 20)
        let navigation = TextSelectionNavigation(dataSource: source)
        let short = try #require(
            navigation.destinationSelection(
                for: caret(6), direction: .down, destination: .character, extending: false, confined: false))
        #expect((short.textRanges[0].location as? MonospacedLocation)?.offset == 11)
        let back = try #require(
            navigation.destinationSelection(
                for: short, direction: .down, destination: .character, extending: false, confined: false))
        #expect((back.textRanges[0].location as? MonospacedLocation)?.offset == 18)
    }

    @Test func extendingDeletingClickingAndGrowing() throws {
        let extended = try #require(
            navigation.destinationSelection(
                for: caret(6), direction: .forward, destination: .word, extending: true, confined: false))
        #expect(offsets(extended.textRanges) == [6 ..< 10])
        #expect(
            offsets(
                navigation.deletionRanges(
                    for: caret(5), direction: .backward, destination: .character, allowsDecomposition: false)) == [
                    4 ..< 5
                ])
        #expect(
            offsets(
                navigation.deletionRanges(
                    for: caret(10), direction: .backward, destination: .word, allowsDecomposition: false)) == [6 ..< 10]
        )
        #expect(
            offsets(
                navigation.deletionRanges(
                    for: caret(17), direction: .forward, destination: .character, allowsDecomposition: false)) == [
                    17 ..< 18
                ])
        let word = navigation.textSelection(for: .word, enclosing: caret(7))
        #expect(offsets(word.textRanges) == [6 ..< 10])
        let paragraph = navigation.textSelection(for: .paragraph, enclosing: caret(18))
        #expect(offsets(paragraph.textRanges) == [17 ..< 22])
        // A click on the second line, nearest the caret between its third and fourth characters.
        let click = navigation.textSelections(
            interactingAt: CGPoint(x: 31, y: 25), inContainerAt: MonospacedLocation(offset: 0),
            anchors: [], modifiers: [], selecting: false, bounds: .zero)
        #expect(offsets(click.flatMap(\.textRanges)) == [11 ..< 11])
        // Past a wrapped line's end: its end, upstream.
        let end = navigation.textSelections(
            interactingAt: CGPoint(x: 500, y: 5), inContainerAt: MonospacedLocation(offset: 0),
            anchors: [], modifiers: [], selecting: false, bounds: .zero)
        #expect(offsets(end.flatMap(\.textRanges)) == [8 ..< 8])
        #expect(end.first?.affinity == .upstream)
    }

    @Test func decompositionReadsTheSourcesText() throws {
        let source = MonospacedDataSource("ae\u{301}", columns: 10)
        let navigation = TextSelectionNavigation(dataSource: source)
        let ranges = navigation.deletionRanges(
            for: TextSelection(MonospacedLocation(offset: 3)), direction: .backward,
            destination: .character, allowsDecomposition: true)
        #expect(offsets(ranges) == [2 ..< 3])
    }
}
