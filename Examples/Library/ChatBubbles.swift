import Foundation
import OpenTextKit

/// A paragraph drawn in a chat bubble (the seed's `BubbleLayoutFragment`, nearly verbatim): it
/// reserves room around its lines with paddings and margins, which layout honours, and draws a
/// rounded background before the text.
public final class BubbleLayoutFragment: TextLayoutFragment, @unchecked Sendable {
    /// The bubble's colour (a light indigo, dark text stays readable on it).
    public static let bubbleColor = TextColor(red: 0.78, green: 0.78, blue: 1.0)
    /// How far the bubble stays inside the fragment's frame, so that bubbles do not touch.
    public static let gap: CGFloat = 2

    public override var leadingPadding: CGFloat { 14 }
    public override var trailingPadding: CGFloat { 40 }
    public override var topMargin: CGFloat { 8 }
    public override var bottomMargin: CGFloat { 8 }

    /// Where the bubble goes when the fragment's origin is at `point`.
    public func bubbleRect(at point: CGPoint) -> CGRect {
        CGRect(
            x: point.x + Self.gap, y: point.y + Self.gap,
            width: layoutFragmentFrame.width - trailingPadding / 2 - Self.gap,
            height: layoutFragmentFrame.height - 2 * Self.gap)
    }

    public override func draw(at point: CGPoint, in context: any TextDrawingContext) {
        // Draw the custom background, then the text on top.
        context.fill(bubbleRect(at: point), cornerRadius: 10, color: Self.bubbleColor)
        super.draw(at: point, in: context)
    }
}

/// The layout manager's delegate that gives every message (a paragraph starting with "> ")
/// a bubble, as the seed's `textLayoutManager(_:textLayoutFragmentFor:in:)` does.
///
/// ```swift
/// let bubbles = ChatBubbles()
/// layoutManager.delegate = bubbles
/// ```
public final class ChatBubbles: TextLayoutManagerDelegate {
    public init() {}

    /// Whether `textElement` is a message.
    public func isMessage(_ textElement: TextParagraph) -> Bool {
        textElement.attributedString.characters.starts(with: "> ")
    }

    public func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
        in textElement: TextParagraph
    ) -> TextLayoutFragment {
        // Return a custom fragment for the messages.
        if isMessage(textElement) {
            return BubbleLayoutFragment(textElement: textElement, range: textElement.elementRange)
        }
        return TextLayoutFragment(textElement: textElement, range: textElement.elementRange)
    }
}
