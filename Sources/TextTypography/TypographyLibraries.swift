internal import CFontconfig
internal import CFreeType
internal import CHarfBuzz
internal import CUnicodeAnalysis

/// The versions of the system libraries the typography layer runs on, read from the libraries
/// themselves at run time (not from the headers it was compiled against).
public enum TypographyLibraries {
    /// HarfBuzz's version, e.g. "6.0.0".
    public static let harfBuzzVersion: String = String(cString: hb_version_string())

    /// FreeType's version, e.g. "2.12.1", asked of a temporary library instance. If FreeType
    /// cannot even create a library (out of memory), the text says so with its error code.
    public static let freeTypeVersion: String = {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else { return "unavailable (FT_Init_FreeType error \(error))" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }()

    /// fontconfig's version, e.g. "2.14.1" (FcGetVersion encodes it as major * 10000 + minor * 100
    /// + revision).
    public static let fontconfigVersion: String = {
        let version = Int(FcGetVersion())
        return "\(version / 10000).\(version / 100 % 100).\(version % 100)"
    }()

    /// ICU's version, e.g. "72.1".
    public static let icuVersion: String = icuString(cua_icu_version)

    /// The Unicode version of ICU's character data, e.g. "15.0": the version the bidi and
    /// segmentation rules follow.
    public static let icuUnicodeVersion: String = icuString(cua_unicode_version)

    /// Every library with its version, for `--version` output and bug reports.
    public static var all: [(library: String, version: String)] {
        [
            ("HarfBuzz", harfBuzzVersion),
            ("FreeType", freeTypeVersion),
            ("fontconfig", fontconfigVersion),
            ("ICU", "\(icuVersion) (Unicode \(icuUnicodeVersion))"),
        ]
    }

    private static func icuString(_ read: (UnsafeMutablePointer<CChar>?, Int) -> Int32) -> String {
        // ICU's version strings are at most U_MAX_VERSION_STRING_LENGTH (20) bytes with the NUL.
        var buffer = [CChar](repeating: 0, count: 32)
        let length = buffer.withUnsafeMutableBufferPointer { read($0.baseAddress, $0.count) }
        guard length >= 0 else { return "unknown" }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
