import Foundation
import OpenTextKit

/// Why an `otk` command failed when its command line was right: an input that cannot be read or
/// is malformed, an output that cannot be written, work a guard stopped. It is printed without
/// the usage line (which is for mistakes in the command line, exit 64) and exits with the
/// sysexits.h code that fits.
struct CommandFailure: Error, CustomStringConvertible {
    /// sysexits.h's codes.
    enum Code: Int32 {
        /// EX_DATAERR: the input is malformed or past a limit (not UTF-8, not Markdown this reads,
        /// larger than --max-input-bytes, a Markdown limit).
        case dataError = 65
        /// EX_NOINPUT: the input does not exist or cannot be opened.
        case noInput = 66
        /// EX_UNAVAILABLE: something the command needs is missing (a font with --strict-fonts).
        case unavailable = 69
        /// EX_SOFTWARE: the engine failed (a paragraph not laid out) or a guard stopped the work.
        case software = 70
        /// EX_CANTCREAT: an output file cannot be created or written.
        case cannotCreate = 73
        /// EX_IOERR: reading or writing failed part way.
        case ioError = 74
    }

    let code: Code
    let description: String

    init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }

    /// The failure `errno` stands for when opening or reading `shown`.
    static func reading(_ shown: CustomStringConvertible, errno code: Int32) -> CommandFailure {
        let reason = String(cString: strerror(code))
        switch code {
        case ENOENT: return CommandFailure(.noInput, "No such file: \(shown)")
        case ELOOP:
            return CommandFailure(
                .noInput, "\(shown) is a symbolic-link loop: following its links leads back to them, never to a file.")
        case EACCES, EPERM, ENOTDIR, EISDIR, ENAMETOOLONG, ENXIO, ENODEV:
            return CommandFailure(.noInput, "Cannot read \(shown): \(reason)")
        default: return CommandFailure(.ioError, "Cannot read \(shown): \(reason)")
        }
    }

    /// The failure a rendering error stands for.
    static func rendering(_ error: RenderingError, input: String) -> CommandFailure {
        let message = "Cannot render \(QuotedValue(input, limit: 200)): \(error)"
        switch error {
        case .unwritable: return CommandFailure(.cannotCreate, message)
        case .cairo: return CommandFailure(.ioError, message)
        case .layout: return CommandFailure(.software, message)
        case .invalidSize, .noRoomOnPage: return CommandFailure(.dataError, message)
        case .imageTooLarge: return CommandFailure(.dataError, message + " (--max-image-pixels raises the limit)")
        }
    }
}
