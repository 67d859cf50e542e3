import Foundation
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// Up and down through what layout does to lines: paragraphs a delegate hides, and lines that
/// flow around an exclusion path.
@Suite struct VerticalNavigationTests {
    func offset(_ selection: TextSelection?, _ storage: TextContentStorage) -> Int? {
        selection.flatMap { try? storage.offset(of: $0.textRanges[0].location) }
    }

    /// Down from the top visits every shown line once, never a hidden paragraph's text, and up
    /// comes back the same way.
    @Test func upAndDownSkipHiddenParagraphs() throws {
        let text = (0 ..< 12).map { index in
            index % 3 == 1
                ? "» hidden \(index) " + LayoutSamples.english
                : (index % 3 == 2 ? "مرحبا \(index) ಕನ್ನಡ ไทย" : "Shown \(index) " + LayoutSamples.english)
        }.joined(separator: "\n")
        let storage = TextContentStorage(string: text)
        let delegate = MarkerHidingDelegate()
        delegate.marker = "»"
        storage.delegate = delegate
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0)))
        storage.addTextLayoutManager(manager)
        let hidden: [Range<Int>] = (0 ..< 12).compactMap { index in
            guard index % 3 == 1, let range = storage.textParagraph(atIndex: index)?.elementRange else { return nil }
            return try? storage.offsets(of: range)
        }
        let lineCount = allFragments(manager).reduce(0) { $0 + $1.textLineFragments.count }
        let navigation = manager.textSelectionNavigation
        var selection = TextSelection(storage.location(at: 2))
        var visited: [CGFloat] = []
        for _ in 0 ..< lineCount + 3 {
            guard
                let moved = navigation.destinationSelection(
                    for: selection, direction: .down, destination: .character, extending: false, confined: false),
                let caret = offset(moved, storage), caret != offset(selection, storage)
            else { break }
            #expect(
                !hidden.contains { $0.lowerBound < caret && caret < $0.upperBound },
                "down landed in hidden text at \(caret)")
            var y: CGFloat = -1
            manager.enumerateTextSegments(in: TextRange(location: storage.location(at: caret)), type: .standard) {
                _, rect, _, _ in
                y = rect.midY
                return false
            }
            visited.append(y)
            selection = moved
        }
        // One stop a shown line after the first (the last move goes to the document's end).
        #expect(visited.count >= lineCount - 1)
        #expect(zip(visited, visited.dropFirst()).allSatisfy { $0 <= $1 }, "\(visited)")
        var back = 0
        while let moved = navigation.destinationSelection(
            for: selection, direction: .up, destination: .character, extending: false, confined: false),
            let caret = offset(moved, storage), caret != offset(selection, storage), back < lineCount + 3
        {
            #expect(
                !hidden.contains { $0.lowerBound < caret && caret < $0.upperBound },
                "up landed in hidden text at \(caret)")
            selection = moved
            back += 1
        }
        #expect(offset(selection, storage) == 0)
    }

    /// Around an exclusion rectangle each line is shorter; down goes one line at a time, keeps
    /// the column where a line reaches it, and the caret never stands inside the exclusion.
    @Test func downAroundAnExclusionPath() throws {
        let exclusion = CGRect(x: 0, y: 40, width: 120, height: 80)
        let text = LayoutSamples.english + " " + LayoutSamples.english + " مرحبا بالعالم " + LayoutSamples.english
        let (storage, manager) = makeLayout(text, width: 320) { $0.exclusionPaths = [.rectangle(exclusion)] }
        let lines = try #require(allFragments(manager).first?.textLineFragments)
        #expect(lines.count > 6)
        let navigation = manager.textSelectionNavigation
        var selection = TextSelection(storage.location(at: 0))
        // A column to the right of the exclusion.
        selection = try #require(
            navigation.destinationSelection(
                for: selection, direction: .forward, destination: .word, extending: false, confined: false))
        var lineTops: [CGFloat] = []
        for _ in 0 ..< lines.count + 2 {
            guard
                let moved = navigation.destinationSelection(
                    for: selection, direction: .down, destination: .character, extending: false, confined: false),
                let caret = offset(moved, storage), caret != offset(selection, storage)
            else { break }
            var rect = CGRect.null
            manager.enumerateTextSegments(
                in: TextRange(location: storage.location(at: caret)), type: .standard,
                options: moved.affinity == .upstream ? .upstreamAffinity : []
            ) { _, segment, _, _ in
                rect = segment
                return false
            }
            #expect(
                !exclusion.insetBy(dx: 0.5, dy: 0.5).contains(CGPoint(x: rect.minX, y: rect.midY)),
                "caret at \(rect) inside the exclusion")
            lineTops.append(rect.minY)
            selection = moved
        }
        // Every line once, top to bottom (down on the last line goes to the document's end on it).
        if lineTops.count > 1, lineTops[lineTops.count - 1] == lineTops[lineTops.count - 2] { lineTops.removeLast() }
        #expect(lineTops.count == lines.count - 1)
        #expect(zip(lineTops, lineTops.dropFirst()).allSatisfy { $0 < $1 }, "\(lineTops)")
    }
}
