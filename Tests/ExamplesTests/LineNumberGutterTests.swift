import Foundation
import OpenTextKit
import OpenTextKitExamples
import TestFixtures
import Testing

/// The WWDC26 session's code editor: a `TextView` subclass overriding the viewport delegate's
/// methods, and the container drawing its line numbers.
@Suite struct LineNumberGutterTests {
    /// 3,000 lines of code-like text in English, Arabic, Hebrew, Thai and Kannada; every fifth a
    /// comment long enough to wrap at 500 points.
    static let lines: [String] = (0 ..< 3_000).map { index in
        let samples = ["ar_Arab", "he_Hebr", "th_Thai", "kn_Knda"].map(MixedSamples.text)
        let sample = samples[index % samples.count]
        return index % 5 == 0
            ? "// \(index): the value below, " + sample : "let value\(index) = \"\(sample.prefix(20))\""
    }
    static let text = lines.joined(separator: "\n")
    /// Where each line starts, UTF-16 offsets: the numbering the gutter must show.
    static let lineStarts: [Int] = lines.reduce(into: [0]) { starts, line in
        starts.append(starts.last! + line.utf16.count + 1)
    }

    static func lineNumber(at offset: Int) -> Int? {
        lineStarts.firstIndex(of: offset).map { $0 + 1 }
    }

    static func makeContainer(_ text: String = text) -> LineNumberGutter {
        let layoutManager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 500, height: 0)))
        let container = LineNumberGutter(
            textView: LineNumberTextView(storage: TextContentStorage(string: text), layoutManager: layoutManager))
        container.textView.visibleRect = CGRect(x: 0, y: 0, width: 500, height: 400)
        return container
    }

    /// The labels are one per paragraph laid out in the viewport, with that paragraph's number,
    /// at the top of its frame as the viewport shows it.
    static func checkLabels(of container: LineNumberGutter, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let textView = container.textView
        let controller = textView.textLayoutManager.textViewportLayoutController
        let fragments = controller.visibleFragments
        let labels = container.lineNumberView.labels
        #expect(!fragments.isEmpty, sourceLocation: sourceLocation)
        #expect(labels.count == fragments.count, sourceLocation: sourceLocation)
        #expect(
            textView.renderingSurfaces.count == fragments.count, "super configured a surface for each",
            sourceLocation: sourceLocation)
        let top = controller.viewportBounds.minY
        for (label, fragment) in zip(labels, fragments) {
            let start = try textView.textContentStorage.offset(of: try #require(fragment.rangeInElement?.location))
            #expect(label.string == Self.lineNumber(at: start).map(String.init), sourceLocation: sourceLocation)
            #expect(
                label.point == CGPoint(x: 8, y: fragment.layoutFragmentFrame.minY - top), sourceLocation: sourceLocation
            )
        }
        // The first label's paragraph reaches into the viewport; the last starts inside it.
        if let first = fragments.first, let last = fragments.last {
            #expect(first.layoutFragmentFrame.maxY > top, sourceLocation: sourceLocation)
            #expect(last.layoutFragmentFrame.minY < top + textView.visibleRect.height, sourceLocation: sourceLocation)
        }
    }

    @Test func numbersFollowTheVisibleParagraphsWhileScrollingInBigSteps() throws {
        let container = Self.makeContainer()
        let textView = container.textView
        textView.layoutIfNeeded()
        try Self.checkLabels(of: container)
        #expect(container.lineNumberView.labels.first?.string == "1")
        let height = textView.textLayoutManager.usageBoundsForTextContainer.height
        #expect(height > 40_000)
        // Measured scrolls (within 64 viewport heights), jumps placed by the estimates (farther),
        // back up, and to the end.
        for y in [3_000, 9_000, 31_000, 31_400, 1_200, height - 2_000, 20_000] as [CGFloat] {
            textView.visibleRect.origin.y = y
            #expect(textView.needsLayout)
            textView.layoutIfNeeded()
            try Self.checkLabels(of: container)
            #expect(Int(container.lineNumberView.labels.first?.string ?? "") ?? 0 > (y > 2_000 ? 20 : 0))
        }
        // To the end, as a caret put there is scrolled to.
        textView.scrollRangeToVisible(NSRange(location: textView.textContentStorage.utf16Length, length: 0))
        try Self.checkLabels(of: container)
        #expect(container.lineNumberView.labels.last?.string == "3000", "the end shows the last line")
    }

    /// A line typed at the top moves every number on screen by one; the viewport stays on the
    /// same text (its anchor moved with the edit).
    @Test func aLineTypedAboveShiftsTheNumbersByOne() throws {
        let container = Self.makeContainer()
        let textView = container.textView
        textView.visibleRect.origin.y = 20_000
        textView.layoutIfNeeded()
        let before = container.lineNumberView.labels.map(\.string)
        textView.setSelectedRange(NSRange(location: 0, length: 0))
        textView.insertText("#include <stdio.h>\n", replacementRange: NSRange(location: NSNotFound, length: 0))
        #expect(textView.needsLayout)
        textView.layoutIfNeeded()
        #expect(container.lineNumberView.labels.map(\.string) == before.map { String(Int($0)! + 1) })
    }

    /// The seed's count of the paragraphs above agrees with the storage's paragraph index at
    /// every paragraph start, in every script, and is 0 without a range.
    @Test func startingLineNumberCountsTheParagraphsAbove() throws {
        let container = Self.makeContainer()
        let storage = container.textView.textContentStorage
        for line in [0, 1, 2, 3, 4, 5, 99, 1_234, 2_999] {
            let location = try #require(
                storage.location(storage.documentRange.location, offsetBy: Self.lineStarts[line]))
            #expect(container.textView.startingLineNumber(for: TextRange(location: location)) == line + 1)
            #expect(storage.paragraphIndex(for: location) == line)
        }
        #expect(container.textView.startingLineNumber(for: nil) == 0)
    }

    /// The gutter draws each number in its row: ink beside each paragraph's first line, none
    /// left of the 8-point margin.
    @Test func theGutterInksEachNumberInItsRow() throws {
        let container = Self.makeContainer()
        container.textView.visibleRect.origin.y = 12_000
        container.textView.layoutIfNeeded()
        let surface = try DrawingSurface.image(size: CGSize(width: 48, height: 400), scale: 1)
        let context = try surface.makeContext()
        context.fillBackground(TextColor(white: 1))
        container.lineNumberView.render(in: context)
        try context.checkStatus()
        let pixels = try #require(surface.pixels())
        func inked(x: Range<Int>, y: Range<Int>) -> Bool {
            y.contains { row in
                x.contains { column in
                    let pixel = pixels[column, row]
                    return Int(pixel.red) + Int(pixel.green) + Int(pixel.blue) < 600
                }
            }
        }
        let labels = container.lineNumberView.labels
        #expect(labels.count > 3)
        for label in labels {
            let top = Int(label.point.y.rounded(.down)), bottom = Int((label.point.y + 11).rounded(.up))
            // Only the labels wholly inside the gutter.
            guard top >= 0, bottom <= 400 else { continue }
            let rows = top ..< bottom
            #expect(inked(x: 8 ..< 48, y: rows), "number \(label.string) is drawn at \(label.point.y)")
        }
        #expect(!inked(x: 0 ..< 7, y: 0 ..< 400))
    }
}
