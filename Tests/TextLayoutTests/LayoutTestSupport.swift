import Foundation
import TextContent
@testable import TextLayout

enum LayoutSamples {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// (tag, text) rows of Tests/Fixtures/mixed-sample.tsv: every script of the shared corpus.
    static let mixed: [(tag: String, text: String)] = {
        guard let text = try? String(contentsOf: fixtures.appendingPathComponent("mixed-sample.tsv"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }()

    static let english = "In the beginning God created the heaven and the earth. And the earth was without form, and void; and darkness was upon the face of the deep."
}

/// A storage and a layout manager for `text` in a container `width` wide.
func makeLayout(_ text: String, width: CGFloat = 300, configure: (inout TextContainer) -> Void = { _ in }) -> (TextContentStorage, TextLayoutManager) {
    let storage = TextContentStorage(string: text)
    var container = TextContainer(size: CGSize(width: width, height: 0))
    configure(&container)
    let manager = TextLayoutManager(textContainer: container)
    storage.addTextLayoutManager(manager)
    manager.ensureLayoutForEntireDocument()
    return (storage, manager)
}

func allFragments(_ manager: TextLayoutManager) -> [TextLayoutFragment] {
    var result: [TextLayoutFragment] = []
    manager.enumerateTextLayoutFragments(from: nil) { result.append($0); return true }
    return result
}
