import Foundation
import Synchronization

/// Something drawn in the line in place of a character: an image, or a live view a host places
/// there (TextKit's `NSTextAttachment`). The text holds the object replacement character U+FFFC
/// where the attachment goes, and the attachment as its `attachment` attribute.
///
/// A class an app subclasses, as `NSTextAttachment` is: a subclass adopts TextLayout's
/// `TextAttachmentLayout` to choose its image, its bounds or its view provider per location
/// (Swift cannot override a method an extension in another module adds, so the protocol is
/// adopted where TextKit's attachment conforms to it already). A `TextAttachment` itself
/// compares by its properties (contents, file type, file name, bounds, image, whether it allows
/// a view), so an attachment of contents the document format wrote reads back equal; a subclass
/// compares by identity, as `NSObject` does, unless it overrides ``isEqual(to:)``.
///
/// Its properties can be set from any thread (they are kept under a lock); set them before the
/// attachment is laid out, or invalidate the layout of its paragraph after.
///
/// ```swift
/// var text = AttributedString("See \u{FFFC} here")
/// text[text.range(of: "\u{FFFC}")!].attachment = TextAttachment(data: png, ofType: "public.png")
/// ```
open class TextAttachment: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The character that stands for an attachment in the text, U+FFFC OBJECT REPLACEMENT CHARACTER.
    public static let character: Character = "\u{FFFC}"

    private struct State {
        var contents: Data?
        var fileType: String?
        var fileName: String?
        var bounds: CGRect
        var image: TextImage?
        var allowsTextAttachmentView = true
    }
    private let state: Mutex<State>

    /// The attachment's data, such as the bytes of a PNG file.
    open var contents: Data? {
        get { state.withLock { $0.contents } }
        set { state.withLock { $0.contents = newValue } }
    }
    /// The type of `contents` as a uniform type identifier, such as "public.png": also what
    /// chooses its view provider (``registerViewProviderClass(_:forFileType:)``).
    open var fileType: String? {
        get { state.withLock { $0.fileType } }
        set { state.withLock { $0.fileType = newValue } }
    }
    /// The name of the file the contents came from, if any.
    open var fileName: String? {
        get { state.withLock { $0.fileName } }
        set { state.withLock { $0.fileName = newValue } }
    }
    /// Where the attachment is drawn, in points, with the origin on the baseline and y up, so a
    /// negative `origin.y` drops it below the baseline. `.zero` means "use the image's own size".
    open var bounds: CGRect {
        get { state.withLock { $0.bounds } }
        set { state.withLock { $0.bounds = newValue } }
    }
    /// The image drawn for the attachment; nil: the image `contents` hold, when they are a PNG.
    open var image: TextImage? {
        get { state.withLock { $0.image } }
        set { state.withLock { $0.image = newValue } }
    }
    /// Whether the attachment may be shown by a view provider's live view rather than its image
    /// (true by default, as in TextKit).
    open var allowsTextAttachmentView: Bool {
        get { state.withLock { $0.allowsTextAttachmentView } }
        set { state.withLock { $0.allowsTextAttachmentView = newValue } }
    }
    /// Whether the attachment is shown by a view provider: it allows one and a provider class is
    /// registered for its `fileType`. A subclass whose layout makes its own provider overrides it.
    open var usesTextAttachmentView: Bool {
        guard allowsTextAttachmentView, let fileType else { return false }
        return Self.viewProviderClass(forFileType: fileType) != nil
    }

    /// An attachment.
    public init(contents: Data? = nil, fileType: String? = nil, fileName: String? = nil, bounds: CGRect = .zero) {
        state = Mutex(State(contents: contents, fileType: fileType, fileName: fileName, bounds: bounds))
    }

    /// An attachment of `data` with the uniform type identifier `uti`, as NSTextAttachment makes it.
    public convenience init(data: Data?, ofType uti: String?) {
        self.init(contents: data, fileType: uti)
    }

    /// An attachment drawing `image` (NSTextAttachment's `init(image:)`).
    public convenience init(image: TextImage) {
        self.init()
        self.image = image
    }

    /// A new attachment with this one's properties, drawn at other bounds.
    public func withBounds(_ bounds: CGRect) -> TextAttachment {
        let copy = TextAttachment(contents: contents, fileType: fileType, fileName: fileName, bounds: bounds)
        copy.image = image
        copy.allowsTextAttachmentView = allowsTextAttachmentView
        return copy
    }

    /// Whether this attachment and `other` are the same: the same properties for two plain
    /// `TextAttachment`s, the same object otherwise. A subclass with values of its own overrides it
    /// (and ``hash(into:)``).
    open func isEqual(to other: TextAttachment) -> Bool {
        if self === other { return true }
        guard type(of: self) == TextAttachment.self, type(of: other) == TextAttachment.self else { return false }
        let mine = state.withLock { $0 }, theirs = other.state.withLock { $0 }
        return mine.contents == theirs.contents && mine.fileType == theirs.fileType && mine.fileName == theirs.fileName
            && mine.bounds == theirs.bounds && mine.image == theirs.image
            && mine.allowsTextAttachmentView == theirs.allowsTextAttachmentView
    }

    open func hash(into hasher: inout Hasher) {
        guard type(of: self) == TextAttachment.self else {
            hasher.combine(ObjectIdentifier(self))
            return
        }
        let state = state.withLock { $0 }
        hasher.combine(state.contents)
        hasher.combine(state.fileType)
        hasher.combine(state.bounds.origin.x)
        hasher.combine(state.bounds.origin.y)
        hasher.combine(state.bounds.size.width)
        hasher.combine(state.bounds.size.height)
    }

    public static func == (lhs: TextAttachment, rhs: TextAttachment) -> Bool { lhs.isEqual(to: rhs) }

    open var description: String {
        let state = state.withLock { $0 }
        return "\(type(of: self))(fileType: \(state.fileType ?? "nil"), \(state.contents?.count ?? 0) bytes, "
            + "bounds: \(state.bounds))"
    }

    // MARK: View provider classes by file type

    private static let viewProviderClasses = Mutex<[String: ObjectIdentifierAndClass]>([:])

    /// A class kept in the registry (metatypes are not `Sendable` as values of a dictionary).
    private struct ObjectIdentifierAndClass: @unchecked Sendable {
        let type: AnyClass
    }

    /// Registers `viewProviderClass` (a subclass of TextLayout's `TextAttachmentViewProvider`)
    /// to show attachments whose `fileType` is `fileType` (TextKit's
    /// `registerViewProviderClass(_:forFileType:)`): such an attachment that allows a view is
    /// shown by a live view its provider loads, wherever a host places views.
    ///
    /// ```swift
    /// TextAttachment.registerViewProviderClass(ButtonProvider.self, forFileType: "org.example.button")
    /// ```
    public static func registerViewProviderClass(_ viewProviderClass: AnyClass, forFileType fileType: String) {
        viewProviderClasses.withLock { $0[fileType] = ObjectIdentifierAndClass(type: viewProviderClass) }
    }

    /// The view provider class registered for `fileType`, or nil.
    public static func viewProviderClass(forFileType fileType: String) -> AnyClass? {
        viewProviderClasses.withLock { $0[fileType]?.type }
    }
}
