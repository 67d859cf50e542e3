/// Why text could not be shaped.
@_spi(Typesetting) public enum ShapingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The range is not inside the text.
    case rangeOutOfBounds(range: Range<Int>, textLength: Int)
    /// The requested font could not be found or loaded.
    case font(FontError)

    @_spi(Typesetting) public var description: String {
        switch self {
        case .rangeOutOfBounds(let range, let length):
            return "range \(range) is not inside text of \(length) UTF-16 code units"
        case .font(let error):
            return error.description
        }
    }
}
