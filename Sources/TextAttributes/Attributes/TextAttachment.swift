import Foundation

/// Something drawn in the line in place of a character, usually an image. The text holds the
/// object replacement character U+FFFC where the attachment goes, and this value as its
/// `attachment` attribute.
public struct TextAttachment: Hashable, Sendable, Codable {
    /// The character that stands for an attachment in the text, U+FFFC OBJECT REPLACEMENT CHARACTER.
    public static let character: Character = "\u{FFFC}"

    /// The attachment's data, such as the bytes of a PNG file.
    public let contents: Data?
    /// The type of `contents` as a uniform type identifier, such as "public.png".
    public let fileType: String?
    /// The name of the file the contents came from, if any.
    public let fileName: String?
    /// Where the attachment is drawn, in points, with the origin on the baseline and y up, so a
    /// negative `origin.y` drops it below the baseline. `.zero` means "use the image's own size".
    public let bounds: CGRect

    /// An attachment.
    public init(contents: Data? = nil, fileType: String? = nil, fileName: String? = nil, bounds: CGRect = .zero) {
        self.contents = contents
        self.fileType = fileType
        self.fileName = fileName
        self.bounds = bounds
    }

    /// An attachment of `data` with the uniform type identifier `uti`, as NSTextAttachment makes it.
    public init(data: Data?, ofType uti: String?) {
        self.init(contents: data, fileType: uti)
    }

    /// A copy drawn at other bounds.
    public func withBounds(_ bounds: CGRect) -> TextAttachment {
        TextAttachment(contents: contents, fileType: fileType, fileName: fileName, bounds: bounds)
    }

    private enum CodingKeys: String, CodingKey {
        case contents, fileType, fileName, bounds
    }

    private enum BoundsKeys: String, CodingKey {
        case x, y, width, height
    }

    /// Decodes `{"contents": <data>, "fileType": "public.png", "fileName": "a.png", "bounds":
    /// {"x": 0, "y": -2, "width": 16, "height": 16}}`; every field may be absent (nil, or `.zero`
    /// bounds). Data is base64 in JSON.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        contents = try container.decodeIfPresent(Data.self, forKey: .contents)
        fileType = try container.decodeIfPresent(String.self, forKey: .fileType)
        fileName = try container.decodeIfPresent(String.self, forKey: .fileName)
        if try container.hasValue(.bounds) {
            let rect = try container.superDecoder(forKey: .bounds).strictContainer(keyedBy: BoundsKeys.self)
            bounds = CGRect(
                x: try rect.decodeFinite(.x), y: try rect.decodeFinite(.y),
                width: try rect.decodeFinite(.width), height: try rect.decodeFinite(.height))
        } else {
            bounds = .zero
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(contents, forKey: .contents)
        try container.encodeIfPresent(fileType, forKey: .fileType)
        try container.encodeIfPresent(fileName, forKey: .fileName)
        var rect = container.nestedContainer(keyedBy: BoundsKeys.self, forKey: .bounds)
        try rect.encode(Double(bounds.origin.x), forKey: .x)
        try rect.encode(Double(bounds.origin.y), forKey: .y)
        try rect.encode(Double(bounds.size.width), forKey: .width)
        try rect.encode(Double(bounds.size.height), forKey: .height)
    }
}
