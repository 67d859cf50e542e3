import Foundation
import TestFixtures
import Testing
import TextContent
import TextEditing
import TextLayout

/// A view an attachment shows: it keeps what was typed into it, as a GTK entry would.
final class EntryView {
    var typed = ""
}

/// Loads an `EntryView`.
class EntryProvider: TextAttachmentViewProvider, @unchecked Sendable {
    override func loadView() { view = EntryView() }
}

/// A provider class of its own for each test's file type (the registry is process-wide).
final class KeptEntryProvider: EntryProvider, @unchecked Sendable {}

/// Attachments shown by live views (TextKit's view providers), and the text view's reuse
/// policies: what is kept and what made again across edits, scrolls and resizes, counted.
@Suite struct AttachmentViewProviderTests {
    /// 200 paragraphs of English and other scripts; paragraph 100 holds an attachment of
    /// `fileType` between English and Arabic words.
    /// A view whose attachment of `fileType` is shown by an `EntryProvider`, or, with `policy`,
    /// by a `KeptEntryProvider` registered with that reuse policy.
    static func makeView(fileType: String, keptBy policy: TextAttachmentViewProviderReusePolicy?) -> TextView {
        TextAttachment.registerViewProviderClass(
            policy == nil ? EntryProvider.self : KeptEntryProvider.self, forFileType: fileType)
        let (view, _) = makeView(fileType: fileType)
        if let policy { view.register(policy, forTextAttachmentViewProviderType: KeptEntryProvider.self) }
        return view
    }

