import Foundation
import Testing
import TextContent
import TextDocument

/// An app's attachment: a subclass with a value of its own.
final class VideoAttachment: TextAttachment, @unchecked Sendable {
    let url: URL
    init(url: URL) {
        self.url = url
        super.init(fileType: "public.movie", bounds: CGRect(x: 0, y: 0, width: 160, height: 90))
    }
}

/// `TextAttachment` is a class an app subclasses, as `NSTextAttachment` is: plain attachments
/// compare by what the document format keeps (so a document read back equals the one written),
/// subclasses by identity; the format writes a subclass as the plain attachment it is.
@Suite struct TextAttachmentClassTests {
    static let png: Data = {
        // A PNG header claiming 3 x 2 pixels (layout reads only the header).
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
        bytes += [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0]
        return Data(bytes)
    }()

    @Test func plainAttachmentsCompareByValueAndSubclassesByIdentity() {
        let a = TextAttachment(contents: Self.png, fileType: "public.png", fileName: "a.png")
        let b = TextAttachment(contents: Self.png, fileType: "public.png", fileName: "a.png")
        #expect(a == b && a.hashValue == b.hashValue)
        b.bounds = CGRect(x: 0, y: -2, width: 10, height: 10)
        #expect(a != b)
        let url = URL(fileURLWithPath: "/tmp/clip.mp4")
        let first = VideoAttachment(url: url), second = VideoAttachment(url: url)
        #expect(first == first && first != second)
        #expect(first != TextAttachment(fileType: "public.movie", bounds: first.bounds))
        // Settable, as NSTextAttachment's properties are.
        a.allowsTextAttachmentView = false
        #expect(!a.allowsTextAttachmentView && a != b)
    }

    @Test func anImageIsReadFromItsPNGHeaderAndBadDataIsNoImage() {
        let image = TextImage(pngData: Self.png)
        #expect(image?.size == CGSize(width: 3, height: 2))
        #expect(TextImage(pngData: Data([1, 2, 3])) == nil)
        #expect(TextImage(pngData: Data(Self.png.prefix(20))) == nil)
        var zero = [UInt8](Self.png)
        zero.replaceSubrange(16 ..< 24, with: [0, 0, 0, 0, 0, 0, 0, 2])
        #expect(TextImage(pngData: Data(zero)) == nil)
        let attachment = TextAttachment(image: image!)
        #expect(attachment.image == image && attachment.contents == nil)
    }

    @Test func theDocumentFormatWritesSubclassesAsPlainAttachments() throws {
        var text = AttributedString("Clip \u{FFFC} and image \u{FFFC} مقطع")
        let marks = text.characters.indices.filter { text.characters[$0] == "\u{FFFC}" }
        let video = VideoAttachment(url: URL(fileURLWithPath: "/tmp/clip.mp4"))
        let pictured = TextAttachment(image: try #require(TextImage(pngData: Self.png)))
        text[marks[0] ..< text.characters.index(after: marks[0])].attachment = video
        text[marks[1] ..< text.characters.index(after: marks[1])].attachment = pictured
        let decoded = try TextDocumentFormat.decode(try TextDocumentFormat.encode(text))
        let attachments = decoded.runs.compactMap(\.attachment)
        #expect(attachments.count == 2)
        #expect(type(of: attachments[0]) == TextAttachment.self)
        #expect(attachments[0].fileType == "public.movie" && attachments[0].bounds == video.bounds)
        // An image set without contents is written as its PNG.
        #expect(attachments[1].contents == Self.png && attachments[1].fileType == "public.png")
    }

    @Test func viewProviderClassesAreFoundByFileType() {
        final class Marker {}
        TextAttachment.registerViewProviderClass(Marker.self, forFileType: "org.opentextkit.test.marker")
        #expect(TextAttachment.viewProviderClass(forFileType: "org.opentextkit.test.marker") == Marker.self)
        #expect(TextAttachment.viewProviderClass(forFileType: "org.opentextkit.test.none") == nil)
        let attachment = TextAttachment(fileType: "org.opentextkit.test.marker")
        #expect(attachment.usesTextAttachmentView)
        attachment.allowsTextAttachmentView = false
        #expect(!attachment.usesTextAttachmentView)
    }
}
