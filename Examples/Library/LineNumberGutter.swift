import Foundation
import OpenTextKit

/// The container of the WWDC26 session's code editor (its `ContainerView`, 13:33 and 17:16):
/// a `LineNumberTextView` and the view its line numbers are drawn in. After each viewport
/// layout the text view hands over the first line number and the paragraphs' frames, and the
/// container draws one number per paragraph, 8 points from the gutter's edge, at the top of
/// the paragraph's frame.
///
/// Translated from the seed: `UIView` is `LineNumberView` (it keeps the labels and draws them
/// into a `RenderingContext`); `NSString.draw(at:withAttributes:)` is
/// `LineNumberView.draw(_:at:withAttributes:)`; the attributes are an `AttributeContainer`,
/// `UIFont.monospacedSystemFont(ofSize: 11, weight: .regular)` is
/// `FontDescriptor.system(size: 11, weight: .regular, design: .monospaced)` and
/// `UIColor.secondaryLabel` a mid grey.
///
/// ```swift
/// let container = LineNumberGutter(textView: LineNumberTextView(storage: storage))
/// container.textView.visibleRect = CGRect(x: 0, y: 0, width: 600, height: 400)
/// container.textView.layoutIfNeeded()
/// for label in container.lineNumberView.labels { print(label.string, label.point.y) }
/// ```
public final class LineNumberGutter {
    public let textView: LineNumberTextView
    public let lineNumberView = LineNumberView()

    public init(textView: LineNumberTextView = LineNumberTextView()) {
        self.textView = textView
        setup()
    }

    func setup() {
        textView.onDidLayout = { [lineNumberView] startingLineNumber, lines in
            // A UIView is drawn afresh each time; this one forgets what it drew before.
            lineNumberView.removeAllLabels()
            var attributes = AttributeContainer()
            attributes.font = .system(size: 11, weight: .regular, design: .monospaced)
            attributes.foregroundColor = TextColor(white: 0.45)
            for (i, frame) in lines.enumerated() {
                let number = "\(startingLineNumber + i)"
                lineNumberView.draw(number, at: CGPoint(x: 8, y: frame.minY), withAttributes: attributes)
            }
        }
    }
}
