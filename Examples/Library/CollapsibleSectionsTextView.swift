import Foundation
import OpenTextKit

/// The collapsible recipe sections of the WWDC26 session "Elevate your app's text experience
/// with TextKit" (19:22): a text view subclass that is its content storage's delegate and hides
/// the paragraphs of collapsed sections from enumeration (so from layout), and that overrides the
/// viewport layout controller's delegate methods, calling super, to find the section headings on
/// screen, which a tap toggles. A heading is a paragraph starting with "# " (or, with
/// `headingRule` `.presentationIntent`, one whose presentation intent is a heading: Markdown read
/// as rich text); its section is the paragraphs after it, up to the next heading.
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
/// - The seed keys collapsed sections by offsets and leaves them behind when text is edited
///   above them; here they follow the edits (as an editor needs), through an observer of the
///   content storage.
public final class CollapsibleSectionsTextView: TextView, TextContentManagerDelegate {
    /// A section heading in the viewport: the UTF-16 offset of its paragraph (the key of
    /// `collapsedSections`) and its frame in viewport coordinates.
    public struct SectionHeader: Equatable, Sendable {
        public let offset: Int
        public let frame: CGRect
    }

    /// Which paragraphs are headings.
    public enum HeadingRule: Sendable {
        /// A paragraph starting with "# " (the seed's plain text).
        case markdownPrefix
        /// A paragraph whose presentation intent is a heading of any level (Markdown read as
        /// rich text, where the "#" is gone).
        case presentationIntent
    }

    /// Which paragraphs are headings; changing it expands every section.
    public var headingRule = HeadingRule.markdownPrefix {
        didSet {
            let hidden = hiddenRanges
            isFollowingEdits = true
            collapsedSections = []
            isFollowingEdits = false
            hiddenRanges = []
            invalidateLayout(of: hidden)
            // The headings on screen are found again.
            needsLayout = true
        }
    }

    /// The offsets of the headings whose sections are collapsed. They follow edits: text
    /// inserted or deleted above a heading moves its offset, and a heading edited away (no
    /// longer a heading, or deleted) drops its section, which shows again.
    public var collapsedSections: Set<Int> = [] {
        didSet { if !isFollowingEdits { collapsedSectionsChanged(from: oldValue) } }
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
    /// Set while `collapsedSections` is moved through an edit (its ranges are made anew then).
    private var isFollowingEdits = false

    /// A view of `storage` that becomes the storage's delegate.
    public override init(storage: TextContentStorage = TextContentStorage(), layoutManager: TextLayoutManager? = nil) {
        super.init(storage: storage, layoutManager: layoutManager)
        storage.delegate = self
        storage.addTextLayoutManager(SectionsFollower(view: self))
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
        guard isHeading(textLayoutFragment.textElement),
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
            isHeading(heading), let headingRange = heading.elementRange,
            (try? storage.offset(of: headingRange.location)) == headerOffset,
            let bodyStart = try? storage.offset(of: headingRange.endLocation)
        else { return nil }
        var bodyEnd = bodyStart
        ordinal += 1
        while let paragraph = storage.textParagraph(atIndex: ordinal), !isHeading(paragraph),
            let end = paragraph.elementRange?.endLocation, let offset = try? storage.offset(of: end)
        {
            bodyEnd = offset
            ordinal += 1
        }
        return bodyStart ..< bodyEnd
    }

    /// Moves the collapsed sections through `changes`: a heading's offset goes where its
    /// paragraph went (text typed at its start stays in it). Sections whose heading is gone, and
    /// the text whose hiding changed, are laid out again.
    fileprivate func follow(_ changes: TextContentChangeSet) {
        guard !collapsedSections.isEmpty else { return }
        let hiddenBefore = Set(hiddenRanges.map { changes.transform($0) })
        isFollowingEdits = true
        collapsedSections = Set(
            collapsedSections.compactMap { offset in
                [changes.transform(offset, affinity: .upstream), changes.transform(offset, affinity: .downstream)]
                    .first { sectionBody(headerOffset: $0) != nil }
            })
        isFollowingEdits = false
        hiddenRanges = collapsedRanges()
        invalidateLayout(of: hiddenBefore.symmetricDifference(hiddenRanges))
    }

    /// Lays out `ranges` again (clamped to the text): what shows there changed.
    private func invalidateLayout(of ranges: some Sequence<Range<Int>>) {
        let length = textContentStorage.utf16Length
        for range in ranges where !range.isEmpty {
            if let textRange = textContentStorage.textRange(
                for: min(range.lowerBound, length) ..< min(range.upperBound, length))
            {
                textLayoutManager.invalidateLayout(for: textRange)
            }
        }
    }

    /// The collapsed sections' bodies, sorted.
    private func collapsedRanges() -> [Range<Int>] {
        collapsedSections.compactMap { sectionBody(headerOffset: $0) }.filter { !$0.isEmpty }.sorted {
            $0.lowerBound < $1.lowerBound
        }
    }

    private func collapsedSectionsChanged(from old: Set<Int>) {
        hiddenRanges = collapsedRanges()
        invalidateLayout(of: old.symmetricDifference(collapsedSections).compactMap { sectionBody(headerOffset: $0) })
    }

    /// Whether `element` is a heading by `headingRule`.
    public func isHeading(_ element: (any TextElement)?) -> Bool {
        guard let paragraph = element as? TextParagraph else { return false }
        switch headingRule {
        case .markdownPrefix:
            return paragraph.attributedString.characters.starts(with: "# ")
        case .presentationIntent:
            guard let intent = paragraph.attributedString.runs.first?.presentationIntent else { return false }
            return intent.components.contains {
                if case .header = $0.kind { true } else { false }
            }
        }
    }
}

/// Tells a `CollapsibleSectionsTextView` of its storage's edits (observing beside its layout
/// manager), holding it weakly.
private final class SectionsFollower: TextContentObserving {
    weak var view: CollapsibleSectionsTextView?

    init(view: CollapsibleSectionsTextView) {
        self.view = view
    }

    func textContentManager(_ textContentManager: TextContentManager, didProcess changes: TextContentChangeSet) {
        view?.follow(changes)
    }
}
