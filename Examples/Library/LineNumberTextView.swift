import Foundation
import OpenTextKit

/// The code editor's text view of the WWDC26 session "Elevate your app's text experience with
/// TextKit" (13:33 to 17:02): a text view subclass that overrides the viewport layout
/// controller's three delegate methods, calls super in each, collects the frames of the
/// paragraphs laid out in the viewport and hands them, with the number of the first, to its
/// container (`LineNumberGutter`) after each layout.
///
/// The seed's code, translated only where this platform names things differently:
/// - The seed's class is `TextView: UITextView`; here the base class is itself named
///   `TextView`, so the subclass is `LineNumberTextView`.
/// - `NSTextViewportLayoutController`, `NSTextLayoutFragment`, `NSTextRange`,
///   `NSTextContentStorage` lose their `NS` prefix.
/// - `textLayoutManager` is not optional on this `TextView`, so `textLayoutManager?` is
///   `textLayoutManager`.
/// - The seed's did-layout snippet calls its parameter `controller` in the body; here it is the
///   parameter's name, `textViewportLayoutController`.
/// - The seed elides the bodies of will-layout and configure (`//...`): will-layout empties the
///   frames, configure appends the fragment's frame (its "Get paragraph bounds"), and the
///   starting line number is worked out in did-layout from `viewportRange`, since the session
///   says to query the controller's state only there.
public final class LineNumberTextView: TextView {
    private var lines: [CGRect] = []
    private var startingLineNumber = 0
    /// Told after each viewport layout: the number of the first paragraph laid out (1-based) and
    /// the frame of each paragraph laid out, top to bottom, in viewport coordinates (y from the
    /// top of what is shown).
    public var onDidLayout: ((Int, [CGRect]) -> Void)?

    // Set up
    public override func textViewportLayoutControllerWillLayout(
        _ textViewportLayoutController: TextViewportLayoutController
    ) {
        super.textViewportLayoutControllerWillLayout(textViewportLayoutController)
        lines.removeAll()
    }

    // Get paragraph bounds
    public override func textViewportLayoutController(
        _ textViewportLayoutController: TextViewportLayoutController,
        configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
    ) {
        super.textViewportLayoutController(
            textViewportLayoutController, configureRenderingSurfaceFor: textLayoutFragment)
        lines.append(textLayoutFragment.layoutFragmentFrame)
    }

    // Share accumulated info back to ContainerView
    public override func textViewportLayoutControllerDidLayout(
        _ textViewportLayoutController: TextViewportLayoutController
    ) {
        super.textViewportLayoutControllerDidLayout(textViewportLayoutController)
        startingLineNumber = startingLineNumber(for: textViewportLayoutController.viewportRange)
        let origin = textViewportLayoutController.viewportBounds.origin
        onDidLayout?(startingLineNumber, lines.map { $0.offsetBy(dx: 0, dy: -origin.y) })
    }

    /// The number (1-based) of the paragraph where `viewportRange` starts, counted as the seed
    /// counts it: one for each element enumerated before it (paragraphs a content manager
    /// delegate hides are not counted). Without such a delegate every paragraph is an element,
    /// and the storage's index gives the count in O(log n) (a view scrolled to the end of a
    /// 100 MB document lays out in a millisecond); with one, this walks every paragraph above
    /// the viewport, as the seed's does.
    public func startingLineNumber(for viewportRange: TextRange?) -> Int {
        guard let viewportRange,
            let storage = textLayoutManager.textContentManager as? TextContentStorage
        else {
            return 0
        }
        if storage.delegate == nil, let ordinal = storage.paragraphIndex(for: viewportRange.location) {
            return ordinal + 1
        }
        let startLocation = storage.documentRange.location
        var count = 1
        storage.enumerateTextElements(from: startLocation) { element in
            guard let range = element.elementRange else { return true }
            if range.location.compare(viewportRange.location) != .orderedAscending {
                return false
            }
            count += 1
            return true
        }
        return count
    }
}
