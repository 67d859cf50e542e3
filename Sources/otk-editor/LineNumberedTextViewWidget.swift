import Foundation
import OpenTextKit
import OpenTextKitExamples
import OpenTextKitGTK

/// The editor's text view: the seed's code editor (Examples' `LineNumberGutter` around a
/// `LineNumberTextView`, which collects the frames of the paragraphs laid out in its viewport
/// by overriding the viewport delegate's three methods) shown in the GTK widget, its numbers
/// drawn in a gutter left of the text.
final class LineNumberedTextViewWidget: TextViewWidget {
    let gutter: LineNumberGutter
    static let gutterColor = TextColor(white: 0.95)

    init(storage: TextContentStorage) {
        gutter = LineNumberGutter(textView: LineNumberTextView(storage: storage))
        super.init(textView: gutter.textView)
    }

    /// Wide enough for the largest number (eight points each side of digits of 11 points).
    var gutterWidth: CGFloat {
        let digits = String(max(1, textView.textContentStorage.paragraphCount)).count
        return 16 + CGFloat(digits) * 7
    }

    override var textContainerOrigin: CGPoint {
        CGPoint(x: gutterWidth + textContainerInset.width, y: textContainerInset.height)
    }

    override func snapshotBackground(_ snapshot: OpaquePointer, in rect: CGRect) {
        super.snapshotBackground(snapshot, in: rect)
        appendColor(Self.gutterColor, CGRect(x: 0, y: 0, width: gutterWidth, height: rect.height), to: snapshot)
        // The labels are in viewport coordinates (y from the top of what is shown); each number
        // is drawn once and kept while it scrolls.
        let view = gutter.lineNumberView
        for label in view.labels {
            let origin = CGPoint(x: label.point.x, y: label.point.y + textContainerOrigin.y)
            appendKeptDrawing(
                "line \(label.string)", bounds: CGRect(x: 0, y: 0, width: gutterWidth, height: 20), at: origin,
                to: snapshot
            ) { context in
                view.render(label, in: context, at: .zero)
            }
        }
    }
}