    static func makeView(fileType: String, height: CGFloat = 300) -> (TextView, TextAttachment) {
        let samples = ["ar_Arab", "th_Thai", "kn_Knda", "emoji"].map(MixedSamples.text)
        var text = AttributedString()
        let attachment = TextAttachment(data: Data("entry".utf8), ofType: fileType)
        attachment.bounds = CGRect(x: 0, y: -4, width: 80, height: 20)
        for index in 0 ..< 200 {
            if index == 100 {
                var piece = AttributedString("An entry \u{FFFC} then مرحبا بالعالم and more.\n")
                piece[piece.range(of: "\u{FFFC}")!].attachment = attachment
                text += piece
            } else {
                text += AttributedString("Paragraph \(index): \(samples[index % 4].prefix(30))\n")
            }
        }
        let view = TextView(
            storage: TextContentStorage(attributedString: text),
            layoutManager: TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 420, height: 0))))
        view.visibleRect = CGRect(x: 0, y: 0, width: 420, height: height)
        view.layoutIfNeeded()
        return (view, attachment)
    }

    /// Scrolls so that paragraph 100 is in view, and reads the views shown (a host does).
    static func showAttachment(_ view: TextView) throws -> TextAttachmentViewPlacement {
        let offset = view.textContentStorage.string.utf16.firstIndex(of: 0xFFFC).map {
            view.textContentStorage.string.utf16.distance(from: view.textContentStorage.string.utf16.startIndex, to: $0)
        }!
        view.scrollRangeToVisible(NSRange(location: offset, length: 1))
        view.layoutIfNeeded()
        for placement in view.textAttachmentViewPlacements { _ = placement.provider.view }
        return try #require(view.textAttachmentViewPlacements.first)
    }

    static func attachmentOffset(_ view: TextView) -> Int {
        let utf16 = view.textContentStorage.string.utf16
        return utf16.distance(from: utf16.startIndex, to: utf16.firstIndex(of: 0xFFFC)!)
    }

    @Test func aRegisteredFileTypeIsShownByItsProvidersView() throws {
        TextAttachment.registerViewProviderClass(EntryProvider.self, forFileType: "org.opentextkit.test.shown")
        let (view, attachment) = Self.makeView(fileType: "org.opentextkit.test.shown")
        #expect(attachment.usesTextAttachmentView)
        #expect(TextAttachment.viewProviderClass(forFileType: "org.opentextkit.test.shown") == EntryProvider.self)
        // Not in view: nothing made.
        #expect(view.textAttachmentViewPlacements.isEmpty)
        #expect(view.textLayoutManager.textAttachmentViewProviderCache.statistics.providersMade == 0)

        let placement = try Self.showAttachment(view)
        #expect(placement.provider is EntryProvider)
        #expect(placement.provider.textAttachment === attachment)
        #expect(placement.provider.textLayoutManager === view.textLayoutManager)
        #expect(placement.provider.view is EntryView)
        // Where the attachment is: its bounds' size, inside its fragment, after "An entry ".
        #expect(placement.frame.size == CGSize(width: 80, height: 20))
        #expect(placement.textLayoutFragment.layoutFragmentFrame.contains(placement.frame.origin))
        #expect(placement.frame.minX > 30)
        let fragment = placement.textLayoutFragment
        #expect(
            fragment.frameForTextAttachment(at: placement.provider.location)
                == placement.frame.offsetBy(
                    dx: -fragment.layoutFragmentFrame.minX, dy: -fragment.layoutFragmentFrame.minY))
        #expect(
            fragment.textAttachmentViewProviders.map(ObjectIdentifier.init) == [ObjectIdentifier(placement.provider)])
        let statistics = view.textLayoutManager.textAttachmentViewProviderCache.statistics
        #expect(statistics.providersMade == 1)
        #expect(statistics.viewsLoaded == 1)
        // Not allowed a view: no provider, whatever is registered.
        let plain = TextAttachment(data: nil, ofType: "org.opentextkit.test.shown")
        plain.allowsTextAttachmentView = false
        #expect(!plain.usesTextAttachmentView)
    }

    @Test func anAttachmentInsertedThroughTheViewIsShownAtOnce() throws {
        TextAttachment.registerViewProviderClass(EntryProvider.self, forFileType: "org.opentextkit.test.inserted")
        let (view, _) = Self.makeView(fileType: "org.opentextkit.test.other")
        view.setSelectedRange(NSRange(location: 30, length: 0))
        var piece = AttributedString(" \u{FFFC} ")
        piece[piece.range(of: "\u{FFFC}")!].attachment = TextAttachment(
            data: nil, ofType: "org.opentextkit.test.inserted")
        view.insertText(piece, replacementRange: NSRange(location: NSNotFound, length: 0))
        #expect(view.textContentStorage.attributedString.runs.compactMap(\.attachment).count == 2)
        view.layoutIfNeeded()
        let placement = try #require(view.textAttachmentViewPlacements.first)
        #expect(placement.provider.view is EntryView)
    }

    /// A view just made on a file, an attachment typed in its middle, then scrolled to before
    /// it was ever laid out: it scrolls there and shows the attachment's view.
    @Test func scrollingToAnAttachmentBeforeTheFirstLayoutShowsIt() throws {
        TextAttachment.registerViewProviderClass(EntryProvider.self, forFileType: "org.opentextkit.test.first")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("otk-first-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: path) }
        let line = "In the beginning God created the heaven and the earth. بدء ಕನ್ನಡ\n"
        try String(repeating: line, count: 5_000).write(to: path, atomically: true, encoding: .utf8)
        let storage = try TextContentStorage(contentsOf: path)
        let view = TextView(
            storage: storage,
            layoutManager: TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 420, height: 0))))
        view.visibleRect = CGRect(x: 0, y: 0, width: 420, height: 300)
        view.setSelectedRange(NSRange(location: storage.utf16Length / 2, length: 0))
        var piece = AttributedString(" \u{FFFC} ")
        piece[piece.range(of: "\u{FFFC}")!].attachment = TextAttachment(
            data: nil, ofType: "org.opentextkit.test.first")
        view.insertText(piece, replacementRange: NSRange(location: NSNotFound, length: 0))
        view.scrollRangeToVisible(view.selectedRange())
        view.layoutIfNeeded()
        #expect(view.visibleRect.minY > 1_000)
        let placement = try #require(view.textAttachmentViewPlacements.first)
        #expect(view.visibleRect.intersects(placement.frame))
    }

    @Test func anEditInTheParagraphMakesANewProviderWithoutAPolicy() throws {
        TextAttachment.registerViewProviderClass(EntryProvider.self, forFileType: "org.opentextkit.test.edit")
        let (view, _) = Self.makeView(fileType: "org.opentextkit.test.edit")
        let first = try Self.showAttachment(view)
        let firstView = try #require(first.provider.view as? EntryView)
        firstView.typed = "kept?"
        // Typing in the attachment's paragraph, in Arabic, after the attachment.
        view.setSelectedRange(NSRange(location: Self.attachmentOffset(view) + 1, length: 0))
        view.insertText("ب")
        view.layoutIfNeeded()
        let second = try #require(view.textAttachmentViewPlacements.first)
        #expect(second.provider !== first.provider)
        #expect((second.provider.view as? EntryView)?.typed == "")
        // The old provider's view was let go: the host removes it.
        #expect(!first.provider.isViewLoaded)
        let statistics = view.textLayoutManager.textAttachmentViewProviderCache.statistics
        #expect(statistics.providersMade == 2)
        #expect(statistics.providersReused == 0)
        #expect(statistics.viewsLoaded == 2)
    }

    @Test func onEditingInlineParagraphsKeepsTheProviderAndItsView() throws {
        TextAttachment.registerViewProviderClass(KeptEntryProvider.self, forFileType: "org.opentextkit.test.kept")
        let (view, attachment) = Self.makeView(fileType: "org.opentextkit.test.kept")
        view.register([.onEditingInlineParagraphs], forTextAttachmentViewProviderType: KeptEntryProvider.self)
        let first = try Self.showAttachment(view)
        let entry = try #require(first.provider.view as? EntryView)
        entry.typed = "kept"
        let fragmentBefore = first.textLayoutFragment.renderingSurfaceKey
        // Ten keystrokes in the paragraph, before and after the attachment, English and Arabic.
        for (index, character) in ["x", "ب", " ", "y", "ت", "z", "ث", "w", "ج", "!"].enumerated() {
            let offset = Self.attachmentOffset(view) + (index % 2 == 0 ? 1 : 0)
            view.setSelectedRange(NSRange(location: offset, length: 0))
            view.insertText(character)
            view.layoutIfNeeded()
            let placement = try #require(view.textAttachmentViewPlacements.first)
            #expect(placement.provider === first.provider)
            #expect((placement.provider.view as? EntryView) === entry)
            #expect(placement.provider.textAttachment === attachment)
        }
        let now = try #require(view.textAttachmentViewPlacements.first)
        #expect(now.textLayoutFragment.renderingSurfaceKey != fragmentBefore)
        // It follows the U+FFFC: its location is the attachment's now.
        let location = try #require(now.provider.location as? TextContentLocation)
        #expect(location.offset == Self.attachmentOffset(view))
        let statistics = view.textLayoutManager.textAttachmentViewProviderCache.statistics
        #expect(statistics.viewsLoaded == 1)
        #expect(statistics.providersMade == 1)
        #expect(statistics.providersReused == 10)
        #expect(entry.typed == "kept")
        // Undo brings the text back; the provider stays.
        view.undo()
        view.layoutIfNeeded()
        #expect(view.textAttachmentViewPlacements.first?.provider === first.provider)
        // Deleting the attachment lets its view go.
        view.setSelectedRange(NSRange(location: Self.attachmentOffset(view), length: 1))
        view.deleteBackward()
        view.layoutIfNeeded()
        #expect(view.textAttachmentViewPlacements.isEmpty)
        #expect(!first.provider.isViewLoaded)
    }

    @Test func anEditAboveOnlyMovesTheProvider() throws {
        TextAttachment.registerViewProviderClass(EntryProvider.self, forFileType: "org.opentextkit.test.moved")
        let (view, _) = Self.makeView(fileType: "org.opentextkit.test.moved", height: 2_000)
        let first = try Self.showAttachment(view)
        view.setSelectedRange(NSRange(location: 3, length: 0))
        view.insertText("ಕನ್ನಡ ")
        view.layoutIfNeeded()
        let placement = try #require(view.textAttachmentViewPlacements.first)
        #expect(placement.provider === first.provider)
        #expect(view.textLayoutManager.textAttachmentViewProviderCache.statistics.viewsLoaded == 1)
        let location = try #require(placement.provider.location as? TextContentLocation)
        #expect(location.offset == Self.attachmentOffset(view))
    }

    @Test func aViewScrolledOutIsLetGoWithoutAPolicyAndKeptWithOne() throws {
        for kept in [false, true] {
            let view = Self.makeView(
                fileType: "org.opentextkit.test.scroll.\(kept)", keptBy: kept ? .onScrollingOutOfViewport : nil)
            let first = try Self.showAttachment(view)
            let entry = try #require(first.provider.view as? EntryView)
            // A big step down, then back.
            view.visibleRect.origin.y = 0
            view.layoutIfNeeded()
            #expect(view.textAttachmentViewPlacements.isEmpty)
            let cache = view.textLayoutManager.textAttachmentViewProviderCache
            #expect(first.provider.isViewLoaded == kept)
            #expect(cache.isKeptOutOfViewport(first.provider) == kept)
            let back = try Self.showAttachment(view)
            #expect(back.provider === first.provider)
            #expect((back.provider.view as? EntryView === entry) == kept)
            #expect(cache.statistics.viewsLoaded == (kept ? 1 : 2))
            #expect(cache.statistics.viewsKeptOutOfViewport == (kept ? 1 : 0))
            #expect(cache.statistics.viewsLetGo == (kept ? 0 : 1))
        }
    }

    @Test func viewsKeptOutOfTheViewportAreBounded() throws {
        TextAttachment.registerViewProviderClass(KeptEntryProvider.self, forFileType: "org.opentextkit.test.bound")
        let (view, _) = Self.makeView(fileType: "org.opentextkit.test.bound")
        view.register([.onScrollingOutOfViewport], forTextAttachmentViewProviderType: KeptEntryProvider.self)
        let cache = view.textLayoutManager.textAttachmentViewProviderCache
        cache.outOfViewportLimit = 0
        let first = try Self.showAttachment(view)
        view.visibleRect.origin.y = 0
        view.layoutIfNeeded()
        #expect(!first.provider.isViewLoaded)
        #expect(cache.statistics.viewsLetGo == 1)
    }

    @Test func aResizeMakesNewProvidersUnlessEditingKeepsThem() throws {
        for kept in [false, true] {
            let view = Self.makeView(
                fileType: "org.opentextkit.test.resize.\(kept)", keptBy: kept ? .onEditingInlineParagraphs : nil)
            let first = try Self.showAttachment(view)
            var container = view.textLayoutManager.textContainer
            container.size.width = 300
            view.textLayoutManager.textContainer = container
            let second = try Self.showAttachment(view)
            #expect((second.provider === first.provider) == kept)
            #expect(view.textLayoutManager.textAttachmentViewProviderCache.statistics.viewsLoaded == (kept ? 1 : 2))
        }
    }

    /// A layout manager delegate that keeps every provider offered, as an app would.
    final class KeepingDelegate: TextLayoutManagerDelegate {
        var kept: [ObjectIdentifier: TextAttachmentViewProvider] = [:]
        var offered = 0
        func textLayoutManager(
            _ textLayoutManager: TextLayoutManager,
            cacheTextAttachmentViewProvider viewProvider: TextAttachmentViewProvider,
            for textAttachment: TextAttachment
        ) {
            offered += 1
            kept[ObjectIdentifier(textAttachment)] = viewProvider
        }
        func textLayoutManager(
            _ textLayoutManager: TextLayoutManager,
            retrieveCachedTextAttachmentViewProviderFor attachment: TextAttachment
        ) -> TextAttachmentViewProvider? {
            kept.removeValue(forKey: ObjectIdentifier(attachment))
        }
    }

    @Test func theLayoutManagersDelegateCachesAndRetrievesProviders() throws {
        TextAttachment.registerViewProviderClass(EntryProvider.self, forFileType: "org.opentextkit.test.delegate")
        let (view, attachment) = Self.makeView(fileType: "org.opentextkit.test.delegate")
        let delegate = KeepingDelegate()
        view.textLayoutManager.delegate = delegate
        let first = try Self.showAttachment(view)
        view.setSelectedRange(NSRange(location: Self.attachmentOffset(view) + 1, length: 0))
        view.insertText("q")
        view.layoutIfNeeded()
        #expect(delegate.offered == 1)
        #expect(view.textAttachmentViewPlacements.first?.provider === first.provider)
        #expect(view.textAttachmentViewPlacements.first?.provider.textAttachment === attachment)
        #expect(view.textLayoutManager.textAttachmentViewProviderCache.statistics.viewsLoaded == 1)
    }

    /// An attachment that lays itself out: its own bounds, image and provider.
    final class BadgeAttachment: TextAttachment, TextAttachmentLayout, @unchecked Sendable {
        var asked: [(location: Int, width: CGFloat)] = []
        func attachmentBounds(
            for attributes: AttributeContainer, location: any TextLocation, textContainer: TextContainer?,
            proposedLineFragment: CGRect, position: CGPoint
        ) -> CGRect {
            asked.append(((location as? TextContentLocation)?.offset ?? -1, proposedLineFragment.width))
            return CGRect(x: 0, y: -3, width: 57, height: 15)
        }
        func viewProvider(
            for parentView: AnyObject?, location: any TextLocation, textContainer: TextContainer?
        ) -> TextAttachmentViewProvider? {
            EntryProvider(
                textAttachment: self, parentView: parentView, textLayoutManager: textContainer?.textLayoutManager,
                location: location)
        }
    }

    @Test func aSubclassLaysItselfOut() throws {
        let badge = BadgeAttachment()
        #expect(badge != TextAttachment())
        #expect(badge == badge)
        var text = AttributedString("Before \u{FFFC} بعد\n")
        text[text.range(of: "\u{FFFC}")!].attachment = badge
        let view = TextView(
            storage: TextContentStorage(attributedString: text),
            layoutManager: TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 400, height: 0))))
        view.visibleRect = CGRect(x: 0, y: 0, width: 400, height: 200)
        view.layoutIfNeeded()
        let placement = try #require(view.textAttachmentViewPlacements.first)
        #expect(placement.frame.size == CGSize(width: 57, height: 15))
        #expect(badge.asked.first?.location == 7)
        #expect(badge.asked.first?.width == 400)
        #expect(placement.provider is EntryProvider)
        #expect(placement.provider.view is EntryView)
    }

    /// A provider that sizes its attachment from its view.
    final class SizingProvider: TextAttachmentViewProvider, @unchecked Sendable {
        required init(
            textAttachment: TextAttachment, parentView: AnyObject?, textLayoutManager: TextLayoutManager?,
            location: any TextLocation
        ) {
            super.init(
                textAttachment: textAttachment, parentView: parentView, textLayoutManager: textLayoutManager,
                location: location)
            tracksTextAttachmentViewBounds = true
        }
        override func loadView() { view = EntryView() }
        override func attachmentBounds(
            for attributes: AttributeContainer, location: any TextLocation, textContainer: TextContainer?,
            proposedLineFragment: CGRect, position: CGPoint
        ) -> CGRect {
            CGRect(x: 0, y: 0, width: 120, height: 40)
        }
    }

    @Test func aProviderThatTracksItsViewsBoundsSizesTheAttachment() throws {
        TextAttachment.registerViewProviderClass(SizingProvider.self, forFileType: "org.opentextkit.test.sizing")
        let (view, _) = Self.makeView(fileType: "org.opentextkit.test.sizing")
        // Laid out at the attachment's own bounds, its provider made for the viewport, then
        // laid out again at the provider's, the provider kept (no policy needed).
        view.scrollRangeToVisible(NSRange(location: Self.attachmentOffset(view), length: 1))
        let first = try #require(view.textAttachmentViewPlacements.first)
        #expect(first.frame.size == CGSize(width: 80, height: 20))
        #expect(view.needsLayout)
        view.layoutIfNeeded()
        let second = try #require(view.textAttachmentViewPlacements.first)
        #expect(second.frame.size == CGSize(width: 120, height: 40))
        #expect(second.provider === first.provider)
        #expect(view.textLayoutManager.textAttachmentViewProviderCache.statistics.providersMade == 1)
        view.layoutIfNeeded()
        #expect(!view.needsLayout)
    }

    /// A paragraph with a provider that sizes its attachment beside a plain image attachment:
    /// laid out again once for the provider, then settled (the image's bounds are its own).
    @Test func aSizingProviderBesideAPlainAttachmentSettles() throws {
        TextAttachment.registerViewProviderClass(SizingProvider.self, forFileType: "org.opentextkit.test.sizing2")
        var text = AttributedString("Sized \u{FFFC} and plain \u{FFFC} بعد\n")
        let marks = text.characters.indices.filter { text.characters[$0] == "\u{FFFC}" }
        text[marks[0] ..< text.characters.index(after: marks[0])].attachment = TextAttachment(
            data: nil, ofType: "org.opentextkit.test.sizing2")
        text[marks[1] ..< text.characters.index(after: marks[1])].attachment = TextAttachment(
            bounds: CGRect(x: 0, y: 0, width: 12, height: 12))
        let view = TextView(
            storage: TextContentStorage(attributedString: text),
            layoutManager: TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 400, height: 0))))
        view.visibleRect = CGRect(x: 0, y: 0, width: 400, height: 200)
        view.layoutIfNeeded()
        #expect(view.needsLayout)
        view.layoutIfNeeded()
        #expect(!view.needsLayout)
        #expect(view.textAttachmentViewPlacements.first?.frame.size == CGSize(width: 120, height: 40))
        view.layoutIfNeeded()
        #expect(!view.needsLayout)
    }

    /// With only `.onScrollingOutOfViewport`, an edit in the paragraph replaces the provider and
    /// the old one's view is let go, not kept as if it had scrolled away.
    @Test func aReplacedProviderIsNotKeptAsScrolledOut() throws {
        TextAttachment.registerViewProviderClass(KeptEntryProvider.self, forFileType: "org.opentextkit.test.replaced")
        let (view, _) = Self.makeView(fileType: "org.opentextkit.test.replaced")
        view.register([.onScrollingOutOfViewport], forTextAttachmentViewProviderType: KeptEntryProvider.self)
        let first = try Self.showAttachment(view)
        for _ in 0 ..< 3 {
            view.setSelectedRange(NSRange(location: Self.attachmentOffset(view) + 1, length: 0))
            view.insertText("ب")
            view.layoutIfNeeded()
            for placement in view.textAttachmentViewPlacements { _ = placement.provider.view }
        }
        #expect(!first.provider.isViewLoaded)
        #expect(!view.textLayoutManager.textAttachmentViewProviderCache.isKeptOutOfViewport(first.provider))
        #expect(view.textLayoutManager.textAttachmentViewProviderCache.statistics.viewsLetGo == 3)
    }

    /// An attachment whose own layout asks for absurd bounds (not finite, enormous).
    final class AbsurdAttachment: TextAttachment, TextAttachmentLayout, @unchecked Sendable {
        let asked: CGRect
        init(asking bounds: CGRect) {
            asked = bounds
            super.init()
        }
        func attachmentBounds(
            for attributes: AttributeContainer, location: any TextLocation, textContainer: TextContainer?,
            proposedLineFragment: CGRect, position: CGPoint
        ) -> CGRect { asked }
    }

    /// Bounds a layout asks for that cannot be drawn are clamped or replaced, never a trap:
    /// layout stays finite.
    @Test func absurdBoundsFromAnAttachmentsLayoutAreClamped() throws {
        for bounds in [
            CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10),
            CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10),
            CGRect(x: 0, y: -1e12, width: 1e12, height: 1e12),
        ] {
            var text = AttributedString("Absurd \u{FFFC} عبث\n")
            text[text.range(of: "\u{FFFC}")!].attachment = AbsurdAttachment(asking: bounds)
            let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 400, height: 0)))
            let view = TextView(storage: TextContentStorage(attributedString: text), layoutManager: manager)
            view.visibleRect = CGRect(x: 0, y: 0, width: 400, height: 200)
            view.layoutIfNeeded()
            let usage = manager.usageBoundsForTextContainer
            #expect(usage.height.isFinite && usage.height <= 200_001, "\(bounds): \(usage)")
            let fragment = try #require(view.renderingSurfaces.first?.textLayoutFragment)
            let frame = fragment.frameForTextAttachment(at: fragment.textElement.elementRange!.location)
            #expect(frame.width.isFinite && frame.height.isFinite)
        }
    }
}
