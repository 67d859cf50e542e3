/// Why a font could not be requested, found or loaded.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The size is not finite, not greater than 0, or larger than ``FontRequest/maximumSize``.
    case invalidSize(Double)
    /// The weight is not a finite number in 1...1000.
    case invalidWeight(Double)
    /// The width is not a finite number in 50...200.
    case invalidWidth(Double)
    /// The family name is empty, blank, or contains a NUL character.
    case invalidFamily(String)
    /// fontconfig found no font at all (no fonts installed, or no configuration).
    case noFontAvailable(family: String)
    /// The font file fontconfig named could not be opened by FreeType or HarfBuzz.
    case unreadableFont(path: String, index: Int, reason: String)

    public var description: String {
        switch self {
        case .invalidSize(let size):
            return "font size \(size) is not a finite number of points in (0, \(FontRequest.maximumSize)]"
        case .invalidWeight(let weight):
            return "font weight \(weight) is not a finite number in 1...1000"
        case .invalidWidth(let width):
            return "font width \(width) is not a finite number in 50...200"
        case .invalidFamily(let family):
            return "font family \"\(family)\" is empty or contains a NUL character"
        case .noFontAvailable(let family):
            return "fontconfig found no font at all for \"\(family)\" (are any fonts installed?)"
        case .unreadableFont(let path, let index, let reason):
            return "cannot load face \(index) of \(path): \(reason)"
        }
    }
}
