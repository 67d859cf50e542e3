import Foundation
import OpenTextKit

/// The collapsible recipe sections of the WWDC26 session "Elevate your app's text experience
/// with TextKit" (19:22): a text view subclass that is its content storage's delegate and hides
/// the paragraphs of collapsed sections from enumeration (so from layout), and that overrides the
/// viewport layout controller's delegate methods, calling super, to find the section headings on
/// screen, which a tap toggles. A heading is a paragraph starting with "# "; its section is the
/// paragraphs after it, up to the next heading.
///
/// The seed's code, translated only where this platform names things differently:
/// - The seed's class is `TextView: UITextView, NSTextContentStorageDelegate`; the base class
///   here is itself named `TextView`, so the subclass is `CollapsibleSectionsTextView`, and the
///   delegate protocol is `TextContentManagerDelegate` (with the `_ textContentManager:`
///   parameter the seed's snippet leaves out).
/// - `textLayoutManager` is not optional here, so the seed's `guard let` is a plain `let`, and
///   the delegate's `textViewportLayoutControllerReceivedSetNeedsLayout` is a required method
///   (with a default), not an optional one: `?(` is `(`.
/// - This layout manager keeps, in its tree of paragraph heights, which paragraphs the delegate
///   hid; so a change of `collapsedSections` also invalidates the layout of the sections it
///   changed (TextKit re-asks the delegate at every enumeration).
/// - The seed elides the bodies of the three overrides (`//...`): will-layout forgets the
///   headings, configure keeps each heading's frame, did-layout hands them over in viewport
///   coordinates.
public final class CollapsibleSectionsTextView: TextView, TextContentManagerDelegate {
    /// A section heading in the viewport: the UTF-16 offset of its paragraph (the key of
    /// `collapsedSections`) and its frame in viewport coordinates.
    public struct SectionHeader: Equatable, Sendable {
        public let offset: Int
        public let frame: CGRect
    }

    /// The offsets of the headings whose sections are collapsed. As in the seed, they are
    /// offsets of the text as it is: an edit above a heading leaves them behind (an editor
    /// would move them through the edit's `TextContentChangeSet`).
    public var collapsedSections: Set<Int> = [] {
        didSet { collapsedSectionsChanged(from: oldValue) }
    }
    /// The headings laid out in the viewport at the last layout, top to bottom.
    public private(set) var sectionHeaders: [SectionHeader] = []
    /// Told after each viewport layout with `sectionHeaders` (where a container puts its
    /// disclosure triangles).
    public var onDidLayout: (([SectionHeader]) -> Void)?

    /// The collapsed sections' bodies as UTF-16 ranges, sorted: what enumeration skips.
    private var hiddenRanges: [Range<Int>] = []
    /// Headings found while laying out (container coordinates).
    private var headerFrames: [(offset: Int, frame: CGRect)] = []

    /// A view of `storage` that becomes the storage's delegate.
    public override init(storage: TextContentStorage = TextContentStorage(), layoutManager: TextLayoutManager? = nil) {
        super.init(storage: storage, layoutManager: layoutManager)
        storage.delegate = self
    }

    // Set up
    public override func textViewportLayoutControllerWillLayout(
        _ textViewportLayoutController: TextViewportLayoutController
    ) {
        super.textViewportLayoutControllerWillLayout(textViewportLayoutController)
        headerFrames.removeAll()
    }

    // Get paragraph bounds
    public override func textViewportLayoutController(
        _ textViewportLayoutController: TextViewportLayoutController,
        configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
    ) {
        super.textViewportLayoutController(
            textViewportLayoutController, configureRenderingSurfaceFor: textLayoutFragment)
        guard Self.isHeading(textLayoutFragment.textElement),
            let location = textLayoutFragment.rangeInElement?.location,
            let offset = try? textContentStorage.offset(of: location)
        else { return }
        headerFrames.append((offset, textLayoutFragment.layoutFragmentFrame))
    }

