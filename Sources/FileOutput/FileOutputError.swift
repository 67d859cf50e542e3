/// Why a file could not be written: the path as the caller gave it and the system's reason.
public enum FileOutputError: Error, Equatable, Sendable, CustomStringConvertible {
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unwritable(path, reason): "cannot write \(path): \(reason)"
        }
    }
}
