import Foundation
@_spi(Layout) import TextContent

/// Why layout could not be done as asked. Layout never traps: it throws one of these.
public enum TextLayoutError: Error, Equatable, CustomStringConvertible {
    /// A font attribute that cannot be used, e.g. a size that is not finite and positive.
    case unusableFont(descriptor: FontDescriptor, reason: String)
    /// Shaping failed (HarfBuzz or the font system refused).
    case shapingFailed(reason: String)
    /// Unicode analysis (ICU bidi or line breaking) failed.
    case analysisFailed(reason: String)
    /// A range that is not one of the text's: outside it, or with an edge between the two
    /// halves of a surrogate pair.
    case invalidRange(location: Int, length: Int, textLength: Int)

    public var description: String {
        switch self {
        case .unusableFont(let descriptor, let reason):
            return "The font \"\(descriptor.family)\" at \(descriptor.size) pt cannot be used: \(reason)"
        case .shapingFailed(let reason):
            return "Shaping failed: \(reason)"
        case .analysisFailed(let reason):
            return "Unicode analysis failed: \(reason)"
        case .invalidRange(let location, let length, let textLength):
            return
                "The range at \(location) of length \(length) is not a range of the text (UTF-16 length "
                + "\(textLength)), or splits a surrogate pair."
        }
    }
}
