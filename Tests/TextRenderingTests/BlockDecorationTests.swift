import Foundation
import Testing
import TextDocument
import TestFixtures
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextRendering

/// Backgrounds, quote bars, rules and table grids drawn around paragraphs, and code that does
/// not wrap.
@Suite struct BlockDecorationTests {
    func draw(_ text: AttributedString) throws -> (TextLayoutManager, ImagePixels, [TextLayoutFragment]) {
        let (_, manager) = makeLayout(text, width: 400)
        let pixels = try drawDocument(manager, scale: 1) { context in
            for fragment in fragments(of: manager) {
                BlockDecorations.draw(for: fragment, at: fragment.layoutFragmentFrame.origin, in: context)
            }
        }
        return (manager, pixels, fragments(of: manager))
    }

    @Test func aCodeBlockHasItsBackgroundAndDoesNotWrap() throws {
        var text = AttributedString(
            "Before\nlet value = someFunction(withAVeryLongArgumentName: 1, andAnotherOne: 2, andMore: 3)\nAfter")
        let code = text.range(of: "let value")!.lowerBound ..< text.range(of: "After")!.lowerBound
        text[code].paragraphStyle = ParagraphStyle(wrapsLines: false)
        text[code].blockDecoration = BlockDecoration(background: TextColor(red: 0, green: 0, blue: 1))
        let (_, pixels, fragments) = try draw(text)
        #expect(fragments.count == 3)
        #expect(fragments[1].textLineFragments.count == 1, "a code line does not wrap")
        #expect(fragments[0].textLineFragments.count == 1)
        // Blue behind the code line, margin to margin, and none behind the others.
        let blue = { (p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) in
            p.blue > 200 && p.red < 60 && p.alpha > 200
        }
        let codeFrame = fragments[1].layoutFragmentFrame
        #expect(pixels.count(in: CGRect(x: 390, y: codeFrame.minY + 2, width: 5, height: 4), where: blue) > 10)
        #expect(pixels.count(in: fragments[0].layoutFragmentFrame, where: blue) == 0)
    }

    @Test func quoteBarsARuleAndATableGrid() throws {
        var text = AttributedString("مرحبا quoted twice\n\ncell one\tcell two")
        let quote = text.range(of: "مرحبا quoted twice\n")!
        text[quote].blockDecoration = BlockDecoration(
            quoteBars: [0, 12], quoteBarColor: TextColor(red: 1, green: 0, blue: 0))
        let rule = text.range(of: "\n\n")!
        text[text.index(afterCharacter: rule.lowerBound) ..< rule.upperBound].blockDecoration = BlockDecoration(
            rule: TextColor(red: 0, green: 0.6, blue: 0))
        let row = text.range(of: "cell one\tcell two")!
        text[row].blockDecoration = BlockDecoration(
            tableColumnEdges: [0, 150, 300], tableBorderColor: TextColor(red: 0, green: 0, blue: 0))
        let (_, pixels, fragments) = try draw(text)
        #expect(fragments.count == 3)
        let red = { (p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) in
            p.red > 200 && p.green < 60 && p.alpha > 200
        }
        let quoteFrame = fragments[0].layoutFragmentFrame
        // The paragraph is right to left: its bars stand at its right edge, where its lines start
        // (inside the container's 5-point line padding).
        #expect(
            pixels.count(
                in: CGRect(x: quoteFrame.maxX - 8, y: quoteFrame.minY, width: 3, height: quoteFrame.height), where: red)
                > 5)
        #expect(
            pixels.count(
                in: CGRect(x: quoteFrame.maxX - 20, y: quoteFrame.minY, width: 3, height: quoteFrame.height), where: red
            ) > 5)
        #expect(
            pixels.count(
                in: CGRect(x: quoteFrame.maxX - 3, y: quoteFrame.minY, width: 3, height: quoteFrame.height), where: red)
                == 0)
        let green = { (p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) in
            p.green > 100 && p.red < 60 && p.alpha > 150
        }
        #expect(pixels.count(in: fragments[1].layoutFragmentFrame, where: green) > 100)
        let dark = { (p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) in p.alpha > 150 && p.red < 80 }
        let rowFrame = fragments[2].layoutFragmentFrame
        // The grid's middle line stands between the cells (edges count from the line padding).
        #expect(
            pixels.count(in: CGRect(x: 154, y: rowFrame.minY + 2, width: 2, height: rowFrame.height - 4), where: dark)
                >= Int(rowFrame.height) - 6)
    }

    @Test func anUntrustedDecorationIsRefused() throws {
        let fine =
            #"{"format": "opentextkit-document", "version": 1, "#
            + #""text":"x","runs":[{"length":1,"attributes":{"blockDecoration":{"quoteBars":[4]}}}]}"#
        #expect(try TextDocumentFormat.decode(Data(fine.utf8)).runs.first?.blockDecoration?.quoteBars == [4])
        let json =
            #"{"format": "opentextkit-document", "version": 1, "#
            + #""text":"x","runs":[{"length":1,"attributes":{"blockDecoration":{"quoteBars":[1e400]}}}]}"#
        #expect(throws: (any Error).self) { try TextDocumentFormat.decode(Data(json.utf8)) }
        let many = "[" + Array(repeating: "1", count: BlockDecoration.maximumEdges + 1).joined(separator: ",") + "]"
        let json2 =
            #"{"format": "opentextkit-document", "version": 1, "#
            + #""text":"x","runs":[{"length":1,"attributes":{"blockDecoration":{"tableColumnEdges":"#
            + many + "}}}]}"
        #expect(throws: (any Error).self) { try TextDocumentFormat.decode(Data(json2.utf8)) }
    }
}
