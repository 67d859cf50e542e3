import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// Plain paragraphs whose text comes back far apart are laid out from the lines kept the
/// second time their text was laid out: the fragments must be the ones laying out afresh gives.
@Suite struct RepeatedParagraphLayoutsTests {
    /// A paragraph of every script of the corpus, each too long for the short-line memo.
    private static let paragraphs: [String] =
        LayoutSamples.mixed.map { sample in
            var text = sample.text
            while text.utf8.count <= RecentShapedParagraphs.maximumLength { text += " " + sample.text }
            return text
        } + [LayoutSamples.english]

    /// `copies` copies of the paragraphs, one after another, the last followed by a break.
    private static func document(copies: Int) -> String {
        Array(repeating: paragraphs.joined(separator: "\n"), count: copies).joined(separator: "\n") + "\n"
    }

    /// The lines of `text` laid out with no lines kept by text, in `font`.
    private func fresh(_ text: String, width: CGFloat, font: FontDescriptor? = nil) -> [[LineSummary]] {
        let storage = TextContentStorage(string: text)
        let manager = TextLayoutManager(
            textContainer: TextContainer(size: CGSize(width: width, height: 0)), defaultFont: font)
        manager.scratch.repeatedParagraphs.limit = 0
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        #expect(manager.scratch.repeatedParagraphs.count == 0)
        return lines(manager)
    }

    /// Expects the two layouts' lines to be the same, naming the first fragment that differs.
    private func expectSame(
        _ one: [[LineSummary]], _ other: [[LineSummary]], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(one.count == other.count, sourceLocation: sourceLocation)
        let differing = Array(zip(one, other)).firstIndex { a, b in
            a.count != b.count || !zip(a, b).allSatisfy(LineSummary.same)
        }
        #expect(differing == nil, "fragment \(differing ?? -1) differs", sourceLocation: sourceLocation)
    }

    @Test func theThirdCopyIsMadeFromTheSecondsLines() throws {
        let count = Self.paragraphs.count
        let text = Self.document(copies: 3)
        let (_, manager) = makeLayout(text, width: 320)
        let fragments = allFragments(manager)
        #expect(fragments.count == 3 * count)
        // The document's last paragraph has the extra line after the final break: not kept lines.
        for index in 0 ..< count - 1 {
            let first = fragments[index], second = fragments[count + index], third = fragments[2 * count + index]
            // Seen once: nothing kept. Seen twice: kept, and the third copy shares it.
            #expect(first.shapedParagraph !== second.shapedParagraph, "paragraph \(index)")
            #expect(second.shapedParagraph === third.shapedParagraph, "paragraph \(index)")
            #expect(third.layoutFragmentFrame.size == first.layoutFragmentFrame.size)
        }
        #expect(manager.scratch.repeatedParagraphs.count == count)
        // Every line where laying out without the kept lines puts it, the extra line too.
        expectSame(lines(manager), fresh(text, width: 320))
        #expect(fragments[3 * count - 1].textLineFragments.count == fragments[count - 1].textLineFragments.count + 1)
        #expect(manager.layoutFailures == [])
    }

    @Test func anotherWidthOrFontLaysOutAgain() throws {
        let text = Self.document(copies: 4)
        let (_, manager) = makeLayout(text, width: 320)
        // Layouts released (a small kept-layout limit) are laid out again from the lines kept
        // by text, which must be the ones of the new width.
        manager.keptLayoutLimit = 600
        let kept = manager.scratch.repeatedParagraphs.count
        #expect(kept > 0)
        manager.textContainer = TextContainer(size: CGSize(width: 210, height: 0))
        manager.ensureLayoutForEntireDocument()
        expectSame(lines(manager), fresh(text, width: 210))

        // Lines kept in one font are not used in another.
        let serif = FontDescriptor(family: "DejaVu Serif", size: 15)
        manager.defaultFont = serif
        manager.ensureLayoutForEntireDocument()
        expectSame(lines(manager), fresh(text, width: 210, font: serif))
        #expect(manager.layoutFailures == [])
    }

