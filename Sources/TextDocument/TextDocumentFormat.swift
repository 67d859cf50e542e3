import Foundation
@_spi(Coding) import TextAttributes

/// OpenTextKit's own document format: versioned JSON that stores every attribute of
/// `AttributeScopes.OpenTextKitAttributes` (and Foundation's `link`, `imageURL` and
/// `languageIdentifier`) exactly, because Foundation's AttributedString is not Codable on Linux.
///
/// ```json
/// {"format": "opentextkit-document", "version": 1, "text": "Hello",
///  "runs": [{"length": 5, "attributes": {"font": {"family": "Noto Sans", "size": 13, ...}}}]}
/// ```
/// Every run is listed, in order; `length` counts UTF-16 code units and the lengths add up to the
/// text's. Attribute names are stable: font, foregroundColor, backgroundColor, underlineStyle,
/// underlineColor, strikethroughStyle, strikethroughColor, kern, tracking, baselineOffset,
/// attachment, link, imageURL, languageIdentifier, presentationIntent, inlinePresentationIntent,
/// markdownSourcePosition, markdownLinkTitle, markdownImageTitle, markdownLooseLists,
/// markdownEmptyCodeBlock, taskListItem, paragraphStyle.
///
/// The encoder writes every field of every value. The decoder lets a reader omit what has an
/// obvious default (a run's empty `attributes`, a font's weight, a paragraph style's indents) and
/// reads `null` as absent.
///
/// Reading is strict otherwise: a field this version does not know, at any level, is an error
/// (`unknownField`) rather than being skipped, because skipping would lose it at the next save. So
/// is anything AttributedString would silently repair, such as two paragraph styles (or task list
/// items, the other paragraph-bound attribute) in one paragraph. Writing is strict too:
/// Foundation's other attributes (reachable through the nested `foundation` scope; `link`,
/// `imageURL` and `languageIdentifier` are stored) and other scopes' attributes are not stored, and
/// `encode` refuses them (`unsupportedAttribute`) rather than dropping them.
public enum TextDocumentFormat {
    /// The version `encode` writes, and the newest `decode` reads.
    public static let currentVersion = 1

    /// The value of the top-level "format" field.
    public static let formatName = "opentextkit-document"

    /// The document for `string`, as compact UTF-8 JSON with sorted keys: the same string always
    /// gives the same bytes.
    ///
    /// - Throws: `TextDocumentError.unsupportedAttribute` for an attribute the format does not
    ///   store (rather than dropping it), `.invalidValue` for a number JSON cannot hold (NaN, infinity).
    public static func encode(_ string: AttributedString) throws -> Data {
        var runs: [DocumentRun] = []
        for run in string.runs {
            let attributes = run.attributes
            if let name = DocumentAttributes.unstoredKeyName(in: attributes) {
                throw TextDocumentError.unsupportedAttribute(name: name)
            }
            let length = string.utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            runs.append(DocumentRun(length: length, attributes: DocumentAttributes(attributes)))
        }
        let document = DocumentBody(
            format: formatName, version: currentVersion, text: String(string.characters[...]), runs: runs)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dataEncodingStrategy = .base64
        do {
            return try encoder.encode(document)
        } catch let error as EncodingError {
            throw TextDocumentError(error)
        }
    }

    /// The attributed string a document holds, exactly as it was encoded.
    ///
    /// Errors are checked in this order, and the first one found is thrown: JSON syntax, format,
    /// version, fields and values, run lengths, surrogate pairs, paragraph styles.
    public static func decode(_ data: Data) throws(TextDocumentError) -> AttributedString {
        try JSONSyntaxChecker.check(data)
        let decoder = JSONDecoder()
        decoder.dataDecodingStrategy = .base64

        let header: DocumentHeader
        do {
            header = try decoder.decode(DocumentHeader.self, from: data)
        } catch {
            throw .wrongFormat(found: nil)
        }
        guard header.format == formatName else { throw .wrongFormat(found: header.format) }
        switch header.version {
        case .missing: throw .missingField(path: "version")
        case .notAnInteger: throw .invalidValue(path: "version", reason: "the version must be an integer")
        case .value(let version):
            guard version == currentVersion else { throw .unsupportedVersion(found: version) }
        }

        let document: DocumentBody
        do {
            document = try decoder.decode(DocumentBody.self, from: data)
        } catch let error as DecodingError {
            throw TextDocumentError(error)
        } catch let error as TextDocumentError {
            throw error
        } catch {
            throw .invalidValue(path: "(document)", reason: String(describing: error))
        }
        let units = Array(document.text.utf16)
        try checkRuns(document.runs, units: units)
        return build(text: document.text, runs: document.runs)
    }

