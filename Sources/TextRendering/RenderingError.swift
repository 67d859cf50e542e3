import FileOutput
import Foundation

/// Why drawing or writing a picture failed, in plain words.
public enum RenderingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The surface's size is not a positive, finite number of pixels or points within Cairo's
    /// limits (32,767 pixels a side for images).
    case invalidSize(width: Double, height: Double, reason: String)
    /// Cairo reported an error.
    case cairo(String)
    /// The output could not be written.
    case unwritable(path: String, reason: String)
    /// A paragraph could not be laid out (it is missing from the picture).
    case layout(String)
    /// A page size that leaves no room for text once the margins are taken.
    case noRoomOnPage(width: Double, height: Double, margins: String)
    /// An attached image has more pixels than the drawing allows (`limit`, the renderer's
    /// `maximumImagePixels`); it was not decoded.
    case imageTooLarge(width: Int, height: Int, limit: Int)

    public var description: String {
        switch self {
        case let .invalidSize(width, height, reason): "cannot make a \(width) × \(height) surface: \(reason)"
        case let .cairo(message): "Cairo: \(message)"
        case let .unwritable(path, reason): "cannot write \(path): \(reason)"
        case let .layout(reason): "a paragraph could not be laid out, and is missing: \(reason)"
        case let .imageTooLarge(width, height, limit):
            "an attached image of \(width) × \(height) pixels is larger than the limit of \(limit) pixels "
                + "(maximumImagePixels); it is not drawn"
        case let .noRoomOnPage(width, height, margins):
            "a \(width) × \(height) pt page with margins \(margins) leaves no room for text"
        }
    }
}

extension RenderingError {
    /// The value of `body`, its file error thrown as the rendering error it is.
    static func rethrowing<Value>(_ body: () throws(FileOutputError) -> Value) throws(RenderingError) -> Value {
        do {
            return try body()
        } catch {
            switch error {
            case let .unwritable(path, reason): throw .unwritable(path: path, reason: reason)
            }
        }
    }
}
