import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// The layout manager keeps layout per paragraph: edits lay out only what they touched, and the
/// result is always what laying the document out from nothing gives.
@Suite struct IncrementalLayoutTests {
    /// What must agree between two layouts of the same text.
    private struct Summary: Equatable {
        var frame: CGRect
        var element: NSRange
        var lines: [NSRange]
        var lineBounds: [CGRect]
    }

    private func summary(_ manager: TextLayoutManager, _ storage: TextContentStorage) -> [Summary] {
        allFragments(manager).map { fragment in
            Summary(
                frame: fragment.layoutFragmentFrame, element: storage.nsRange(for: fragment.rangeInElement!),
                lines: fragment.textLineFragments.map(\.characterRange),
                lineBounds: fragment.textLineFragments.map(\.typographicBounds))
        }
    }

    /// Containers whose lines depend on more than the paragraph: exclusion paths make lines
    /// depend on their y, a line limit on the lines above.
    enum ContainerShape: CaseIterable, Sendable {
        case rectangle, exclusionPaths, lineLimit

        func configure(_ container: inout TextContainer) {
            switch self {
            case .rectangle: break
            case .exclusionPaths:
                container.exclusionPaths = [
                    .rectangle(CGRect(x: 140, y: 90, width: 90, height: 150)),
                    .polygon([CGPoint(x: 0, y: 300), CGPoint(x: 120, y: 380), CGPoint(x: 0, y: 460)]),
                ]
            case .lineLimit: container.maximumNumberOfLines = 9
            }
        }
    }

    @Test(arguments: ContainerShape.allCases)
    func randomEditsLayOutAsAFreshLayoutDoes(shape: ContainerShape) throws {
        var random = SplitMix64(seed: 7)
        let pieces =
            LayoutSamples.mixed.map(\.text).map { String($0.prefix(40)) } + [
                "\n", "\n", " ", "a", "\r\n", "\u{301}", "\u{2028}", "word ",
            ]
        var text = LayoutSamples.mixed.prefix(6).map(\.text).joined(separator: "\n")
        let (storage, manager) = makeLayout(text, width: 280, configure: shape.configure)
        for step in 0 ..< 150 {
            let length = text.utf16.count
            let start = Int.random(in: 0 ... length, using: &random)
            let end = min(length, start + (Bool.random(using: &random) ? 0 : Int.random(in: 0 ... 30, using: &random)))
            let replacement = Bool.random(using: &random) ? pieces.randomElement(using: &random)! : ""
            try storage.replaceContents(
                in: storage.textRange(avoidingSurrogateSplits: start ..< end), with: replacement)
            text = storage.string
            // Ask for one paragraph first, as a view does after typing, then for everything.
            if step % 3 == 0,
                let location = storage.location(storage.documentRange.location, offsetBy: min(start, text.utf16.count))
            {
                _ = manager.textLayoutFragment(for: location)
            }
            let fresh = makeLayout(text, width: 280, configure: shape.configure)
            #expect(summary(manager, storage) == summary(fresh.1, fresh.0), "step \(step)")
            #expect(manager.layoutFailures == [])
        }
    }