    /// Checks that the runs tile the text at scalar boundaries, with one paragraph style per paragraph.
    private static func checkRuns(_ runs: [DocumentRun], units: [UInt16]) throws(TextDocumentError) {
        var total = 0
        for (index, run) in runs.enumerated() {
            guard run.length > 0 else {
                throw .invalidValue(
                    path: "runs[\(index)].length",
                    reason: "a run must be at least 1 UTF-16 code unit long, not \(run.length)")
            }
            let (sum, overflow) = total.addingReportingOverflow(run.length)
            total = overflow ? Int.max : sum
        }
        guard total == units.count else { throw .runLengthMismatch(runsTotal: total, textLength: units.count) }

        var offset = 0
        for (previous, run) in zip(runs, runs.dropFirst()) {
            offset += previous.length
            if UTF16.isTrailSurrogate(units[offset]) { throw .runSplitsSurrogatePair(offset: offset) }
            if run.attributes.paragraphAttributes != previous.attributes.paragraphAttributes,
                !isParagraphStart(offset, in: units)
            {
                throw .paragraphAttributeInconsistent(
                    paragraphStartOffset: paragraphStart(containing: offset, in: units))
            }
        }
    }

    /// Whether a paragraph starts at `offset`: right after `\n`, U+2029, or a `\r` that is not
    /// the first half of `\r\n` (Foundation's paragraph separators).
    static func isParagraphStart(_ offset: Int, in units: [UInt16]) -> Bool {
        guard offset > 0 else { return true }
        switch units[offset - 1] {
        case 0x0A, 0x2029: return true
        case 0x0D: return offset == units.count || units[offset] != 0x0A
        default: return false
        }
    }

    static func paragraphStart(containing offset: Int, in units: [UInt16]) -> Int {
        var start = offset
        while !isParagraphStart(start, in: units) { start -= 1 }
        return start
    }

    /// The attributed string of checked runs. Character attributes are merged run by run and
    /// each stretch of equal paragraph styles is set once, so AttributedString's paragraph fix-up
    /// never rescans a paragraph: building stays linear in the number of runs.
    private static func build(text: String, runs: [DocumentRun]) -> AttributedString {
        var string = AttributedString(text)
        var start = string.startIndex
        for run in runs {
            let end = string.utf16.index(start, offsetBy: run.length)
            if run.attributes.hasCharacterAttributes {
                string[start ..< end].mergeAttributes(run.attributes.characterAttributes)
            }
            start = end
        }
        start = string.startIndex
        var index = 0
        while index < runs.count {
            let paragraph = runs[index].attributes.paragraphAttributes
            var length = 0
            while index < runs.count, runs[index].attributes.paragraphAttributes == paragraph {
                length += runs[index].length
                index += 1
            }
            let end = string.utf16.index(start, offsetBy: length)
            if let style = paragraph.paragraphStyle { string[start ..< end].paragraphStyle = style }
            if let task = paragraph.taskListItem { string[start ..< end].taskListItem = task }
            if let decoration = paragraph.blockDecoration { string[start ..< end].blockDecoration = decoration }
            start = end
        }
        return string
    }
}

/// The whole document.
struct DocumentBody: Codable {
    let format: String
    let version: Int
    let text: String
    let runs: [DocumentRun]

    init(format: String, version: Int, text: String, runs: [DocumentRun]) {
        self.format = format
        self.version = version
        self.text = text
        self.runs = runs
    }

    private enum CodingKeys: String, CodingKey {
        case format, version, text, runs
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        version = try container.decodeNumber(Int.self, forKey: .version)
        text = try container.decode(String.self, forKey: .text)
        runs = try container.decode([DocumentRun].self, forKey: .runs)
    }
}

/// One run: a length in UTF-16 code units and its attributes.
struct DocumentRun: Codable {
    let length: Int
    let attributes: DocumentAttributes

    init(length: Int, attributes: DocumentAttributes) {
        self.length = length
        self.attributes = attributes
    }

    private enum CodingKeys: String, CodingKey {
        case length, attributes
    }

    /// `attributes` may be absent for a run without any.
    init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        length = try container.decodeNumber(Int.self, forKey: .length)
        attributes = try container.decodeIfPresent(DocumentAttributes.self, forKey: .attributes) ?? DocumentAttributes()
    }
}

/// The format and version, read leniently first so that another file or a future version gets
/// its own error rather than a complaint about some field.
struct DocumentHeader: Decodable {
    enum Version {
        case missing, notAnInteger, value(Int)
    }

    let format: String?
    let version: Version

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        format = try? container.decode(String.self, forKey: AnyCodingKey("format"))
        let key = AnyCodingKey("version")
        if !container.contains(key) {
            version = .missing
        } else if let value = try? container.decode(Int.self, forKey: key) {
            version = .value(value)
        } else {
            version = .notAnInteger
        }
    }
}
