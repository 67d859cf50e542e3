/// Which regional variant of the CJK fonts Han ideographs take: the same code point is drawn
/// differently in China, Japan, Korea, Taiwan and Hong Kong.
enum HanPreference: Hashable, Sendable {
    case simplifiedChinese, japanese, korean, traditionalChinese, hongKong

    /// The preference for a BCP 47 language tag ("ja", "zh-Hant-TW", "ko"), if it says one.
    init?(language: String?) {
        guard let language = language?.lowercased().replacingUnderscores() else { return nil }
        let parts = language.split(separator: "-")
        guard let primary = parts.first else { return nil }
        switch primary {
        case "ja": self = .japanese
        case "ko": self = .korean
        case "zh":
            if parts.contains("hk") || parts.contains("mo") {
                self = .hongKong
            } else if parts.contains("hant") || parts.contains("tw") {
                self = .traditionalChinese
            } else {
                self = .simplifiedChinese
            }
        default: return nil
        }
    }

    /// The CJK families in order for this preference.
    var families: [String] {
        switch self {
        case .simplifiedChinese: return ["Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Serif CJK SC"]
        case .japanese: return ["Noto Sans CJK JP", "Noto Sans CJK SC", "Noto Serif CJK JP"]
        case .korean: return ["Noto Sans CJK KR", "Noto Sans CJK SC", "Noto Serif CJK KR"]
        case .traditionalChinese: return ["Noto Sans CJK TC", "Noto Sans CJK SC", "Noto Serif CJK TC"]
        case .hongKong: return ["Noto Sans CJK HK", "Noto Sans CJK TC", "Noto Sans CJK SC"]
        }
    }
}

private extension String {
    func replacingUnderscores() -> String {
        String(unicodeScalars.map { $0 == "_" ? "-" : Character($0) })
    }
}
