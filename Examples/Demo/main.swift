import Foundation
import OpenTextKit
import OpenTextKitExamples

// The seed's examples on a text file, the WWDC26 session's two text view subclasses first:
// `examples line-numbers FILE [Y] [PNG]` prints the line numbers the gutter draws for the
// paragraphs visible in an 800 x 600 viewport scrolled to Y (and draws gutter and text into PNG);
// `examples collapse FILE` collapses the first section (paragraphs after a "# " heading) and
// prints what the viewport shows before, after, and once it is expanded again; `examples bubbles
// FILE OUT` draws FILE with every paragraph starting with "> " in a chat bubble, to OUT (.png,
// .svg, .pdf).
let arguments = CommandLine.arguments
guard arguments.count >= 3, ["line-numbers", "collapse", "bubbles"].contains(arguments[1]) else {
    FileHandle.standardError.write(
        Data("usage: examples line-numbers FILE [Y] [PNG] | examples collapse FILE | examples bubbles FILE OUT\n".utf8))
    exit(2)
}
let storage: TextContentStorage
do {
    storage = try TextContentStorage(contentsOf: URL(fileURLWithPath: arguments[2]))
} catch {
    FileHandle.standardError.write(Data("\(arguments[2]): \(error)\n".utf8))
    exit(1)
}
if arguments[1] == "bubbles" {
    guard arguments.count >= 4 else {
        FileHandle.standardError.write(Data("usage: examples bubbles FILE OUT\n".utf8))
        exit(2)
    }
    let bubbles = ChatBubbles()
    var options = DocumentRenderer.Options()
    options.layoutManagerDelegate = bubbles
    do {
        let result = try DocumentRenderer(options: options).render(storage, to: arguments[3])
        print("wrote \(arguments[3]): \(Int(result.size.width)) x \(Int(result.size.height)) pt")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("\(arguments[3]): \(error)\n".utf8))
        exit(1)
    }
}
let layoutManager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 800, height: 0)))
let viewport = CGSize(width: 800, height: 600)

/// The first words of a paragraph, for printing.
func opening(_ fragment: TextLayoutFragment) -> String {
    String(String(fragment.textElement.attributedString.characters).trimmingCharacters(in: .newlines).prefix(60))
}

if arguments[1] == "line-numbers" {
    let y = arguments.count > 3 ? Double(arguments[3]) ?? 0 : 0
    let container = LineNumberGutter(textView: LineNumberTextView(storage: storage, layoutManager: layoutManager))
    let textView = container.textView
    textView.visibleRect = CGRect(origin: CGPoint(x: 0, y: y), size: viewport)
    textView.layoutIfNeeded()
    print(
        "viewport at y \(String(format: "%.1f", textView.visibleRect.minY)), \(textView.renderingSurfaces.count) "
            + "surfaces"
    )
    for (label, surface) in zip(container.lineNumberView.labels, textView.renderingSurfaces) {
        print(
            String(repeating: " ", count: max(0, 7 - label.string.count)) + label.string
                + String(format: " %8.1f  ", label.point.y) + opening(surface.textLayoutFragment))
    }
    if arguments.count > 4 {
        // The gutter 48 points wide, the text beside it, as the container shows them.
        do {
            let gutterWidth: CGFloat = 48
            let surface = try DrawingSurface.image(
                size: CGSize(width: viewport.width + gutterWidth, height: viewport.height), scale: 1)
            let context = try surface.makeContext()
            context.fillBackground(TextColor(white: 1))
            context.fill(CGRect(x: 0, y: 0, width: gutterWidth, height: viewport.height), color: TextColor(white: 0.95))
            container.lineNumberView.render(in: context)
            context.translate(by: CGPoint(x: gutterWidth, y: -textView.visibleRect.minY))
            textView.draw(textView.visibleRect, in: context)
            try context.checkStatus()
            try surface.writePNG(to: arguments[4])
            print("wrote \(arguments[4])")
        } catch {
            FileHandle.standardError.write(Data("\(arguments[4]): \(error)\n".utf8))
            exit(1)
        }
    }
} else {
    let textView = CollapsibleSectionsTextView(storage: storage, layoutManager: layoutManager)
    textView.visibleRect = CGRect(origin: .zero, size: viewport)
    func show(_ title: String) {
        textView.layoutIfNeeded()
        print("-- \(title)")
        for surface in textView.renderingSurfaces {
            print(
                String(format: "%8.1f  ", surface.frame.minY - textView.visibleRect.minY)
                    + opening(surface.textLayoutFragment))
        }
    }
    show("as written")
    guard let first = textView.sectionHeaders.first else {
        print("no headings (paragraphs starting with \"# \") on screen")
        exit(0)
    }
    // A tap on the first heading collapses its section, a second expands it.
    textView.toggleSection(at: CGPoint(x: first.frame.midX, y: first.frame.midY))
    show("collapsed the section at offset \(first.offset)")
    textView.toggleSection(at: CGPoint(x: first.frame.midX, y: first.frame.midY))
    show("expanded it again")
}
