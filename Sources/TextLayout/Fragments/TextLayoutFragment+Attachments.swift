import Foundation
@_spi(Layout) import TextContent

extension TextLayoutFragment {
    /// The view providers of the fragment's attachments that are shown by views, in the order
    /// of the text (TextKit's `textAttachmentViewProviders`): made the first time they are asked
    /// for, the same objects for a fragment that only moved, and for a fragment laid out again
    /// (an edit in the paragraph) new ones unless a reuse policy or the layout manager's
    /// delegate keeps them (see `TextAttachmentViewProviderCache`). Empty for a fragment
    /// without attachments or without a layout manager.
    public var textAttachmentViewProviders: [TextAttachmentViewProvider] {
        let root = layoutRoot
        let attachments = root.attachmentOccurrences()
        guard !attachments.isEmpty, let manager = textLayoutManager else { return [] }
        let located = attachments.map {
            (attachment: $0.attachment, location: textElement.location(atOffset: $0.offset) as any TextLocation)
        }
        let providers = manager.textAttachmentViewProviderCache.providers(
            of: root, attachments: located, manager: manager)
        // A provider that sizes its attachment, laid out before it had one: the paragraph is
        // laid out again with its bounds (once for each such provider), and keeps the provider.
        if let shaped = root.shapedParagraph {
            let waiting = providers.filter { provider in
                provider.tracksTextAttachmentViewBounds && !provider.hasAskedForLayout
                    && shaped.attachments.contains {
                        $0.attachment === provider.textAttachment && !$0.hasProviderBounds
                    }
            }
            if !waiting.isEmpty {
                for provider in waiting {
                    provider.hasAskedForLayout = true
                    provider.isKeptForSizing = true
                }
                invalidateLayout()
            }
        }
        return providers
    }

    /// Where the attachment whose U+FFFC is at `location` is drawn, relative to the fragment's
    /// origin (the top-left of `layoutFragmentFrame`), y down; `.zero` when there is none there
    /// or the fragment is not laid out (TextKit's `frameForTextAttachment(at:)`).
    public func frameForTextAttachment(at location: any TextLocation) -> CGRect {
        guard let location = location as? TextContentLocation,
            let offsets = elementOffsets ?? textElement.elementOffsets,
            location.offset >= offsets.start, location.offset < offsets.contentEnd,
            let line = textLineFragment(forCharacterAt: location.offset - offsets.start)
        else { return .zero }
        let offset = location.offset - offsets.start
        guard let placement = line.attachmentPlacements.first(where: { $0.characterIndex == offset }) else {
            return .zero
        }
        return placement.frame.offsetBy(dx: line.typographicBounds.minX, dy: line.typographicBounds.minY)
    }

    /// The fragment's attachments with their paragraph offsets, in the order of the text, read
    /// from its shaping where it has one (no line objects are made).
    func attachmentOccurrences() -> [(offset: Int, attachment: TextAttachment)] {
        if let shaped = shapedParagraph {
            return shaped.attachments.map { ($0.offset, $0.attachment) }
        }
        if let sections = lineSections {
            var result: [(offset: Int, attachment: TextAttachment)] = []
            for section in sections.sections where !section.shaped.attachments.isEmpty {
                guard let first = section.lines.first, let last = section.lines.last else { continue }
                // The section's own lines, not its lookahead (the next section has those).
                let owned = first.characterRange.lowerBound ..< last.characterRange.upperBound
                for attachment in section.shaped.attachments where owned.contains(attachment.offset) {
                    result.append((attachment.offset + section.unitOffset, attachment.attachment))
                }
            }
            return result
        }
        return textLineFragments.flatMap { line in line.attachmentPlacements.map { ($0.characterIndex, $0.attachment) }
        }
    }
}
