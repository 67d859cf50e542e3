import TextContent
import TextLayout

/// The delegate of a layout manager whose output must lose nothing (a rendered file): keeps the
/// first paragraph that could not be laid out, and passes every call on to the app's delegate.
final class LayoutFailureRecorder: TextLayoutManagerDelegate {
    /// The app's delegate, held while rendering.
    private let forwarded: (any TextLayoutManagerDelegate)?
    /// Why the first paragraph that failed could not be laid out.
    private(set) var firstFailure: TextLayoutError?

    init(forwardingTo delegate: (any TextLayoutManagerDelegate)?) {
        forwarded = delegate
    }

    func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
        in textElement: TextParagraph
    ) -> TextLayoutFragment {
        forwarded?.textLayoutManager(textLayoutManager, textLayoutFragmentFor: location, in: textElement)
            ?? TextLayoutFragment(textElement: textElement, range: textElement.elementRange)
    }

    func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
        in textElement: TextParagraph, laidOut fragment: TextLayoutFragment
    ) -> TextLayoutFragment {
        forwarded?.textLayoutManager(
            textLayoutManager, textLayoutFragmentFor: location, in: textElement, laidOut: fragment)
            ?? fragment
    }

    func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, didFailToLayOut textElement: TextParagraph, error: TextLayoutError
    ) {
        if firstFailure == nil { firstFailure = error }
        forwarded?.textLayoutManager(textLayoutManager, didFailToLayOut: textElement, error: error)
    }
}