    /// A replace-all's many edits inside paragraphs (of every script) update only the entries of
    /// the paragraphs they touch: the others keep their lines, and everything lays out as a
    /// fresh layout of the new text does.
    @Test(arguments: ContainerShape.allCases)
    func manyEditsInsideParagraphsLayOutAsAFreshLayoutDoes(shape: ContainerShape) throws {
        var random = SplitMix64(seed: 3)
        let paragraphs = (0 ..< 5).flatMap { _ in LayoutSamples.mixed.map(\.text) + [LayoutSamples.english] }
        let text = paragraphs.joined(separator: "\n")
        let (storage, manager) = makeLayout(text, width: 280, configure: shape.configure)
        let before = allFragments(manager)
        // Edits in every other paragraph, at cluster boundaries (a word's start) and inside
        // clusters (after a first scalar), two in some.
        var ranges: [Range<Int>] = [], touched: Set<Int> = []
        var start = 0
        for (index, paragraph) in paragraphs.enumerated() {
            defer { start += paragraph.utf16.count + 1 }
            guard index % 2 == 0 else { continue }
            touched.insert(index)
            let scalars = Array(paragraph.unicodeScalars.prefix(12))
            let second = scalars.prefix(1).reduce(0) { $0 + $1.utf16.count }
            ranges.append(start ..< start + second)
            if Bool.random(using: &random) {
                let fifth = scalars.prefix(5).reduce(0) { $0 + $1.utf16.count }
                ranges.append(start + fifth ..< start + fifth)
            }
        }
        try #require(ranges.count > 64)
        let replacements = ranges.map { _ in ["Lord", "", "ಕ", "👍🏽", "\u{301}"].randomElement(using: &random)! }
        try storage.replaceContents(in: ranges, with: replacements.map { ContentSlice($0) })
        let after = allFragments(manager)
        #expect(after.count == before.count)
        // (Lines that depend on their y or on the lines above are laid out again below an edit.)
        for index in after.indices where !touched.contains(index) && shape == .rectangle {
            #expect(
                after[index].textLineFragments.first === before[index].textLineFragments.first, "paragraph \(index)")
        }
        let fresh = makeLayout(storage.string, width: 280, configure: shape.configure)
        #expect(summary(manager, storage) == summary(fresh.1, fresh.0))
        #expect(manager.layoutFailures == [])
    }

    /// The only paragraph emptied by many edits (each a character of it) goes away: the layout
    /// is that of an empty document, whatever script it was in.
    @Test(arguments: [2, 70])
    func emptyingTheOnlyParagraphWithManyEditsLaysOutAsAnEmptyDocument(count: Int) throws {
        for character in ["a", "ಕ", "ب"] {
            let text = String(repeating: character, count: count)
            let (storage, manager) = makeLayout(text, width: 280)
            let ranges = (0 ..< count).map { $0 ..< $0 + 1 }
            try storage.replaceContents(in: ranges, with: ranges.map { _ in ContentSlice("") })
            #expect(storage.utf16Length == 0)
            manager.ensureLayout(for: storage.documentRange)
            let fresh = makeLayout("", width: 280)
            fresh.1.ensureLayout(for: fresh.0.documentRange)
            #expect(
                manager.usageBoundsForTextContainer == fresh.1.usageBoundsForTextContainer, "\(character) x\(count)")
            #expect(summary(manager, storage) == summary(fresh.1, fresh.0))
        }
    }

    @Test func anEditLaysOutOnlyItsParagraph() throws {
        let text = (0 ..< 20).map { "Paragraph \($0): " + LayoutSamples.english }.joined(separator: "\n")
        let (storage, manager) = makeLayout(text, width: 300)
        let before = allFragments(manager)
        let tenth = try #require(storage.textParagraph(atIndex: 10)?.elementRange)
        try storage.replaceContents(
            in: TextRange(location: tenth.location), with: "New words and more new words that wrap onto another line. ")
        let after = allFragments(manager)
        #expect(after.count == before.count)
        for index in after.indices where index != 10 {
            // Kept: the same lines (moved below the edit, not laid out again).
            #expect(
                after[index].textLineFragments.first === before[index].textLineFragments.first, "paragraph \(index)")
        }
        #expect(after[10].textLineFragments.first !== before[10].textLineFragments.first)
        let grown = after[10].layoutFragmentFrame.height - before[10].layoutFragmentFrame.height
        #expect(grown > 0)
        #expect(after[11].layoutFragmentFrame.minY == before[11].layoutFragmentFrame.minY + grown)
        #expect(after[19].rangeInElement == storage.textParagraph(atIndex: 19)?.elementRange)
    }

    @Test func linesAroundAnExclusionFollowItWhenAnEditAboveMovesThem() throws {
        let exclusion = CGRect(x: 120, y: 60, width: 120, height: 80)
        let configure: (inout TextContainer) -> Void = { $0.exclusionPaths = [.rectangle(exclusion)] }
        let body = [LayoutSamples.english, MixedSamples.text("ar_Arab"), MixedSamples.text("kn_Knda")].joined(
            separator: "\n")
        let (storage, manager) = makeLayout(body, width: 360, configure: configure)
        // Three short paragraphs above push every line down by three lines' heights.
        try storage.replaceContents(in: storage.textRange(for: 0 ..< 0)!, with: "one\ntwo\nthree\n")
        let fresh = makeLayout(storage.string, width: 360, configure: configure)
        #expect(summary(manager, storage) == summary(fresh.1, fresh.0))
        for fragment in allFragments(manager) {
            for line in fragment.textLineFragments {
                let bounds = line.typographicBounds.offsetBy(
                    dx: fragment.layoutFragmentFrame.minX, dy: fragment.layoutFragmentFrame.minY)
                #expect(
                    !bounds.insetBy(dx: 0.5, dy: 0.5).intersects(exclusion), "a line runs into the exclusion: \(bounds)"
                )
            }
        }
    }

    @Test func maximumNumberOfLinesLimitsTheContainerNotEachParagraph() throws {
        let text = ["one", "two", LayoutSamples.english, MixedSamples.text("ar_Arab"), "five"].joined(separator: "\n")
        let (storage, manager) = makeLayout(text, width: 300) { $0.maximumNumberOfLines = 4 }
        let lines = allFragments(manager).map(\.textLineFragments.count)
        #expect(lines.reduce(0, +) == 4)
        #expect(lines[0] == 1 && lines[1] == 1 && lines[2] == 2)
        #expect(lines[3] == 0 && lines[4] == 0)
        #expect(manager.usageBoundsForTextContainer.height == allFragments(manager)[2].layoutFragmentFrame.maxY)
        // Joining the first two paragraphs frees a line for the English one.
        try storage.replaceContents(in: storage.textRange(for: 3 ..< 4)!, with: " ")
        #expect(allFragments(manager).map(\.textLineFragments.count) == [1, 3, 0, 0])
        // A fragment asked for on its own knows the lines above it.
        let last = try #require(storage.textParagraph(atIndex: 3)?.elementRange)
        #expect(manager.textLayoutFragment(for: last.location)?.textLineFragments.count == 0)
    }

    @Test func aNewWidthReusesTheShaping() throws {
        let text = LayoutSamples.mixed.map(\.text).joined(separator: "\n")
        let (storage, manager) = makeLayout(text, width: 400)
        let before = allFragments(manager).map { $0.textLineFragments.first?.shaped }
        manager.textContainer = TextContainer(size: CGSize(width: 200, height: 0))
        let after = allFragments(manager)
        #expect(zip(before, after).allSatisfy { $0 === $1.textLineFragments.first?.shaped })
        let fresh = makeLayout(text, width: 200)
        #expect(summary(manager, storage) == summary(fresh.1, fresh.0))
    }

    @Test func paragraphsJoinAndSplit() throws {
        let (storage, manager) = makeLayout("first\nsecond\nthird\n", width: 300)
        #expect(allFragments(manager).count == 3)
        try storage.replaceContents(in: storage.textRange(for: 5 ..< 6)!, with: "") // join first and second
        #expect(allFragments(manager).count == 2)
        try storage.replaceContents(in: storage.textRange(for: 2 ..< 2)!, with: "\n\n") // split the first in three
        #expect(allFragments(manager).count == 4)
        try storage.replaceContents(in: storage.textRange(for: 0 ..< storage.utf16Length)!, with: "")
        #expect(allFragments(manager).count <= 1)
        try storage.replaceContents(in: storage.textRange(for: 0 ..< 0)!, with: "مرحبا\nhello")
        let fresh = makeLayout("مرحبا\nhello", width: 300)
        #expect(summary(manager, storage) == summary(fresh.1, fresh.0))
    }
}
