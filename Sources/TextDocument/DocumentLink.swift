import Foundation
@_spi(Coding) import TextAttributes

/// A URL as the document format writes it: its string, or for a URL relative to a base, the
/// relative string and the base. Writing only `absoluteString` would not give back an equal URL.
struct DocumentLink: Codable, Equatable {
    let url: URL

    init(_ url: URL) { self.url = url }

    private enum CodingKeys: String, CodingKey {
        case relative, base
    }

    /// Decodes `"https://example.com/a"` or `{"relative": "a/b", "base": <link>}`.
    init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let string = try? single.decode(String.self) {
            guard let url = Self.url(string, relativeTo: nil) else {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "\"\(string)\" is not a valid URL")
            }
            self.url = url
            return
        }
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let relative = try container.decode(String.self, forKey: .relative)
        let base = try container.decode(DocumentLink.self, forKey: .base)
        guard let url = Self.url(relative, relativeTo: base.url) else {
            throw DecodingError.dataCorruptedError(
                forKey: .relative, in: container, debugDescription: "\"\(relative)\" is not a valid relative URL")
        }
        self.url = url
    }

    /// The URL for a stored string: as `URL(string:)` reads it, or else made from its bytes as
    /// Markdown import makes a link whose destination `URL(string:)` refuses (`foo):`), when
    /// that URL writes the string back unchanged; the empty string is the empty relative URL.
    static func url(_ string: String, relativeTo base: URL?) -> URL? {
        if string.isEmpty { return URLComponents().url(relativeTo: base) }
        if let url = URL(string: string, relativeTo: base) { return url }
        guard let url = URL(dataRepresentation: Data(string.utf8), relativeTo: base), url.relativeString == string
        else { return nil }
        return url
    }

    func encode(to encoder: any Encoder) throws {
        if let base = url.baseURL {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(url.relativeString, forKey: .relative)
            try container.encode(DocumentLink(base), forKey: .base)
        } else {
            var container = encoder.singleValueContainer()
            try container.encode(url.relativeString)
        }
    }
}
