import Foundation
import TextContent

/// Which links a drawing writes into its output. A document is untrusted: a link is an action a
/// PDF reader performs when clicked, so only web and mail links are written unless the caller
/// allows more schemes. A relative link (`notes.html`, `/etc/passwd`, `../../etc/shadow`,
/// `//host/share`, `#part`) is written only when the caller gives a ``baseURL`` to resolve it
/// against (the resolved link must then pass the same test); a PDF reader would otherwise open it
/// as a local file or a network share. Web links (`http`, `https`, `ftp`, `ws`, `wss`) must
/// name a host, and a link may be at most ``maximumURLLength`` bytes long (a PDF holds a link's
/// URL once on each page it covers). A link that is not allowed is still drawn as text; it is
/// only not clickable, and a warning says so.
public struct LinkPolicy: Sendable, Equatable {
    /// Schemes written by default: web pages and mail.
    public static let defaultSchemes: Set<String> = ["http", "https", "mailto"]

    /// Allowed schemes, lowercased.
    public var allowedSchemes: Set<String>

    /// What relative links are resolved against (an absolute URL, such as
    /// `https://example.com/docs/`); nil draws relative links as text only, with a warning.
    public var baseURL: URL?

    /// The longest link written, in bytes of its absolute URL: by default 8,192 (web servers
    /// refuse longer request lines: Apache's default limit is 8,190 bytes).
    public var maximumURLLength = 8_192

    /// The default schemes and `additionalSchemes` (any case); relative links resolve against
    /// `baseURL`.
    public init(allowing additionalSchemes: Set<String> = [], baseURL: URL? = nil) {
        allowedSchemes = Self.defaultSchemes.union(additionalSchemes.map { $0.lowercased() })
        self.baseURL = baseURL
    }

    /// Whether `url` may be written as a link (after resolving it against `baseURL`).
    public func allows(_ url: URL) -> Bool {
        resolved(url) != nil
    }

    /// The link written for `url`: `url` itself when it is absolute and allowed, resolved
    /// against `baseURL` when it is relative, or nil when it is not written.
    public func resolved(_ url: URL) -> URL? {
        guard url.scheme != nil else {
            guard let baseURL, baseURL.scheme != nil,
                let absolute = URL(string: url.relativeString, relativeTo: baseURL)?.absoluteURL,
                absolute.scheme != nil
            else { return nil }
            return isAllowedAbsolute(absolute) ? absolute : nil
        }
        return isAllowedAbsolute(url) ? url : nil
    }

    /// Why `url` cannot be a ``baseURL`` under this policy, or nil when it can: a base must be
    /// absolute (have a scheme), and be a link this policy writes (an allowed scheme; a host for
    /// web schemes; at most ``maximumURLLength`` bytes), or every link resolved against it
    /// would be drawn as text only.
    public func baseURLRefusal(_ url: URL) -> String? {
        guard let scheme = url.scheme, !scheme.isEmpty else {
            return "it is not an absolute URL (it has no scheme such as https:)"
        }
        guard allowedSchemes.contains(scheme.lowercased()) else {
            return
                "links of scheme \"\(QuotedValue(scheme))\" are not written (allowed: \(allowedList)), so no link "
                + "resolved against it would be"
        }
        if Self.hostSchemes.contains(scheme.lowercased()), (url.host ?? "").isEmpty {
            return "a \(QuotedValue(scheme)) URL must name a host"
        }
        let length = url.absoluteString.utf8.count
        guard length <= maximumURLLength else {
            return "it is \(length) bytes long, more than the \(maximumURLLength) a link may have"
        }
        return nil
    }

    private func resolvedIgnoringLength(_ url: URL) -> URL? {
        var unlimited = self
        unlimited.maximumURLLength = .max
        return unlimited.resolved(url)
    }

    private static let hostSchemes: Set<String> = ["http", "https", "ftp", "ws", "wss"]

    private func isAllowedAbsolute(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), allowedSchemes.contains(scheme),
            url.absoluteString.utf8.count <= maximumURLLength
        else { return false }
        // "http:/etc/passwd" has a web scheme and no host: a reader may take it for a file.
        if Self.hostSchemes.contains(scheme), (url.host ?? "").isEmpty { return false }
        return true
    }

    /// Why `url` was left out, for a warning (the URL shortened if it is long).
    func refusal(of url: URL) -> String {
        let shown = QuotedValue(url.relativeString)
        let length = (resolvedIgnoringLength(url) ?? url).absoluteString.utf8.count
        if length > maximumURLLength {
            return
                "a link to \"\(shown)\" is drawn as plain text: it is \(length) bytes long, more than the "
                + "\(maximumURLLength) a link may have"
        }
        guard let scheme = url.scheme else {
            if let baseURL {
                return
                    "a relative link to \"\(shown)\" is drawn as plain text: resolved against "
                    + "\"\(QuotedValue(baseURL.absoluteString))\" it is not a link that is written (allowed: "
                    + "\(allowedList))"
            }
            return
                "a relative link to \"\(shown)\" is drawn as plain text: a relative link is written only against "
                + "a base URL (a reader could open it as a local file or network share)"
        }
        if allowedSchemes.contains(scheme.lowercased()) {
            return "a link to \"\(shown)\" is drawn as plain text: a \(QuotedValue(scheme)) link must name a host"
        }
        return
            "a link to \"\(shown)\" is drawn as plain text: links of scheme \"\(QuotedValue(scheme))\" are not "
            + "written (allowed: \(allowedList))"
    }

    private var allowedList: String { allowedSchemes.sorted().joined(separator: ", ") }

    /// `url` as it can go inside a PDF string (and Cairo's quoted attribute): every byte that is
    /// not printable ASCII, and the delimiters `(`, `)`, `\`, `'`, percent-encoded (RFC 3986), so
    /// that the URL cannot end the string and inject PDF syntax.
    static func pdfSafe(_ url: URL) -> String {
        var result: [UInt8] = []
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in url.absoluteString.utf8 {
            switch byte {
            case 0x21 ... 0x7E
            where byte != UInt8(ascii: "(") && byte != UInt8(ascii: ")") && byte != UInt8(ascii: "\\")
                && byte != UInt8(ascii: "'"):
                result.append(byte)
            default:
                result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
