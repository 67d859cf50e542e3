import Foundation
import OpenTextKit

/// A code editor's line numbers (TextKit's "line numbers" sample, without its O(n) count): after
/// each viewport layout, the number of every visible line and its frame. Lines that a paragraph
/// wraps onto share its number; the number comes from the content's paragraph tree, O(log n).
///
/// ```swift
/// let gutter = LineNumberGutter(storage: storage, layoutManager: layoutManager, visibleRect: rect)
/// layoutManager.textViewportLayoutController.layoutViewport()
/// for line in gutter.lines { draw("\(line.number)", at: line.frame) }
/// ```
public final class LineNumberGutter: TextViewportLayoutControllerDelegate {
    /// One visible line: its paragraph's number (1-based) and its frame, container coordinates.
    public struct Line: Equatable, Sendable {
        public let number: Int
        public let frame: CGRect
        /// Whether the line continues a paragraph (a soft wrap): gutters draw no number there.
        public let isContinuation: Bool
    }

    /// The visible lines after the last layout, top to bottom.
    public private(set) var lines: [Line] = []
    /// The number of the first visible line.
    public var firstVisibleLineNumber: Int? { lines.first?.number }
    /// What the view shows; follows the viewport's anchor after each layout.
    public var visibleRect: CGRect

    private let storage: TextContentStorage

    public init(storage: TextContentStorage, layoutManager: TextLayoutManager, visibleRect: CGRect) {
        self.storage = storage
        self.visibleRect = visibleRect
        layoutManager.textViewportLayoutController.delegate = self
    }

    public func viewportBounds(for controller: TextViewportLayoutController) -> CGRect { visibleRect }

    public func textViewportLayoutController(_ controller: TextViewportLayoutController, configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment) {}

    public func textViewportLayoutControllerDidLayout(_ controller: TextViewportLayoutController) {
        visibleRect.origin.y = controller.viewportBounds.minY
        let viewport = controller.viewportBounds
        var visible: [Line] = []
        for fragment in controller.visibleFragments {
            guard let location = fragment.rangeInElement?.location, let ordinal = storage.paragraphIndex(for: location) else { continue }
            let origin = fragment.layoutFragmentFrame.origin
            for (index, line) in fragment.textLineFragments.enumerated() {
                let frame = line.typographicBounds.offsetBy(dx: origin.x, dy: origin.y)
                guard frame.maxY > viewport.minY, frame.minY < viewport.maxY else { continue }
                visible.append(Line(number: ordinal + 1, frame: frame, isContinuation: index > 0))
            }
        }
        lines = visible
    }
}
