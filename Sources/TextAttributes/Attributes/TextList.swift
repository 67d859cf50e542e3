import Foundation

/// A list that paragraphs belong to: how its items are marked and where numbering starts.
/// A paragraph's `ParagraphStyle.textLists` holds the lists it is nested in, outermost first.
public struct TextList: Hashable, Sendable, Codable {
    /// Options of a list.
    public struct Options: OptionSet, Hashable, Sendable, Codable {
        /// The option bits.
        public let rawValue: Int
        /// Options from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Items show the enclosing list's marker before their own, as in "2.1". The marker of the
        /// enclosing list comes from the list element, not from `marker(forItemNumber:)`.
        public static let prependEnclosingMarker = Options(rawValue: 1 << 0)

        private static let names: [(Options, String)] = [(.prependEnclosingMarker, "prependEnclosingMarker")]

        /// Decodes an array of option names, such as `["prependEnclosingMarker"]`.
        public init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            var options: Options = []
            while !container.isAtEnd {
                let name = try container.decode(String.self)
                guard let option = Self.names.first(where: { $0.1 == name })?.0 else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "unknown list option \"\(name)\"")
                }
                options.insert(option)
            }
            self = options
        }

        /// Encodes an array of option names; bits that have no name cannot be encoded.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            var rest = self
            for (option, name) in Self.names where contains(option) {
                try container.encode(name)
                rest.remove(option)
            }
            guard rest.isEmpty else {
                throw EncodingError.invalidValue(
                    rawValue,
                    EncodingError.Context(
                        codingPath: encoder.codingPath,
                        debugDescription: "list option bits \(rest.rawValue) have no name"))
            }
        }
    }

    /// The marker format: text with one `{keyword}` that stands for the item's marker, such as
    /// "{decimal}" or "({lower-roman})".
    public let markerFormat: MarkerFormat
    /// The list's options.
    public let options: Options
    /// The number of the first item (ordered lists only).
    public let startingItemNumber: Int

    /// A list.
    public init(markerFormat: MarkerFormat, options: Options = [], startingItemNumber: Int = 1) {
        self.markerFormat = markerFormat
        self.options = options
        self.startingItemNumber = startingItemNumber
    }

    /// Whether items are numbered (decimal, alphabetic, roman, ...) rather than bulleted.
    public var isOrdered: Bool { markerFormat.keyword?.isOrdered ?? false }

    /// The marker of the item numbered `itemNumber`: the marker format with its keyword replaced.
    ///
    /// Roman numerals cover 1...3999 and alphabetic markers 1 and up (a...z, aa, ab, ...); other
    /// numbers fall back to decimal, as in CSS. `lowercaseAlpha` and `lowercaseLatin` both give
    /// Latin letters. Bullet formats ignore the number.
    public func marker(forItemNumber itemNumber: Int) -> String {
        guard let (keyword, range) = markerFormat.keywordAndRange else { return markerFormat.rawValue }
        let format = markerFormat.rawValue
        return String(format[..<range.lowerBound]) + keyword.marker(for: itemNumber)
            + String(format[range.upperBound...])
    }

    private enum CodingKeys: String, CodingKey {
        case markerFormat, options, startingItemNumber
    }

    /// Decodes `{"markerFormat": "{decimal}", "options": [], "startingItemNumber": 1}`; `options`
    /// and `startingItemNumber` default to none and 1.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        markerFormat = try container.decode(MarkerFormat.self, forKey: .markerFormat)
        options = try container.decodeIfPresent(Options.self, forKey: .options) ?? []
        startingItemNumber = try container.decodeNumberIfPresent(Int.self, forKey: .startingItemNumber) ?? 1
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(markerFormat, forKey: .markerFormat)
        try container.encode(options, forKey: .options)
        try container.encode(startingItemNumber, forKey: .startingItemNumber)
    }
}
