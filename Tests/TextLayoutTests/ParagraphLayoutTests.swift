import Foundation
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

@Suite struct ParagraphLayoutTests {
    static let texts: [String] = [LayoutSamples.english] + LayoutSamples.mixed.map(\.text)

    @Test(arguments: texts)
    func linesTileTheParagraph(_ text: String) throws {
        let (_, manager) = makeLayout(text + "\n", width: 240)
        let fragment = try #require(allFragments(manager).first)
        let lines = fragment.textLineFragments.filter { $0.characterRange.length > 0 }
        var next = 0
        var y = lines.first?.typographicBounds.minY ?? 0
        for line in lines {
            #expect(line.characterRange.location == next, "a gap or an overlap before \(line)")
            next = line.characterRange.location + line.characterRange.length
            #expect(abs(line.typographicBounds.minY - y) < 0.001, "lines must stack without gaps")
            y = line.typographicBounds.maxY
        }
        #expect(next == text.utf16.count + 1)
    }

    @Test(arguments: texts)
    func caretsRoundTripAtEveryStop(_ text: String) throws {
        let (_, manager) = makeLayout(text, width: 260)
        for line in try #require(allFragments(manager).first).textLineFragments {
            let xs = line.caretStops.map(\.x)
            #expect(Set(xs).count == xs.count, "every caret stop has its own x")
            for stop in line.caretStops {
                let point = line.locationForCharacter(at: stop.characterIndex)
                #expect(line.characterIndex(for: point) == stop.characterIndex)
            }
        }
    }

    @Test(arguments: texts)
    func everyGraphemeBoundaryHasACaretStop(_ text: String) throws {
        let (_, manager) = makeLayout(text, width: .infinity)
        let line = try #require(allFragments(manager).first?.textLineFragments.first)
        var boundaries: [Int] = []
        var offset = 0
        for character in text { boundaries.append(offset); offset += character.utf16.count }
        boundaries.append(offset)
        let stops = Set(line.caretStops.map(\.characterIndex))
        let missing = boundaries.filter { !stops.contains($0) }
        // Zero-width graphemes (joiners on their own) cannot have an x of their own.
        #expect(missing.count <= boundaries.count / 50, "missing caret stops at \(missing)")
    }

    @Test(arguments: texts)
    func noLineIsWiderThanTheContainer(_ text: String) throws {
        let width: CGFloat = 180
        let (_, manager) = makeLayout(text, width: width)
        for line in try #require(allFragments(manager).first).textLineFragments {
            for run in line.glyphRuns {
                for (index, position) in run.positions.enumerated() where !isSpace(text, run.clusters[index]) {
                    #expect(position.x >= -0.5)
                    #expect(position.x <= width + 0.5, "glyph at \(position.x) past \(width) in \(line)")
                }
            }
        }
    }

    @Test func everyScriptFindsItsFont() throws {
        for sample in LayoutSamples.mixed {
            let (_, manager) = makeLayout(sample.text, width: 400)
            for line in try #require(allFragments(manager).first).textLineFragments {
                for run in line.glyphRuns {
                    #expect(!run.glyphs.contains(0), "\(sample.tag): .notdef in \(run.font.familyName)")
                }
            }
        }
    }

    @Test func rightToLeftParagraphsStartAtTheRight() throws {
        let arabic = try #require(LayoutSamples.mixed.first { $0.tag == "ar_Arab" }).text
        let (_, manager) = makeLayout(arabic, width: 300)
        let line = try #require(allFragments(manager).first?.textLineFragments.first)
        let first = try #require(line.caretStops.first { $0.characterIndex == 0 })
        #expect(first.x > 250, "the first character of an Arabic paragraph is at the right")
    }

    @Test func alignment() throws {
        for (alignment, check) in [
            (TextAlignment.left, { (x: CGFloat) in x < 1 }), (.right, { $0 > 150 }), (.center, { $0 > 50 && $0 < 150 }),
        ] {
            var text = AttributedString("Short line")
            text.paragraphStyle = ParagraphStyle(alignment: alignment)
            let storage = TextContentStorage(attributedString: text)
            let manager = TextLayoutManager(
                textContainer: TextContainer(size: CGSize(width: 300, height: 0), lineFragmentPadding: 0))
            storage.addTextLayoutManager(manager)
            let line = try #require(allFragments(manager).first?.textLineFragments.first)
            #expect(check(line.glyphOrigin.x), "\(alignment): \(line.glyphOrigin.x)")
        }
    }

    @Test func justifiedLinesFillTheWidth() throws {
        var text = AttributedString(LayoutSamples.english)
        text.paragraphStyle = ParagraphStyle(alignment: .justified)
        let storage = TextContentStorage(attributedString: text)
        let manager = TextLayoutManager(
            textContainer: TextContainer(size: CGSize(width: 300, height: 0), lineFragmentPadding: 0))
        storage.addTextLayoutManager(manager)
        let lines = try #require(allFragments(manager).first).textLineFragments
        #expect(lines.count > 2)
        for line in lines.dropLast() {
            let rightmost =
                line.glyphRuns.flatMap { run in
                    zip(run.positions, run.clusters).filter { !isSpace(LayoutSamples.english, $0.1) }.map(\.0.x)
                }.max() ?? 0
            #expect(rightmost > 270, "a justified line reaches the right margin")
        }
    }

    @Test func exclusionPathsAreRespected() throws {
        let exclusion = CGRect(x: 100, y: 0, width: 80, height: 60)
        let (_, manager) = makeLayout(LayoutSamples.english + " " + LayoutSamples.english, width: 300) {
            $0.exclusionPaths = [.rectangle(exclusion)]
        }
        let fragment = try #require(allFragments(manager).first)
        var splitLines = 0
        for line in fragment.textLineFragments {
            let band = line.typographicBounds.offsetBy(dx: 0, dy: fragment.layoutFragmentFrame.minY)
            guard band.intersects(exclusion) else { continue }
            #expect(
                !line.typographicBounds.intersection(exclusion).width.isNormal
                    || line.typographicBounds.maxX <= exclusion.minX || line.typographicBounds.minX >= exclusion.maxX)
            for run in line.glyphRuns {
                for position in run.positions {
                    let x = line.typographicBounds.minX + position.x
                    #expect(x < exclusion.minX || x >= exclusion.maxX - 0.5, "a glyph at \(x) inside the exclusion")
                }
            }
            splitLines += 1
        }
        #expect(splitLines >= 2, "lines beside the exclusion are split into pieces on either side")
    }

    @Test func hardLineBreaksEndLines() throws {
        let (_, manager) = makeLayout("one\u{2028}two\u{2028}three", width: 500)
        let lines = try #require(allFragments(manager).first).textLineFragments
        #expect(lines.map(\.characterRange.location) == [0, 4, 8])
    }

    @Test func hardLineBreaksEndLinesWithoutWrapping() throws {
        // Unwrapped lines (a code editor's) skip measuring: only hard breaks end them.
        let arabic = try #require(LayoutSamples.mixed.first { $0.tag.hasPrefix("ar") }?.text.prefix(30))
        let text = "\u{2028}one \(arabic)\u{2028}\u{2028}" + String(repeating: "long ", count: 200) + "\u{2028}"
        for mode in [LineBreakMode.byClipping, .byTruncatingTail] {
            let (_, manager) = makeLayout(text, width: .infinity) { $0.lineBreakMode = mode }
            let lines = try #require(allFragments(manager).first).textLineFragments
            let arabicEnd: Int = 5 + arabic.utf16.count + 1
            // The break at the end of the document is followed by the extra line, for the caret.
            let expected: [Int] = [0, 1, arabicEnd, arabicEnd + 1, arabicEnd + 1002]
            #expect(lines.map(\.characterRange.location) == expected, "\(mode)")
            #expect(lines.map(\.characterRange.length).suffix(2) == [1001, 0])
        }
    }

    @Test func theExtraLineFragmentFollowsAFinalSeparator() throws {
        let (_, manager) = makeLayout("first\nlast\n", width: 300)
        let fragments = allFragments(manager)
        #expect(fragments.count == 2)
        let last = try #require(fragments.last?.textLineFragments.last)
        #expect(last.characterRange.length == 0)
        #expect(last.characterRange.location == 5)
    }

    @Test func theExtraLineFragmentFollowsAFinalLineSeparator() throws {
        // TextKit: "the last character in a document causes a line or paragraph break".
        let arabic = try #require(LayoutSamples.mixed.first { $0.tag.hasPrefix("ar") }?.text.prefix(20))
        for text in ["first\nlast\u{2028}", "\(arabic)\u{2028}", "\u{2028}"] {
            let (_, manager) = makeLayout(text, width: 300)
            let lines = try #require(allFragments(manager).last).textLineFragments
            let length = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).last).utf16.count
            #expect(lines.count == 2, "\(text.debugDescription)")
            #expect(lines.last?.characterRange == NSRange(location: length, length: 0), "\(text.debugDescription)")
            // The caret after the break is on the new line, below the one the break ends.
            let caretLine = try #require(lines.last)
            #expect(caretLine.typographicBounds.minY >= lines[0].typographicBounds.maxY)
            #expect(caretLine.caretStops.map(\.characterIndex) == [length])
        }
        // Attributed text too.
        var bold = AttributedString("bold\u{2028}")
        bold.font = FontDescriptor(family: "DejaVu Sans", size: 13, weight: .bold)
        let storage = TextContentStorage(attributedString: bold)
        let attributed = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0)))
        storage.addTextLayoutManager(attributed)
        attributed.ensureLayoutForEntireDocument()
        #expect(
            allFragments(attributed).last?.textLineFragments.map(\.characterRange) == [
                NSRange(location: 0, length: 5), NSRange(location: 5, length: 0),
            ])
        // A line separator inside the document breaks its line but adds no extra line.
        let (_, manager) = makeLayout("one\u{2028}\ntwo", width: 300)
        #expect(allFragments(manager).map { $0.textLineFragments.count } == [2, 1])
    }

    func isSpace(_ text: String, _ offset: Int) -> Bool {
        let units = Array(text.utf16)
        return offset < units.count && (units[offset] == 0x20 || units[offset] == 0x3000)
    }
}

