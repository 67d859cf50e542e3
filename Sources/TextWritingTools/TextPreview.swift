import Foundation
import TextAttributes

/// A picture of a piece of text for a Writing Tools animation (AppKit's `NSTextPreview`): the
/// text as drawn, where it is, and the rectangles of the text in it. A host gives one per line
/// of the range asked for; an animation moves and fades these pictures while the text under
/// them is hidden.
public struct TextPreview: Sendable, Hashable {
    /// The text drawn (a PNG of the rectangle, at the host's scale), when the host can draw;
    /// nil from a host that cannot (the frames alone still say where the text is).
    public var image: TextImage?
    /// Where the picture goes, in the host's coordinates (for an engine view, its container's).
    public var presentationFrame: CGRect
    /// The rectangles of the text itself within `presentationFrame`'s coordinates.
    public var candidateRects: [CGRect]

    public init(image: TextImage?, presentationFrame: CGRect, candidateRects: [CGRect]) {
        self.image = image
        self.presentationFrame = presentationFrame
        self.candidateRects = candidateRects
    }
}
