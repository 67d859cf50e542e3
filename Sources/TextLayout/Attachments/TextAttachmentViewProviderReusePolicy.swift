/// When a text view keeps an attachment's view provider instead of making a new one (TextKit's
/// `NSTextAttachmentViewProviderReusePolicy`), registered per provider class with
/// `TextView.register(_:forTextAttachmentViewProviderType:)`.
///
/// ```swift
/// textView.register([.onEditingInlineParagraphs], forTextAttachmentViewProviderType: PlayerProvider.self)
/// ```
public struct TextAttachmentViewProviderReusePolicy: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// A provider whose attachment scrolls out of the viewport keeps its view (up to the
    /// cache's `outOfViewportLimit`), so it comes back without `loadView()`: a video keeps its
    /// place, an entry its focus.
    public static let onScrollingOutOfViewport = TextAttachmentViewProviderReusePolicy(rawValue: 1)
    /// An edit in the attachment's paragraph (which makes a new layout fragment) keeps the
    /// provider and its view for the new fragment: typing beside a playing video does not
    /// restart it.
    public static let onEditingInlineParagraphs = TextAttachmentViewProviderReusePolicy(rawValue: 2)
}
