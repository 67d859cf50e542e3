import Foundation
import OpenTextKit

/// Collapsible sections (TextKit's "hide paragraphs" sample): a paragraph starting with "# " is
/// a heading, and collapsing it hides the paragraphs up to the next heading, through the content
/// manager's `shouldEnumerate`. Toggling lays out only what moved, and a viewport stays anchored
/// to the text it shows.
///
/// Headings are found once, when the sections are made (an editor would track them as the text
/// changes); finding a paragraph's section is O(log n).
public final class CollapsibleSections: TextContentManagerDelegate {
    /// The ordinals of the heading paragraphs, in order.
    public let headings: [Int]
    /// The headings collapsed now.
    public private(set) var collapsed: Set<Int> = []

    private let storage: TextContentStorage
    private unowned let layoutManager: TextLayoutManager

    public init(storage: TextContentStorage, layoutManager: TextLayoutManager) {
        self.storage = storage
        self.layoutManager = layoutManager
        var headings: [Int] = []
        for ordinal in 0 ..< storage.paragraphCount where Self.isHeading(storage.textParagraph(atIndex: ordinal)) {
            headings.append(ordinal)
        }
        self.headings = headings
        storage.delegate = self
    }

    /// Collapses the section of heading `ordinal`, or expands it. Returns false when `ordinal`
    /// is not a heading.
    @discardableResult
    public func toggle(headingAt ordinal: Int) -> Bool {
        guard let position = headings.firstIndex(of: ordinal) else { return false }
        if collapsed.remove(ordinal) == nil { collapsed.insert(ordinal) }
        // The section's paragraphs: after the heading, up to the next heading.
        let end = position + 1 < headings.count ? headings[position + 1] : storage.paragraphCount
        guard ordinal + 1 < end, let first = storage.textParagraph(atIndex: ordinal + 1)?.elementRange,
              let last = storage.textParagraph(atIndex: end - 1)?.elementRange,
              let range = TextRange(location: first.location, end: last.endLocation) else { return true }
        layoutManager.invalidateLayout(for: range)
        return true
    }

    public func textContentManager(_ textContentManager: TextContentManager, shouldEnumerate element: any TextElement,
                                   options: TextContentManagerEnumerationOptions) -> Bool {
        guard !collapsed.isEmpty, let location = element.elementRange?.location, let ordinal = storage.paragraphIndex(for: location) else { return true }
        // The heading at or above the paragraph (binary search).
        var low = 0, high = headings.count
        while low < high {
            let mid = (low + high) / 2
            if headings[mid] <= ordinal { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return true }
        let heading = headings[low - 1]
        return heading == ordinal || !collapsed.contains(heading)
    }

    static func isHeading(_ paragraph: TextParagraph?) -> Bool {
        guard let paragraph else { return false }
        return paragraph.attributedString.characters.starts(with: "# ")
    }
}