@Suite struct LayoutBadInputTests {
    @Test(arguments: [0, -50] as [CGFloat])
    func aZeroOrNegativeWidthStillLaysOut(_ width: CGFloat) throws {
        let (_, manager) = makeLayout("Hello, שלום 😀", width: width)
        let lines = try #require(allFragments(manager).first).textLineFragments
        #expect(lines.count >= 3, "one grapheme a line when nothing fits")
    }

    @Test func aFamilyThatDoesNotExistFallsBack() throws {
        var text = AttributedString("Fallback text, ಕನ್ನಡ")
        text.font = FontDescriptor(family: "No Such Family 12345", size: 13)
        let storage = TextContentStorage(attributedString: text)
        let manager = TextLayoutManager()
        manager.recordLayoutFailures()
        storage.addTextLayoutManager(manager)
        let line = try #require(allFragments(manager).first?.textLineFragments.first)
        #expect(!line.glyphRuns.isEmpty)
        #expect(line.glyphRuns.allSatisfy { !$0.glyphs.contains(0) })
        #expect(manager.layoutFailures == [])
    }

    @Test(arguments: [0, -3, .nan, .infinity] as [Double])
    func anUnusableFontSizeIsAClearError(_ size: Double) throws {
        var text = AttributedString("Bad size")
        text.font = FontDescriptor(family: "DejaVu Sans", size: size)
        let storage = TextContentStorage(attributedString: text)
        let manager = TextLayoutManager()
        manager.recordLayoutFailures()
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        guard case .unusableFont = manager.layoutFailures?.first else {
            Issue.record("expected unusableFont, got \(String(describing: manager.layoutFailures))")
            return
        }
    }