    // Share accumulated info back to ContainerView
    public override func textViewportLayoutControllerDidLayout(
        _ textViewportLayoutController: TextViewportLayoutController
    ) {
        super.textViewportLayoutControllerDidLayout(textViewportLayoutController)
        let origin = textViewportLayoutController.viewportBounds.origin
        sectionHeaders = headerFrames.map {
            SectionHeader(offset: $0.offset, frame: $0.frame.offsetBy(dx: 0, dy: -origin.y))
        }
        onDidLayout?(sectionHeaders)
    }

    // Skip layout for paragraphs marked as collapsed
    public func textContentManager(
        _ textContentManager: TextContentManager, shouldEnumerate textElement: any TextElement,
        options: TextContentManagerEnumerationOptions
    ) -> Bool {
        guard !hiddenRanges.isEmpty, let location = textElement.elementRange?.location,
            let offset = try? textContentStorage.offset(of: location)
        else { return true }
        // The first hidden range ending after the element's start (binary search).
        var low = 0, high = hiddenRanges.count
        while low < high {
            let mid = (low + high) / 2
            if hiddenRanges[mid].upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        return !(low < hiddenRanges.count && hiddenRanges[low].contains(offset))
    }

    // Handle section collapse toggling
    public func toggleSection(headerOffset: Int) {
        if collapsedSections.contains(headerOffset) {
            collapsedSections.remove(headerOffset)
        } else {
            collapsedSections.insert(headerOffset)
        }
        let textLayoutManager = self.textLayoutManager
        let textViewportLayoutController = textLayoutManager.textViewportLayoutController
        textViewportLayoutController.delegate?.textViewportLayoutControllerReceivedSetNeedsLayout(
            textViewportLayoutController)
    }

    /// A tap at `point` (viewport coordinates): toggles the section of the heading under it.
    /// Returns whether there was one.
    @discardableResult
    public func toggleSection(at point: CGPoint) -> Bool {
        guard let header = sectionHeaders.first(where: { $0.frame.contains(point) }) else { return false }
        toggleSection(headerOffset: header.offset)
        return true
    }

    /// The body of the section whose heading starts at `headerOffset`: from the end of the
    /// heading's paragraph to the start of the next heading (or the document's end). Nil when
    /// no heading starts there.
    public func sectionBody(headerOffset: Int) -> Range<Int>? {
        let storage = textContentStorage
        guard let location = storage.location(storage.documentRange.location, offsetBy: headerOffset),
            var ordinal = storage.paragraphIndex(for: location), let heading = storage.textParagraph(atIndex: ordinal),
            Self.isHeading(heading), let headingRange = heading.elementRange,
            (try? storage.offset(of: headingRange.location)) == headerOffset,
            let bodyStart = try? storage.offset(of: headingRange.endLocation)
        else { return nil }
        var bodyEnd = bodyStart
        ordinal += 1
        while let paragraph = storage.textParagraph(atIndex: ordinal), !Self.isHeading(paragraph),
            let end = paragraph.elementRange?.endLocation, let offset = try? storage.offset(of: end)
        {
            bodyEnd = offset
            ordinal += 1
        }
        return bodyStart ..< bodyEnd
    }

    private func collapsedSectionsChanged(from old: Set<Int>) {
        hiddenRanges = collapsedSections.compactMap { sectionBody(headerOffset: $0) }.filter { !$0.isEmpty }.sorted {
            $0.lowerBound < $1.lowerBound
        }
        for offset in old.symmetricDifference(collapsedSections) {
            guard let body = sectionBody(headerOffset: offset), !body.isEmpty,
                let range = textContentStorage.textRange(for: body)
            else { continue }
            textLayoutManager.invalidateLayout(for: range)
        }
    }

    static func isHeading(_ element: (any TextElement)?) -> Bool {
        guard let paragraph = element as? TextParagraph else { return false }
        return paragraph.attributedString.characters.starts(with: "# ")
    }
}
