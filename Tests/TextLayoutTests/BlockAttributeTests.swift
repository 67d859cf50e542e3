import Foundation
import Testing
import TextDocument
import TextContent
@_spi(Rendering) @testable import TextLayout

/// `alignment`, `lineHeight` and `writingDirection` on an AttributedString, as SwiftUI's rich
/// text sets them, lay out as the paragraph style would, and they and `paragraphStyle` are one
/// model in the storage.
@Suite struct BlockAttributeTests {
    static let paragraphs = ["Hello world, a short line.", "مرحبا بالعالم", "ಕನ್ನಡ ನುಡಿ", "ภาษาไทย 👩‍👩‍👧"]

    func layOut(_ text: AttributedString, width: CGFloat = 400) -> (TextContentStorage, TextLayoutManager) {
        let storage = TextContentStorage(attributedString: text)
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: width, height: 0)))
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        RetainedStorages.keep(storage)
        return (storage, manager)
    }

    /// The x where each paragraph's first line starts and its width, in container coordinates.
    func firstLines(_ manager: TextLayoutManager) -> [(x: CGFloat, width: CGFloat, height: CGFloat)] {
        allFragments(manager).compactMap { fragment in
            guard let line = fragment.textLineFragments.first else { return nil }
            let ink = line.caretStops.map(\.x)
            guard let left = ink.min(), let right = ink.max() else { return nil }
            return (
                fragment.layoutFragmentFrame.minX + line.typographicBounds.minX + left, right - left,
                line.typographicBounds.height
            )
        }
    }

    @Test func alignmentCentresEveryParagraph() throws {
        var text = AttributedString(Self.paragraphs.joined(separator: "\n"))
        text.alignment = .center
        let (storage, manager) = layOut(text)
        let lines = firstLines(manager)
        #expect(lines.count == Self.paragraphs.count)
        for line in lines {
            // Centred: as much space on the left as on the right.
            #expect(abs(line.x - (400 - (line.x + line.width))) < 1.5, "\(line)")
        }
        // One model: every paragraph's style in the storage says centre.
        for run in storage.attributedString.runs {
            #expect(run.paragraphStyle?.alignment == .center)
            #expect(run.alignment == .center)
        }
    }

    @Test func writingDirectionSetsTheBaseDirection() throws {
        var text = AttributedString("Hello world\nמשפט עברי")
        text.writingDirection = .rightToLeft
        let (_, manager) = layOut(text)
        for fragment in allFragments(manager) {
            let line = try #require(fragment.textLineFragments.first)
            #expect(line.paragraphIsRightToLeft)
        }
        // Natural alignment follows the base direction: the English line sits at the right.
        let english = try #require(firstLines(manager).first)
        #expect(english.x + english.width > 390)
        #expect(english.x > 200)
    }

    @Test func lineHeightSetsTheDistanceBetweenBaselines() throws {
        var text = AttributedString(Self.paragraphs.joined(separator: "\n"))
        text.lineHeight = .exact(points: 32)
        let (_, manager) = layOut(text)
        for line in firstLines(manager) {
            #expect(abs(line.height - 32) < 0.01, "\(line)")
        }
    }

    @Test func theBlockAttributeWinsOverTheStyleAndIsWrittenIntoIt() throws {
        var text = AttributedString("Right by style, centred by attribute\nRight by style only")
        text.paragraphStyle = ParagraphStyle(alignment: .right, paragraphSpacing: 4)
        let firstParagraph = text.range(of: "Right by style, centred by attribute")!
        text[firstParagraph].alignment = .center
        let (storage, manager) = layOut(text)
        let styles = storage.attributedString.runs.map(\.paragraphStyle)
        #expect(styles.first??.alignment == .center)
        #expect(styles.first??.paragraphSpacing == 4)
        #expect(styles.last??.alignment == .right)
        let lines = firstLines(manager)
        #expect(abs(lines[0].x - (400 - lines[0].x - lines[0].width)) < 1.5)
        #expect(lines[1].x + lines[1].width > 390) // the right margin less the line padding
        // The document format keeps what the paragraph shows.
        let data = try TextDocumentFormat.encode(storage.attributedString)
        let decoded = try TextDocumentFormat.decode(data)
        #expect(decoded.runs.first?.paragraphStyle?.alignment == .center)
    }

    @Test func typedTextAndNewParagraphsKeepTheBlockAttributes() throws {
        var text = AttributedString("ಕನ್ನಡ centred")
        text.alignment = .center
        text.lineHeight = .multiple(factor: 2)
        let (storage, _) = layOut(text)
        try storage.replaceContents(
            in: storage.range(storage.utf16Length ..< storage.utf16Length), with: " more\nمرحبا")
        #expect(storage.paragraphCount == 2)
        for run in storage.attributedString.runs {
            #expect(run.paragraphStyle?.alignment == .center)
            #expect(run.paragraphStyle?.lineHeight == .multiple(factor: 2))
        }
        // Setting a block attribute later through the storage rewrites the style too.
        try storage.transformAttributes(in: storage.range(0 ..< 3)) { $0.alignment = .right }
        #expect(storage.attributedString.runs.first?.paragraphStyle?.alignment == .right)
        #expect(storage.attributedString.runs.last?.paragraphStyle?.alignment == .center)
    }
}
