import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// A long walk lays out every other plain paragraph ahead of it on a second core: what it
/// makes must be what the walk would have made, in every script, and short walks, lines that
/// flow around exclusion paths and delegates' fragments keep to one core.
@Suite struct ParagraphLookaheadTests {
    /// Paragraphs of every script of the corpus and English, each long enough to be laid out
    /// whole through the kept-lines path (and not shared by the short-line memo), all distinct.
    private static func document(paragraphs count: Int) -> String {
        let samples = LayoutSamples.mixed.map(\.text) + [LayoutSamples.english]
        return (0 ..< count).map { index in
            var text = "\(index). " + samples[index % samples.count]
            while text.utf8.count < RepeatedParagraphLayouts.minimumLength + 8 { text += " " + samples[index % 5] }
            return text
        }.joined(separator: "\n")
    }

    /// `text` laid out whole by one long walk, ahead on a second core or not.
    private func laidOut(
        _ text: String, ahead: Bool, width: CGFloat = 260, configure: (inout TextContainer) -> Void = { _ in }
    ) -> (lines: [[LineSummary]], frames: [CGRect], manager: TextLayoutManager) {
        let storage = TextContentStorage(string: text)
        var container = TextContainer(size: CGSize(width: width, height: 0))
        configure(&container)
        let manager = TextLayoutManager(textContainer: container)
        manager.laysOutAhead = ahead
        manager.recordLayoutFailures()
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        RetainedStorages.keep(storage)
        return (lines(manager), allFragments(manager).map(\.layoutFragmentFrame), manager)
    }

    private func expectSame(_ one: [[LineSummary]], _ other: [[LineSummary]]) {
        #expect(one.count == other.count)
        let differing = Array(zip(one, other)).firstIndex { a, b in
            a.count != b.count || !zip(a, b).allSatisfy(LineSummary.same)
        }
        #expect(differing == nil, "fragment \(differing ?? -1) differs")
    }

    @Test func aLongWalkLaysOutWhatOneCoreWould() throws {
        guard ProcessInfo.processInfo.activeProcessorCount > 1 else { return }
        let text = Self.document(paragraphs: 600)
        let ahead = laidOut(text, ahead: true)
        let alone = laidOut(text, ahead: false)
        // The second core did lay paragraphs out, and they are the walk's own.
        #expect(ahead.manager.paragraphsLaidOutAhead > 100, "\(ahead.manager.paragraphsLaidOutAhead)")
        #expect(alone.manager.paragraphsLaidOutAhead == 0)
        expectSame(ahead.lines, alone.lines)
        #expect(ahead.frames == alone.frames)
        #expect(ahead.manager.usageBoundsForTextContainer == alone.manager.usageBoundsForTextContainer)
        #expect(LayoutFailureLog.errors(of: ObjectIdentifier(ahead.manager)) == [])
    }

    @Test func anEditedDocumentLaidOutAgainIsRight() throws {
        guard ProcessInfo.processInfo.activeProcessorCount > 1 else { return }
        let text = Self.document(paragraphs: 300)
        let storage = TextContentStorage(string: text)
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 260, height: 0)))
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        #expect(manager.paragraphsLaidOutAhead > 0)
        // A paragraph in the middle changes (a cluster of Kannada typed into it), then the width:
        // laid out again from what was laid out ahead, the document is what one core makes.
        let middle = (text as NSString).range(of: "\n150. ").location
        try storage.replaceContents(in: storage.textRange(for: middle + 4 ..< middle + 4)!, with: "ಕನ್ನಡ ")
        manager.textContainer.size = CGSize(width: 300, height: 0)
        manager.ensureLayoutForEntireDocument()
        let alone = laidOut(storage.string, ahead: false, width: 300)
        expectSame(lines(manager), alone.lines)
        #expect(allFragments(manager).map(\.layoutFragmentFrame) == alone.frames)
    }

    @Test func shortWalksAndLinesAroundExclusionPathsStayOnOneCore() throws {
        let text = Self.document(paragraphs: 200)
        // A screen's worth of paragraphs.
        let storage = TextContentStorage(string: text)
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 260, height: 0)))
        storage.addTextLayoutManager(manager)
        var seen = 0
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { _ in
            seen += 1
            return seen < ParagraphWalk.lookaheadAfter
        }
        #expect(manager.paragraphsLaidOutAhead == 0)
        // Lines that depend on where they are: laid out by the walk itself, and right.
        let around = laidOut(text, ahead: true) { container in
            container.exclusionPaths = [.rectangle(CGRect(x: 0, y: 40, width: 80, height: 400))]
        }
        #expect(around.manager.paragraphsLaidOutAhead == 0)
        let alone = laidOut(text, ahead: false) { container in
            container.exclusionPaths = [.rectangle(CGRect(x: 0, y: 40, width: 80, height: 400))]
        }
        expectSame(around.lines, alone.lines)
    }
}
