import Foundation
import OpenTextKit
import OpenTextKitExamples

// The seed's two examples on a text file: `examples line-numbers FILE [Y]` prints the numbers and
// frames of the lines visible in an 800 x 600 viewport at Y; `examples collapse FILE` collapses
// the first section and prints what the viewport shows before and after; `examples bubbles FILE
// OUT` draws FILE with every paragraph starting with "> " in a chat bubble, to OUT (.png, .svg, .pdf).
let arguments = CommandLine.arguments
guard arguments.count >= 3, ["line-numbers", "collapse", "bubbles"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: examples line-numbers FILE [Y] | examples collapse FILE | examples bubbles FILE OUT\n".utf8))
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
storage.addTextLayoutManager(layoutManager)
let y = arguments.count > 3 ? Double(arguments[3]) ?? 0 : 0
let gutter = LineNumberGutter(storage: storage, layoutManager: layoutManager, visibleRect: CGRect(x: 0, y: y, width: 800, height: 600))
layoutManager.textViewportLayoutController.layoutViewport()

@MainActor func show() {
    for line in gutter.lines {
        let number = line.isContinuation ? "" : "\(line.number)"
        print(String(repeating: " ", count: max(0, 6 - number.count)) + number + String(format: " %10.1f %6.1f", line.frame.minY, line.frame.height))
    }
}
if arguments[1] == "line-numbers" {
    print("first visible line: \(gutter.firstVisibleLineNumber.map(String.init) ?? "none")")
    show()
} else {
    let sections = CollapsibleSections(storage: storage, layoutManager: layoutManager)
    guard let first = sections.headings.first else {
        print("no headings (paragraphs starting with \"# \")")
        exit(0)
    }
    show()
    sections.toggle(headingAt: first)
    layoutManager.textViewportLayoutController.layoutViewport()
    print("-- collapsed the section of line \(first + 1)")
    show()
}
