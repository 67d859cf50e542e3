import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Typesetting) import TextTypography
@_spi(Rendering) @testable import TextLayout

@Suite struct AttachmentLayoutTests {
    /// The U+FFFC of `attachment`, as an attributed string.
    static func attached(_ attachment: TextAttachment) -> AttributedString {
        var text = AttributedString(String(TextAttachment.character))
        text.attachment = attachment
        return text
    }

    /// A storage and a layout manager for `text` (DejaVu Sans 13 by default) in a container
    /// `width` wide without padding.
    static func layout(
        _ text: AttributedString, width: CGFloat = 300, mode: LineBreakMode = .byWordWrapping
    ) -> (TextContentStorage, TextLayoutManager) {
        let storage = TextContentStorage(attributedString: text)
        let manager = TextLayoutManager(
            textContainer: TextContainer(
                size: CGSize(width: width, height: 0), lineFragmentPadding: 0, lineBreakMode: mode))
        manager.recordLayoutFailures()
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        RetainedStorages.keep(storage)
        return (storage, manager)
    }

    /// The line of `manager`'s first paragraph that shows `offset`.
    static func line(showing offset: Int, in manager: TextLayoutManager) throws -> TextLineFragment {
        let lines = try #require(allFragments(manager).first).textLineFragments
        return try #require(lines.first { NSLocationInRange(offset, $0.characterRange) })
    }

    static func stop(_ index: Int, of line: TextLineFragment) throws -> CaretStop {
        try #require(line.caretStops.first { $0.characterIndex == index }, "no caret stop at \(index)")
    }

    static let dejaVu = try! FontMatcher.shared.match(FontRequest(FontDescriptor(family: "DejaVu Sans", size: 13))).font
        .metrics

