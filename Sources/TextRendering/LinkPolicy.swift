import Foundation
import TextContent

/// Which links a drawing writes into its output. A document is untrusted: a link is an action a
/// PDF reader performs when clicked, so only web and mail links (and relative ones) are written
/// unless the caller allows more schemes. A link that is not allowed is still drawn as text; it
/// is only not clickable, and a warning says so.
public struct LinkPolicy: Sendable, Equatable {
    /// Schemes written by default: web pages and mail.
    public static let defaultSchemes: Set<String> = ["http", "https", "mailto"]

    /// Allowed schemes, lowercased. Relative links (no scheme) are always allowed.
    public var allowedSchemes: Set<String>

    /// The default schemes and `additionalSchemes` (any case).
    public init(allowing additionalSchemes: Set<String> = []) {
        allowedSchemes = Self.defaultSchemes.union(additionalSchemes.map { $0.lowercased() })
    }

    /// Whether `url` may be written as a link.
    public func allows(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return true }
        return allowedSchemes.contains(scheme)
    }

    /// Why `url` was left out, for a warning (the URL shortened if it is long).
    func refusal(of url: URL) -> String {
        "a link to \"\(EchoedValue(url.absoluteString))\" is drawn as plain text: links of scheme \"\(EchoedValue(url.scheme ?? ""))\" are not written (allowed: \(allowedSchemes.sorted().joined(separator: ", ")), and relative links)"
    }

    /// `url` as it can go inside a PDF string (and Cairo's quoted attribute): every byte that is
    /// not printable ASCII, and the delimiters `(`, `)`, `\`, `'`, percent-encoded (RFC 3986), so
    /// that the URL cannot end the string and inject PDF syntax.
    static func pdfSafe(_ url: URL) -> String {
        var result = ""
        for byte in url.absoluteString.utf8 {
            switch byte {
            case 0x21 ... 0x7E where byte != UInt8(ascii: "(") && byte != UInt8(ascii: ")") && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "'"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