    @Test func editingACopyChangesOnlyThatCopy() throws {
        let count = Self.paragraphs.count
        let text = Self.document(copies: 4)
        let (storage, manager) = makeLayout(text, width: 320)
        // Inside a Kannada cluster of the fourth copy, whose lines came from the kept ones.
        let kannada = try #require(
            Self.paragraphs.firstIndex { $0.unicodeScalars.contains { (0x0C80 ... 0x0CFF).contains($0.value) } })
        let target = 3 * count + kannada
        let fragment = allFragments(manager)[target]
        let start = try #require(fragment.elementOffsets?.start)
        let units = Array(Self.paragraphs[kannada].utf16)
        let inCluster = try #require((1 ..< units.count).first { (0x0CBE ... 0x0CD6).contains(units[$0]) })
        try storage.replaceContents(in: storage.range(start + inCluster ..< start + inCluster), with: "ಕ")
        manager.ensureLayoutForEntireDocument()
        let edited = storage.string
        #expect(edited.utf16.count == text.utf16.count + 1)
        expectSame(lines(manager), fresh(edited, width: 320))
        let fragments = allFragments(manager)
        #expect(fragments[target].shapedParagraph !== fragments[count + kannada].shapedParagraph)
        #expect(fragments[2 * count + kannada].shapedParagraph === fragments[count + kannada].shapedParagraph)
    }

    @Test func whatIsNotPlainOrDependsOnTheContainerIsNotKept() throws {
        let text = Self.document(copies: 3)
        // Exclusion paths make a line depend on where it is.
        let (_, excluded) = makeLayout(text, width: 320) { container in
            container.exclusionPaths = [.rectangle(CGRect(x: 0, y: 0, width: 100, height: 60))]
        }
        #expect(excluded.scratch.repeatedParagraphs.count == 0)
        // Attributes: not plain text.
        var document = AttributedString(text)
        document.kern = 1
        let storage = TextContentStorage(attributedString: document)
        let attributed = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 320, height: 0)))
        storage.addTextLayoutManager(attributed)
        attributed.ensureLayoutForEntireDocument()
        #expect(attributed.scratch.repeatedParagraphs.count == 0)
        // A document of distinct paragraphs keeps nothing.
        let (_, distinct) = makeLayout(Self.paragraphs.joined(separator: "\n"), width: 320)
        #expect(distinct.scratch.repeatedParagraphs.count == 0)
    }

    @Test func keptTextStaysWithinTheLimit() throws {
        let text = Self.document(copies: 3)
        let (storage, manager) = makeLayout("", width: 320)
        manager.keptLayoutLimit = 100
        let limit = manager.scratch.repeatedParagraphs.limit
        #expect(limit == 1_600)
        try storage.replaceContents(in: storage.documentRange, with: text)
        manager.ensureLayoutForEntireDocument()
        #expect(manager.scratch.repeatedParagraphs.cost <= limit)
        #expect(manager.scratch.repeatedParagraphs.count > 0)
        expectSame(lines(manager), fresh(text, width: 320))
        // An absurd limit keeps nothing and traps on nothing.
        manager.keptLayoutLimit = -1
        #expect(manager.scratch.repeatedParagraphs.count == 0)
        manager.keptLayoutLimit = .max
        #expect(manager.scratch.repeatedParagraphs.limit == .max)
    }

    @Test func aFullTableIsEmptiedAndLayoutGoesOn() throws {
        // More distinct texts than the smallest table (4,096 slots, half of them used) holds:
        // it is emptied at once and fills again, and every line is still where it belongs.
        // Texts coming back in a cycle longer than the table are emptied out before their
        // second sighting each time, so nothing is kept: the table stays bounded.
        let texts = (0 ..< 2_200).map { "Line \($0) of a log file that repeats: كلمات عربية and more" }
        let text = Array(repeating: texts.joined(separator: "\n"), count: 3).joined(separator: "\n")
        let storage = TextContentStorage(string: text)
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 320, height: 0)))
        manager.scratch.repeatedParagraphs.tableCapacity = 4_096
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        let table = manager.scratch.repeatedParagraphs
        #expect(table.count == 0 && table.cost == 0)
        expectSame(lines(manager), fresh(text, width: 320))

        // A cycle that fits the table: kept from the second copy on.
        let short = Array(repeating: texts.prefix(1_000).joined(separator: "\n"), count: 3).joined(separator: "\n")
        try storage.replaceContents(in: storage.documentRange, with: short)
        manager.ensureLayoutForEntireDocument()
        #expect(table.count > 900)
        expectSame(lines(manager), fresh(short, width: 320))
    }
}