    @Test func anAttachmentTakesItsWidthAndMakesRoomAboveTheBaseline() throws {
        let text =
            AttributedString("A picture ")
            + Self.attached(TextAttachment(bounds: CGRect(x: 0, y: 0, width: 40, height: 30)))
            + AttributedString(" in a line.")
        let index = 10
        let (_, manager) = Self.layout(text)
        let fragment = try #require(allFragments(manager).first)
        let line = try Self.line(showing: index, in: manager)
        #expect(line.baseline >= 30)
        #expect(line.typographicBounds.height >= 30 + CGFloat(Self.dejaVu.descent) - 0.01)

        let placement = try #require(line.attachmentPlacements.first)
        #expect(line.attachmentPlacements.count == 1)
        #expect(placement.characterIndex == index)
        #expect(placement.frame.size == CGSize(width: 40, height: 30))
        // On the baseline, inside the line.
        #expect(abs(placement.frame.maxY - line.baseline) < 0.001)
        #expect(placement.frame.minY >= -0.001)
        // Where the caret stops say: its leading edge before it, 40 points on after it.
        let before = try Self.stop(index, of: line), after = try Self.stop(index + 1, of: line)
        #expect(abs(after.x - before.x - 40) < 0.001)
        #expect(abs(placement.frame.minX - before.x) < 0.001)
        // One grapheme for hit testing and segments.
        #expect(line.characterIndex(for: CGPoint(x: placement.frame.minX + 5, y: line.baseline)) == index)
        #expect(line.characterIndex(for: CGPoint(x: placement.frame.maxX - 5, y: line.baseline)) == index + 1)
        let segments = line.segments(showing: index ..< index + 1)
        #expect(segments.count == 1)
        #expect(
            abs((segments.first?.minX ?? 0) - placement.frame.minX) < 0.001
                && abs((segments.first?.maxX ?? 0) - placement.frame.maxX) < 0.001)
        // No glyph is drawn for it, and the drawing surface covers it.
        #expect(!line.glyphRuns.contains { $0.clusters.contains(index) })
        let frame = placement.frame.offsetBy(dx: line.typographicBounds.minX, dy: line.typographicBounds.minY)
        #expect(fragment.renderingSurfaceBounds.contains(frame))
    }

    @Test func anAttachmentBelowTheBaselineDeepensTheLine() throws {
        let plain = try #require(
            allFragments(Self.layout(AttributedString("A line.")).1).first?.textLineFragments.first)
        let text =
            AttributedString("A ") + Self.attached(TextAttachment(bounds: CGRect(x: 0, y: -20, width: 10, height: 24)))
            + AttributedString(" line.")
        let line = try Self.line(showing: 2, in: Self.layout(text).1)
        let placement = try #require(line.attachmentPlacements.first)
        // From 4 points above the baseline to 20 below it.
        #expect(abs(placement.frame.minY - (line.baseline - 4)) < 0.001)
        #expect(abs(placement.frame.maxY - (line.baseline + 20)) < 0.001)
        #expect(abs(line.typographicBounds.height - line.baseline - 20 - CGFloat(Self.dejaVu.leading)) < 0.001)
        // Above the baseline the font is taller than the attachment: the line keeps its ascent.
        #expect(abs(line.baseline - plain.baseline) < 0.001)
        #expect(placement.frame.maxY <= line.typographicBounds.height)
    }

    @Test func aBaselineOffsetRaisesTheAttachment() throws {
        var raised = Self.attached(TextAttachment(bounds: CGRect(x: 0, y: 0, width: 10, height: 10)))
        raised.baselineOffset = 20
        let line = try Self.line(
            showing: 2, in: Self.layout(AttributedString("A ") + raised + AttributedString(" line.")).1)
        let placement = try #require(line.attachmentPlacements.first)
        #expect(abs(placement.frame.minY - (line.baseline - 30)) < 0.001)
        #expect(line.baseline >= 30)
    }

    @Test func aRightToLeftAttachmentLiesBetweenItsNeighbours() throws {
        let sentence = MixedSamples.text("ar_Arab")
        try #require(!sentence.isEmpty)
        // After the sentence's second word, in the right-to-left run.
        let words = sentence.split(separator: " ", omittingEmptySubsequences: false)
        try #require(words.count > 3)
        let head = words[0 ..< 2].joined(separator: " ") + " ", tail = " " + words[2...].joined(separator: " ")
        let index = head.utf16.count
        let text =
            AttributedString(head) + Self.attached(TextAttachment(bounds: CGRect(x: 0, y: 0, width: 40, height: 30)))
            + AttributedString(tail)
        let (_, manager) = Self.layout(text, width: 10_000)
        let line = try Self.line(showing: index, in: manager)
        let placement = try #require(line.attachmentPlacements.first)
        #expect(placement.characterIndex == index)
        #expect(placement.frame.width == 40)
        // Right to left: its leading edge (the stop before it) is its right side.
        let before = try Self.stop(index, of: line), after = try Self.stop(index + 1, of: line)
        #expect(before.isRightToLeft)
        #expect(abs(before.x - after.x - 40) < 0.001)
        #expect(abs(placement.frame.maxX - before.x) < 0.001 && abs(placement.frame.minX - after.x) < 0.001)
        // The word before it is on its right, the word after it on its left.
        let previousLetter = try Self.stop(index - 2, of: line), nextLetter = try Self.stop(index + 2, of: line)
        #expect(previousLetter.x > placement.frame.maxX)
        #expect(nextLetter.x < placement.frame.minX)
        #expect(line.characterIndex(for: CGPoint(x: placement.frame.maxX - 5, y: 0)) == index)
    }

    @Test func zeroBoundsTakeTheImageSize() throws {
        let png = TinyPNG.make(width: 23, height: 17)
        for contents in [png, (Data([1, 2, 3]) + png).dropFirst(3)] { // a slice too: its indices do not start at 0
            let text =
                AttributedString("x") + Self.attached(TextAttachment(data: contents, ofType: "public.png"))
                + AttributedString("y")
            let line = try Self.line(showing: 1, in: Self.layout(text).1)
            let placement = try #require(line.attachmentPlacements.first)
            #expect(placement.frame.size == CGSize(width: 23, height: 17))
            #expect(abs(placement.frame.maxY - line.baseline) < 0.001)
            #expect(abs(try Self.stop(2, of: line).x - Self.stop(1, of: line).x - 23) < 0.001)
        }
    }

    @Test func contentsWhoseSizeCannotBeReadTakeALineHeightSquare() throws {
        let png = TinyPNG.make(width: 23, height: 17)
        var zeroWidth = [UInt8](png)
        zeroWidth[16 ..< 20] = [0, 0, 0, 0]
        let contents: [Data?] = [
            nil, Data(), Data("not an image".utf8), png.prefix(23), Data(zeroWidth),
            Data(repeating: 0xFF, count: 4_096),
        ]
        let side = CGFloat(Self.dejaVu.lineHeight)
        for data in contents {
            let text =
                AttributedString("x") + Self.attached(TextAttachment(data: data, ofType: "public.png"))
                + AttributedString("y")
            let line = try Self.line(showing: 1, in: Self.layout(text).1)
            let placement = try #require(line.attachmentPlacements.first)
            #expect(
                abs(placement.frame.width - side) < 0.001 && abs(placement.frame.height - side) < 0.001,
                "\(String(describing: data))")
            #expect(abs(try Self.stop(2, of: line).x - Self.stop(1, of: line).x - side) < 0.001)
        }
    }

    @Test(arguments: [
        CGRect(x: 0, y: CGFloat.nan, width: 10, height: 10), CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10),
        CGRect(x: 0, y: 0, width: 1e300, height: 1e300), CGRect(x: 0, y: -1e300, width: 10, height: 10),
        CGRect(x: 0, y: 0, width: -40, height: 30), CGRect(x: 0, y: -3, width: 0, height: 0),
    ])
    func unusableBoundsDoNotTrap(_ bounds: CGRect) throws {
        let text =
            AttributedString("Before ") + Self.attached(TextAttachment(bounds: bounds)) + AttributedString(" after")
        let (_, manager) = Self.layout(text, width: 200)
        #expect(manager.layoutFailures == [])
        let lines = try #require(allFragments(manager).first).textLineFragments
        let placements = lines.flatMap(\.attachmentPlacements)
        #expect(placements.count == 1)
        for placement in placements {
            #expect(
                placement.frame.minX.isFinite && placement.frame.minY.isFinite && placement.frame.width.isFinite
                    && placement.frame.height.isFinite)
            #expect(placement.frame.width >= 0 && placement.frame.height >= 0)
        }
        #expect(lines.allSatisfy { $0.typographicBounds.height.isFinite })
    }

    @Test func anObjectReplacementCharacterWithoutAnAttachmentIsACharacter() throws {
        let plain = makeLayout("ab\u{FFFC}cd").1
        var styled = AttributedString("ab\u{FFFC}cd")
        styled.font = FontDescriptor(family: "DejaVu Sans", size: 13)
        let attributed = Self.layout(styled).1
        for manager in [plain, attributed] {
            let line = try Self.line(showing: 2, in: manager)
            #expect(line.attachmentPlacements.isEmpty)
            #expect(line.glyphRuns.contains { $0.clusters.contains(2) })
        }
        let lines = { (manager: TextLayoutManager) in allFragments(manager).flatMap(\.textLineFragments) }
        #expect(lines(plain).map(\.caretStops) == lines(attributed).map(\.caretStops))
        #expect(lines(plain).map(\.typographicBounds.height) == lines(attributed).map(\.typographicBounds.height))
    }

    @Test func linesTileAParagraphOfAttachments() throws {
        var text = AttributedString()
        var indices: [Int] = []
        for (k, word) in LayoutSamples.english.split(separator: " ").enumerated() {
            text += AttributedString(word + " ")
            if k % 3 == 0 {
                indices.append(text.utf16.count)
                text += Self.attached(
                    TextAttachment(bounds: CGRect(x: 0, y: -2, width: CGFloat(10 + 7 * k % 50), height: 16)))
            }
        }
        let length = text.utf16.count
        let (_, manager) = Self.layout(text, width: 180)
        let lines = try #require(allFragments(manager).first).textLineFragments
        #expect(lines.count > 4)
        var next = 0
        for line in lines {
            #expect(line.characterRange.location == next)
            next = line.characterRange.location + line.characterRange.length
            for placement in line.attachmentPlacements {
                #expect(NSLocationInRange(placement.characterIndex, line.characterRange))
                #expect(placement.frame.minX >= -0.001 && placement.frame.maxX <= 180.001)
                #expect(placement.frame.minY >= -0.001 && placement.frame.maxY <= line.typographicBounds.height + 0.001)
            }
        }
        #expect(next == length)
        #expect(lines.flatMap(\.attachmentPlacements).map(\.characterIndex) == indices)
    }

    @Test func anAttachmentWiderThanTheContainerIsAloneOnItsLine() throws {
        let wide = TextAttachment(bounds: CGRect(x: 0, y: 0, width: 500, height: 20))
        let text = AttributedString("Some words ") + Self.attached(wide) + AttributedString(" and more words")
        let (_, manager) = Self.layout(text, width: 200)
        let lines = try #require(allFragments(manager).first).textLineFragments
        let line = try Self.line(showing: 11, in: manager)
        let units = Array(String(text.characters).utf16)
        let others = (line.characterRange.location ..< line.characterRange.location + line.characterRange.length).filter
        { $0 != 11 }
        #expect(others.allSatisfy { units[$0] == 0x20 }, "\(line)")
        #expect(line.attachmentPlacements.first?.frame.width == 500)
        #expect(lines.count == 3)

        // Alone in its paragraph, side by side, or truncated: no trap.
        let (_, alone) = Self.layout(Self.attached(wide), width: 200)
        #expect(allFragments(alone).first?.textLineFragments.count == 1)
        let half = TextAttachment(bounds: CGRect(x: 0, y: 0, width: 150, height: 20))
        let (_, pair) = Self.layout(Self.attached(half) + Self.attached(half), width: 200)
        #expect(
            allFragments(pair).first?.textLineFragments.map(\.characterRange) == [
                NSRange(location: 0, length: 1), NSRange(location: 1, length: 1),
            ])
        let (_, truncated) = Self.layout(text, width: 200, mode: .byTruncatingTail)
        #expect(truncated.layoutFailures == [])
        #expect(allFragments(truncated).first?.textLineFragments.count == 1)
    }

    @Test func anEditNextToAnAttachmentMovesIt() throws {
        let text =
            AttributedString("Text ") + Self.attached(TextAttachment(bounds: CGRect(x: 0, y: 0, width: 40, height: 30)))
            + AttributedString(" here")
        let (storage, manager) = Self.layout(text)
        _ = allFragments(manager).map(\.textLineFragments)
        try storage.replaceContents(in: storage.textRange(for: 1 ..< 1)!, with: "yped t")
        manager.ensureLayoutForEntireDocument()
        let line = try Self.line(showing: 11, in: manager)
        let placement = try #require(line.attachmentPlacements.first)
        #expect(placement.characterIndex == 11)
        #expect(placement.frame.width == 40)
        #expect(abs(try Self.stop(12, of: line).x - Self.stop(11, of: line).x - 40) < 0.001)
    }
}

/// A valid PNG of `width` × `height` grey pixels, written byte by byte: a zlib stream of one
/// stored block, chunk CRCs and all.
private enum TinyPNG {
    static func make(width: Int, height: Int) -> Data {
        var raw: [UInt8] = []
        for _ in 0 ..< height { raw += [0] + [UInt8](repeating: 0x80, count: width) } // filter 0, then the row
        let length = UInt16(raw.count)
        let zlib: [UInt8] =
            [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            + raw + bigEndian(adler32(raw))
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 0, 0, 0, 0] // 8-bit greyscale
        return Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib)
                + chunk("IEND", []))
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0 ..< 8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
