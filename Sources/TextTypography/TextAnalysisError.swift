/// Why a Unicode analysis (boundaries, bidi) could not be done.
public enum TextAnalysisError: Error, Equatable, Sendable, CustomStringConvertible {
    /// ICU reported a failure. `code` is ICU's `UErrorCode`, `name` its symbolic name.
    case icu(operation: String, code: Int32, name: String)
    /// The locale identifier cannot be passed to ICU (it contains a NUL character or is longer
    /// than any real locale identifier).
    case invalidLocale(String)
    /// ICU measures text with 32-bit offsets; longer text is refused rather than truncated.
    case textTooLong(utf16Count: Int)

    public var description: String {
        switch self {
        case .icu(let operation, let code, let name):
            return "ICU failed in \(operation): \(name) (\(code))"
        case .invalidLocale(let locale):
            let shown = locale.count > 40 ? String(locale.prefix(40)) + "…" : locale
            return "invalid locale identifier \(shown.debugDescription) (\(locale.utf8.count) bytes)"
        case .textTooLong(let count):
            return "text of \(count) UTF-16 code units exceeds ICU's limit of \(Int32.max)"
        }
    }
}