    @Test func aLongWordWithoutBreaksBreaksBetweenGraphemes() throws {
        let word = String(repeating: "abcdefghij", count: 200)
        let (_, manager) = makeLayout(word, width: 200)
        let lines = try #require(allFragments(manager).first).textLineFragments
        #expect(lines.count > 10)
        #expect(lines.map(\.characterRange.length).reduce(0, +) == word.utf16.count)
    }
}

@Suite struct SingleParagraphRelayoutTests {
    @Test func oneParagraphLaysOutAgainLikeTheWholeDocumentDoes() throws {
        let text = LayoutSamples.english + "\n" + (LayoutSamples.mixed.first { $0.tag == "mixed" }?.text ?? "")
        let (storage, manager) = makeLayout(text, width: 260)
        let whole = allFragments(manager)
        let second = try #require(storage.textParagraph(atIndex: 1))
        let alone = try manager.layoutFragment(for: second, at: whole[1].layoutFragmentFrame.minY)
        #expect(alone.layoutFragmentFrame == whole[1].layoutFragmentFrame)
        #expect(alone.textLineFragments.map(\.characterRange) == whole[1].textLineFragments.map(\.characterRange))
    }
}

/// Foundation's `languageIdentifier` attribute reaches shaping: it picks the regional CJK font.
@Suite struct LanguageAttributeTests {
    func families(_ text: AttributedString) -> Set<String> {
        let storage = TextContentStorage(attributedString: text)
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 400, height: 0)))
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        return Set(allFragments(manager).flatMap(\.textLineFragments).flatMap(\.glyphRuns).map(\.font.familyName))
    }

    @Test func hanTakesTheFontOfItsLanguage() {
        var japanese = AttributedString("漢字の字形")
        #expect(families(japanese) == ["Noto Sans CJK JP"]) // kana in the paragraph
        japanese = AttributedString("漢字字形")
        #expect(families(japanese) == ["Noto Sans CJK SC"])
        japanese.languageIdentifier = "ja"
        #expect(families(japanese) == ["Noto Sans CJK JP"])
        var both = AttributedString("漢字 ")
        both.languageIdentifier = "zh-Hant"
        var korean = AttributedString("漢字")
        korean.languageIdentifier = "ko"
        both.append(korean)
        // One paragraph, the same ideographs in two languages: the word cache keeps them apart.
        #expect(families(both) == ["Noto Sans CJK TC", "Noto Sans CJK KR"])
    }
}
