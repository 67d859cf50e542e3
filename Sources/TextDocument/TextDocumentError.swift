import Foundation
@_spi(Coding) import TextAttributes

/// Why a document could not be read or written. Every case says where the problem is, and no
/// partial result is ever returned alongside one.
public enum TextDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data is not valid UTF-8 JSON. `line` and `column` (in characters) count from 1,
    /// `byteOffset` from 0; for truncated data they point at the end of the data.
    case malformedJSON(line: Int, column: Int, byteOffset: Int, reason: String)
    /// The JSON is not an OpenTextKit document: its top-level `"format"` is `found` rather than
    /// "opentextkit-document" (nil when it is missing, not a string, or the JSON is not an object).
    case wrongFormat(found: String?)
    /// The document's version is one this build cannot read (newer than
    /// `TextDocumentFormat.currentVersion`, or less than 1).
    case unsupportedVersion(found: Int)
    /// A required field is missing; `path` names it, such as "runs[3].length".
    case missingField(path: String)
    /// A field this version does not know, such as an attribute from a newer version. Reading on
    /// would drop it silently, so the document is refused instead.
    case unknownField(path: String)
    /// The field at `path` has a value that is not allowed there.
    case invalidValue(path: String, reason: String)
    /// The run lengths add up to `runsTotal` UTF-16 code units, but the text has `textLength`.
    case runLengthMismatch(runsTotal: Int, textLength: Int)
    /// A run boundary at UTF-16 offset `offset` falls between the two halves of a surrogate pair.
    case runSplitsSurrogatePair(offset: Int)
    /// The paragraph starting at UTF-16 offset `paragraphStartOffset` has more than one
    /// paragraph style. AttributedString would quietly keep one of them; the document is refused
    /// instead, so nothing is lost without a word.
    case paragraphAttributeInconsistent(paragraphStartOffset: Int)
    /// Encoding met an attribute the document format does not store, such as one of Foundation's
    /// other attributes or another scope's. `name` is the attribute key's name.
    case unsupportedAttribute(name: String)

    public var description: String {
        switch self {
        case let .malformedJSON(line, column, byteOffset, reason):
            "malformed JSON at line \(line), column \(column) (byte offset \(byteOffset)): \(reason)"
        case .wrongFormat(let found):
            if let found {
                "not an OpenTextKit document: \"format\" is \"\(found)\", expected \"\(TextDocumentFormat.formatName)\""
            } else {
                "not an OpenTextKit document: expected a JSON object whose \"format\" is "
                    + "\"\(TextDocumentFormat.formatName)\""
            }
        case .unsupportedVersion(let found):
            found > TextDocumentFormat.currentVersion
                ? "document version \(found) is newer than this OpenTextKit can read (up to version "
                    + "\(TextDocumentFormat.currentVersion))"
                : "document version \(found) does not exist (versions start at 1)"
        case .missingField(let path):
            "missing field \"\(path)\""
        case .unknownField(let path):
            "unknown field \"\(path)\": this version of the document format does not know it, and will not drop "
                + "it silently"
        case let .invalidValue(path, reason):
            "invalid value at \"\(path)\": \(reason)"
        case let .runLengthMismatch(runsTotal, textLength):
            "the runs cover \(runsTotal) UTF-16 code units but the text has \(textLength)"
        case .runSplitsSurrogatePair(let offset):
            "a run boundary at UTF-16 offset \(offset) splits a surrogate pair"
        case .paragraphAttributeInconsistent(let paragraphStartOffset):
            "the paragraph starting at UTF-16 offset \(paragraphStartOffset) has more than one paragraph style"
        case .unsupportedAttribute(let name):
            "the attribute \"\(name)\" is not part of the OpenTextKit document format (version "
                + "\(TextDocumentFormat.currentVersion))"
        }
    }
}

extension TextDocumentError: LocalizedError {
    public var errorDescription: String? { description }
}

extension TextDocumentError {
    /// A coding path written as "runs[3].attributes.font", or "(document)" for the root.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var result = ""
        for key in codingPath {
            if let index = key.intValue {
                result += "[\(index)]"
            } else {
                result += (result.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return result.isEmpty ? "(document)" : result
    }

    /// The document error for a failure of JSONDecoder.
    init(_ error: DecodingError) {
        switch error {
        case let .keyNotFound(key, context):
            self = .missingField(path: Self.path(context.codingPath + [key]))
        case let .valueNotFound(_, context):
            self = .invalidValue(path: Self.path(context.codingPath), reason: "null where a value is required")
        case let .typeMismatch(_, context):
            self = .invalidValue(path: Self.path(context.codingPath), reason: context.debugDescription)
        case let .dataCorrupted(context):
            if context.underlyingError is UnknownKeyError {
                self = .unknownField(path: Self.path(context.codingPath))
            } else {
                self = .invalidValue(path: Self.path(context.codingPath), reason: context.debugDescription)
            }
        @unknown default:
            self = .invalidValue(path: "(document)", reason: String(describing: error))
        }
    }

    /// The document error for a failure of JSONEncoder (a value JSON cannot hold, such as NaN).
    init(_ error: EncodingError) {
        switch error {
        case let .invalidValue(_, context):
            self = .invalidValue(path: Self.path(context.codingPath), reason: context.debugDescription)
        @unknown default:
            self = .invalidValue(path: "(document)", reason: String(describing: error))
        }
    }
}
