import Foundation

extension TextAttachment {
    private enum CodingKeys: String, CodingKey {
        case contents, fileType, fileName, bounds
    }

    private enum BoundsKeys: String, CodingKey {
        case x, y, width, height
    }

    /// Decodes `{"contents": <data>, "fileType": "public.png", "fileName": "a.png", "bounds":
    /// {"x": 0, "y": -2, "width": 16, "height": 16}}`; every field may be absent (nil, or `.zero`
    /// bounds). Data is base64 in JSON. Any other key, or a number that is not finite, is an error.
    public static func decoded(from decoder: any Decoder) throws -> TextAttachment {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        var bounds = CGRect.zero
        if try container.hasValue(.bounds) {
            let rect = try container.superDecoder(forKey: .bounds).strictContainer(keyedBy: BoundsKeys.self)
            bounds = CGRect(
                x: try rect.decodeFinite(.x), y: try rect.decodeFinite(.y),
                width: try rect.decodeFinite(.width), height: try rect.decodeFinite(.height))
        }
        return TextAttachment(
            contents: try container.decodeIfPresent(Data.self, forKey: .contents),
            fileType: try container.decodeIfPresent(String.self, forKey: .fileType),
            fileName: try container.decodeIfPresent(String.self, forKey: .fileName), bounds: bounds)
    }

    /// Encodes what ``decoded(from:)`` reads: a subclass is written as the plain attachment it
    /// is to the document format (its contents, type, name and bounds), and an image set without
    /// contents is written as its PNG contents.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(contents ?? image?.pngData, forKey: .contents)
        try container.encodeIfPresent(
            fileType ?? (contents == nil && image != nil ? "public.png" : nil), forKey: .fileType)
        try container.encodeIfPresent(fileName, forKey: .fileName)
        let bounds = bounds
        var rect = container.nestedContainer(keyedBy: BoundsKeys.self, forKey: .bounds)
        try rect.encode(Double(bounds.origin.x), forKey: .x)
        try rect.encode(Double(bounds.origin.y), forKey: .y)
        try rect.encode(Double(bounds.size.width), forKey: .width)
        try rect.encode(Double(bounds.size.height), forKey: .height)
    }
}

/// A `TextAttachment` as a `Codable` value, for containers that code values by type (the
/// attribute key and the document format).
@_spi(Coding) public struct CodableTextAttachment: Codable {
    @_spi(Coding) public let attachment: TextAttachment

    @_spi(Coding) public init(_ attachment: TextAttachment) { self.attachment = attachment }

    @_spi(Coding) public init(from decoder: any Decoder) throws {
        attachment = try TextAttachment.decoded(from: decoder)
    }

    @_spi(Coding) public func encode(to encoder: any Encoder) throws {
        try attachment.encode(to: encoder)
    }
}
