import Foundation

/// Why a content operation was refused. Nothing is changed when one of these is thrown.
public enum TextContentError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not valid UTF-8; `byteOffset` is where the first bad sequence starts.
    case invalidUTF8(byteOffset: Int)
    /// A location or range lies outside `0 ... documentLength` (UTF-16 offsets).
    case outOfBounds(offset: Int, documentLength: Int)
    /// A location made by another content manager (or not by a content manager at all).
    case foreignLocation(String)
    /// A file could not be read.
    case unreadableFile(path: String, reason: String)
    /// An edit's range starts or ends between the two UTF-16 units of one scalar (a surrogate
    /// pair); `offset` is that edge.
    case splitsSurrogatePair(offset: Int)
    /// A delegate-substituted paragraph whose length differs from the stored one.
    case substitutedParagraphLengthMismatch(expected: Int, actual: Int)
    /// An edit the content cannot make: no content manager, one that does not edit, or an
    /// element of a kind it cannot store.
    case editingNotSupported(reason: String)

    public var description: String {
        switch self {
        case .invalidUTF8(let offset):
            return "The text is not valid UTF-8: the first invalid byte sequence starts at byte offset \(offset)."
        case .outOfBounds(let offset, let length):
            return "Offset \(offset) is outside the document, whose UTF-16 length is \(length)."
        case .foreignLocation(let location):
            return "Location \(location) does not belong to this document."
        case .unreadableFile(let path, let reason):
            return "Cannot read \(path): \(reason)"
        case .splitsSurrogatePair(let offset):
            return
                "Offset \(offset) falls between the two UTF-16 units of one character (a surrogate pair); an edit "
                + "cannot split it."
        case .substitutedParagraphLengthMismatch(let expected, let actual):
            return "A substituted paragraph must keep the stored length (\(expected) UTF-16 units) but has \(actual)."
        case .editingNotSupported(let reason):
            return "The content cannot be edited this way: \(reason)."
        }
    }
}
