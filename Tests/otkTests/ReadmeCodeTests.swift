import Foundation
import OpenTextKit
import Testing

/// The README's code blocks, run here as they are written (`everyBlockIsHere` checks that each
/// one appears in this file line by line), with the names they take as given (`bookURL`, a file
/// to open, and `folder`, where to write) defined first.
@Suite struct ReadmeCodeTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each swift block of the README, its lines trimmed, blank lines and imports left out.
    static func readmeBlocks() throws -> [[String]] {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [[String]] = []
        var current: [String]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```swift") {
                current = []
            } else if line.hasPrefix("```"), let block = current {
                blocks.append(block)
                current = nil
            } else if current != nil {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty, !trimmed.hasPrefix("import ") { current!.append(trimmed) }
            }
        }
        return blocks
    }

    /// `text` without whitespace and without the trailing commas a formatter adds when it breaks
    /// a call or a collection over lines: how a block and this file are compared.
    static func normalized(_ text: String) -> String {
        String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
            .replacingOccurrences(of: ",)", with: ")").replacingOccurrences(of: ",]", with: "]")
    }

    @Test func everyBlockIsHere() throws {
        let source = Self.normalized(try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8))
        let blocks = try Self.readmeBlocks()
        #expect(blocks.count == 4)
        for block in blocks {
            #expect(
                source.contains(Self.normalized(block.joined())),
                "a README block is not run by this test: \(block.first ?? "")")
        }
    }

    @Test func theTourRuns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("otk-readme-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bookURL = URL(fileURLWithPath: folder + "/book.txt")
        try Data("Hello world, שלום\nಕನ್ನಡ 😀 مرحبا\n".utf8).write(to: bookURL)

        // Open 100 MB in about a fifth of a second: paragraphs stay as the file's bytes until touched.
        let storage = try TextContentStorage(contentsOf: bookURL)

        // Locations are opaque; offsets are UTF-16 code units, so NSRange bridges exactly.
        let start = storage.documentRange.location
        let word = storage.textRange(for: NSRange(location: 6, length: 5))!

        // Edits are grouped in transactions; layout managers hear of them once, at the end.
        var selection = [word]
        try storage.transform(updating: &selection) { // the selection follows its text
            try storage.performEditingTransaction {
                try storage.addAttributes(
                    AttributeContainer().foregroundColor(TextColor(red: 0.8, green: 0, blue: 0)), in: word)
                try storage.replaceContents(in: TextRange(location: start), with: "» ")
            }
        }

        // Paragraph elements, forward or backward, skipping those a delegate hides.
        storage.enumerateTextElements(from: nil) { element in
            let paragraph = element as! TextParagraph
            print(storage.nsRange(for: paragraph.paragraphContentRange!))
            return true
        }

        let selected = try #require(storage.attributedString(in: selection[0]))
        #expect(String(selected.characters) == "world")
        #expect(selected.foregroundColor == TextColor(red: 0.8, green: 0, blue: 0))
        #expect(storage.paragraphCount == 2)

        final class View: TextViewportLayoutControllerDelegate {
            var visibleRect = CGRect(x: 0, y: 0, width: 800, height: 600)
            func viewportBounds(for controller: TextViewportLayoutController) -> CGRect { visibleRect }
            func textViewportLayoutController(
                _ controller: TextViewportLayoutController,
                configureRenderingSurfaceFor fragment: TextLayoutFragment
            ) {
                // draw `fragment` at fragment.layoutFragmentFrame (or reuse the surface kept
                // under fragment.renderingSurfaceKey)
            }
            func textViewportLayoutControllerDidLayout(_ controller: TextViewportLayoutController) {
                visibleRect.origin.y = controller.viewportBounds.minY // follow the anchor: no jump
            }
        }
        let layoutManager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 800, height: 0)))
        storage.addTextLayoutManager(layoutManager)
        let view = View()
        layoutManager.textViewportLayoutController.delegate = view
        layoutManager.textViewportLayoutController.layoutViewport() // lays out about 30 paragraphs
        let y = layoutManager.textViewportLayoutController.relocateViewport(to: word.location)
        layoutManager.enumerateTextSegments(in: word, type: .selection) { _, rect, _, _ in
            print(rect); return true
        }

        // Or subclass the text view, its layout manager's viewport delegate, as the WWDC26 seed does.
        final class GutterView: TextView {
            var numberTops: [CGFloat] = []
            override func textViewportLayoutControllerWillLayout(_ controller: TextViewportLayoutController) {
                super.textViewportLayoutControllerWillLayout(controller)
                numberTops = []
            }
            override func textViewportLayoutController(
                _ controller: TextViewportLayoutController,
                configureRenderingSurfaceFor fragment: TextLayoutFragment
            ) {
                super.textViewportLayoutController(controller, configureRenderingSurfaceFor: fragment)
                numberTops.append(fragment.layoutFragmentFrame.minY) // where a line number goes
            }
        }
        let gutterView = GutterView(
            storage: storage,
            layoutManager: TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 800, height: 0))))
        gutterView.visibleRect = CGRect(x: 0, y: 0, width: 800, height: 600)
        gutterView.layoutIfNeeded()

        #expect(y.isFinite)
        #expect(layoutManager.textViewportLayoutController.viewportRange != nil)
        #expect(gutterView.numberTops.count == 2 && gutterView.numberTops[0] == 0)
        #expect(gutterView.renderingSurfaces.count == 2)

        // One sheet 600 pt wide as PNG at 2 pixels a point, or pages of a PDF.
        var options = DocumentRenderer.Options()
        options.scale = 2
        _ = try DocumentRenderer(options: options).render(storage, to: folder + "/out.png")
        options.pageSize = PageSize.a4.size
        let result = try DocumentRenderer(options: options).render(storage, to: folder + "/out.pdf")
        print(result.pageCount, result.linkAreas) // links and their rectangles, per page

        // Or draw fragments yourself, with the layout manager's rendering attributes over the content's.
        let surface = try DrawingSurface.image(size: CGSize(width: 600, height: 400), scale: 2)
        let context = try surface.makeContext()
        layoutManager.drawSelection(selection, in: context) // from the text segments
        layoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            fragment.draw(
                at: fragment.layoutFragmentFrame.origin, in: context,
                renderingAttributes: layoutManager.renderingAttributes(for: fragment))
            return true
        }
        try surface.writePNG(to: folder + "/fragments.png")

        // A selection that survives edits, attribute transforms, block attributes (whole paragraphs).
        var note = AttributedString("Hello مرحبا ಕನ್ನಡ 👩‍👩‍👧")
        var chosen = AttributedTextSelection(range: note.range(of: "مرحبا")!)
        note.transformAttributes(in: &chosen) { $0.underlineStyle = .single }
        note.alignment = .center
        print(chosen.attributes(in: note)[\.underlineStyle]) // what a toolbar shows
        note.replaceSelection(&chosen, withCharacters: "سلام")

        // The headless text view holds the same model, both ways in step, one undo step per change.
        let textView = TextView()
        textView.attributedText = note
        var viewSelection = AttributedTextSelection(range: textView.attributedText.range(of: "ಕನ್ನಡ")!)
        textView.transformAttributes(in: &viewSelection) { $0.foregroundColor = TextColor(red: 0, green: 0.4, blue: 0) }

        // Markdown (cmark-gfm): headings, lists, task boxes, quotes, code, tables, drawn; and back.
        let page = try TextContentStorage(
            markdown: "# Notes\n\n- [x] shaped\n\n| a | b |\n|---|--:|\n| ١ | 2 |\n", width: 600)
        _ = try DocumentRenderer().render(page, to: folder + "/notes.png")
        let parsed = try AttributedString(markdown: "**Bold**, `code` and [a link](https://example.com)")
        print(try parsed.markdown())

        // Semantic fonts, resolved in a context (text size, language) through fontconfig; layout follows.
        note.font = .body.bold()
        let larger = FontResolutionContext(dynamicTypeSize: .xxLarge)
        let resolved = FontDescriptor.body.bold().resolve(in: larger)
        print(resolved.isBold, resolved.pointSize, resolved.family) // a toolbar's bold button reads isBold
        layoutManager.fontResolutionContext = larger // the viewport is laid out again, anchored

        #expect(resolved.isBold && resolved.pointSize > FontDescriptor.body.pointSize(in: .standard))
        #expect(layoutManager.fontResolutionContext == larger)

        #expect(String(note.characters) == "Hello سلام ಕನ್ನಡ 👩‍👩‍👧")
        // Typed in the selection's attributes.
        #expect(note[note.range(of: "سلام")!].runs.allSatisfy { $0.underlineStyle == .single })
        #expect(note.runs.allSatisfy { $0.alignment == .center })
        let viewText = textView.attributedText
        #expect(
            viewText[viewText.range(of: "ಕನ್ನಡ")!].runs.allSatisfy {
                $0.foregroundColor == TextColor(red: 0, green: 0.4, blue: 0)
            })
        #expect(viewText[viewText.range(of: "Hello")!].runs.allSatisfy { $0.foregroundColor == nil })
        #expect(try parsed.markdown() == "**Bold**, `code` and [a link](https://example.com)\n")

        #expect(result.pageCount == 1)
        for name in ["out.png", "out.pdf", "fragments.png", "notes.png"] {
            let size = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int
            #expect((size ?? 0) > 1_000, "\(name)")
        }
    }
}
