import Foundation
import Synchronization
import TextContent

/// What shows an attachment as a live view (TextKit's `NSTextAttachmentViewProvider`): a host
/// places its ``view`` at the attachment's frame (a GTK widget in OpenTextKitGTK's view). A
/// subclass loads its view in ``loadView()``; the first read of ``view`` calls it. Register the
/// subclass for a file type with `TextAttachment.registerViewProviderClass(_:forFileType:)`.
///
/// A layout fragment hands out the providers of its attachments (`textAttachmentViewProviders`).
/// A fragment is immutable, so an edit in the paragraph makes a new fragment and with it new
/// providers, and a view scrolled out of the viewport is let go, unless the text view keeps them
/// by a reuse policy (`TextView.register(_:forTextAttachmentViewProviderType:)`).
///
/// ```swift
/// final class CounterProvider: TextAttachmentViewProvider, @unchecked Sendable {
///     override func loadView() { view = CounterButton() }
/// }
/// ```
///
/// The view is any object the host knows how to show; the provider is used on the thread its
/// host runs on (it is `@unchecked Sendable` as the engine's other classes are: a subclass
/// restates it).
open class TextAttachmentViewProvider: @unchecked Sendable {
    /// The attachment shown (weak, as in TextKit).
    public private(set) weak var textAttachment: TextAttachment?
    /// The layout manager that laid the attachment out (weak).
    public private(set) weak var textLayoutManager: TextLayoutManager?
    /// Where the attachment's U+FFFC is: updated when an edit moves it and the provider is kept.
    public internal(set) var location: any TextLocation
    /// The view the host shows, when one was made or given.
    private var loadedView: AnyObject?
    /// Whether the provider's bounds had its paragraph laid out again (once is enough).
    var hasAskedForLayout = false
    /// Whether the provider is kept for the layout its bounds asked for, whatever the policies.
    var isKeptForSizing = false
    /// Whether the provider's own bounds (its
    /// ``attachmentBounds(for:location:textContainer:proposedLineFragment:position:)``) are
    /// asked for the attachment's room in the line (false by default, as in TextKit).
    open var tracksTextAttachmentViewBounds = false

    /// A provider of `textAttachment`'s view at `location`, for a view in `parentView` (the
    /// host's view, if any). Required: providers are made from their class.
    public required init(
        textAttachment: TextAttachment, parentView: AnyObject?, textLayoutManager: TextLayoutManager?,
        location: any TextLocation
    ) {
        self.textAttachment = textAttachment
        self.textLayoutManager = textLayoutManager
        self.location = location
    }

    /// The view that shows the attachment: reading it calls ``loadView()`` once while it has
    /// none. Setting nil lets the view go (the next read loads one again).
    public var view: AnyObject? {
        get {
            if loadedView == nil {
                textLayoutManager?.textAttachmentViewProviderCache.noteViewLoaded()
                loadView()
            }
            return loadedView
        }
        set { loadedView = newValue }
    }

    /// Whether the provider has a view now, without loading one.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Makes the view and sets ``view`` (TextKit's `loadView()`); the default makes none.
    open func loadView() {}

    /// Where the attachment is drawn when ``tracksTextAttachmentViewBounds`` is set: by default
    /// the attachment's own bounds (`.zero`: its image's size).
    open func attachmentBounds(
        for attributes: AttributeContainer, location: any TextLocation, textContainer: TextContainer?,
        proposedLineFragment: CGRect, position: CGPoint
    ) -> CGRect {
        textAttachment?.standardAttachmentBounds() ?? .zero
    }
}
