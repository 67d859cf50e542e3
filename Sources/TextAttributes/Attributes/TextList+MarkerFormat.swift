import Foundation

extension TextList {
    /// A list's marker format, TextKit's `NSTextList.MarkerFormat`: text around one `{keyword}`.
    /// The named formats are the bare keywords; `MarkerFormat("{decimal}.")` adds a full stop.
    public struct MarkerFormat: RawRepresentable, Hashable, Sendable, Codable {
        /// The format's text, such as "{decimal}".
        public let rawValue: String
        /// A marker format from its text.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A marker format from its text.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// A square outline, ▫.
        public static let box = MarkerFormat("{box}")
        /// A check mark, ✓.
        public static let check = MarkerFormat("{check}")
        /// A circle outline, ◦.
        public static let circle = MarkerFormat("{circle}")
        /// A filled diamond, ◆.
        public static let diamond = MarkerFormat("{diamond}")
        /// A filled disc, •.
        public static let disc = MarkerFormat("{disc}")
        /// A hyphen bullet, ⁃.
        public static let hyphen = MarkerFormat("{hyphen}")
        /// A filled square, ▪.
        public static let square = MarkerFormat("{square}")
        /// Lowercase hexadecimal numbers: 1 ... f, 10.
        public static let lowercaseHexadecimal = MarkerFormat("{lower-hexadecimal}")
        /// Uppercase hexadecimal numbers: 1 ... F, 10.
        public static let uppercaseHexadecimal = MarkerFormat("{upper-hexadecimal}")
        /// Octal numbers: 1 ... 7, 10.
        public static let octal = MarkerFormat("{octal}")
        /// Lowercase letters: a ... z, aa, ab.
        public static let lowercaseAlpha = MarkerFormat("{lower-alpha}")
        /// Uppercase letters: A ... Z, AA, AB.
        public static let uppercaseAlpha = MarkerFormat("{upper-alpha}")
        /// Lowercase Latin letters: a ... z, aa, ab.
        public static let lowercaseLatin = MarkerFormat("{lower-latin}")
        /// Uppercase Latin letters: A ... Z, AA, AB.
        public static let uppercaseLatin = MarkerFormat("{upper-latin}")
        /// Lowercase roman numerals: i, ii, iii, iv.
        public static let lowercaseRoman = MarkerFormat("{lower-roman}")
        /// Uppercase roman numerals: I, II, III, IV.
        public static let uppercaseRoman = MarkerFormat("{upper-roman}")
        /// Decimal numbers: 1, 2, 3.
        public static let decimal = MarkerFormat("{decimal}")

        /// Every named format.
        public static let allNamed: [MarkerFormat] = Keyword.allCases.map { MarkerFormat("{\($0.rawValue)}") }

        /// Decodes the bare text, such as "{decimal}"; any text is accepted.
        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        /// Encodes the bare text.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// The first known keyword in the format, if any.
        var keyword: Keyword? { keywordAndRange?.keyword }

        var keywordAndRange: (keyword: Keyword, range: Range<String.Index>)? {
            var searchStart = rawValue.startIndex
            while let open = rawValue[searchStart...].firstIndex(of: "{"),
                let close = rawValue[open...].firstIndex(of: "}")
            {
                if let keyword = Keyword(rawValue: String(rawValue[rawValue.index(after: open) ..< close])) {
                    return (keyword, open ..< rawValue.index(after: close))
                }
                searchStart = rawValue.index(after: open)
            }
            return nil
        }
    }

    /// The keywords of marker formats and how each draws a number.
    enum Keyword: String, CaseIterable {
        case box, check, circle, diamond, disc, hyphen, square
        case lowerHexadecimal = "lower-hexadecimal", upperHexadecimal = "upper-hexadecimal", octal
        case lowerAlpha = "lower-alpha", upperAlpha = "upper-alpha"
        case lowerLatin = "lower-latin", upperLatin = "upper-latin"
        case lowerRoman = "lower-roman", upperRoman = "upper-roman", decimal

        var isOrdered: Bool {
            switch self {
            case .box, .check, .circle, .diamond, .disc, .hyphen, .square: false
            default: true
            }
        }

        func marker(for number: Int) -> String {
            switch self {
            case .box: "\u{25AB}"
            case .check: "\u{2713}"
            case .circle: "\u{25E6}"
            case .diamond: "\u{25C6}"
            case .disc: "\u{2022}"
            case .hyphen: "\u{2043}"
            case .square: "\u{25AA}"
            case .lowerHexadecimal: Self.positional(number, radix: 16, uppercase: false)
            case .upperHexadecimal: Self.positional(number, radix: 16, uppercase: true)
            case .octal: Self.positional(number, radix: 8, uppercase: false)
            case .decimal: String(number)
            case .lowerAlpha, .lowerLatin: Self.alphabetic(number, uppercase: false)
            case .upperAlpha, .upperLatin: Self.alphabetic(number, uppercase: true)
            case .lowerRoman: Self.roman(number, uppercase: false)
            case .upperRoman: Self.roman(number, uppercase: true)
            }
        }

        private static func positional(_ number: Int, radix: Int, uppercase: Bool) -> String {
            // The magnitude keeps Int.min from overflowing.
            (number < 0 ? "-" : "") + String(number.magnitude, radix: radix, uppercase: uppercase)
        }

        /// Bijective base 26: a ... z, aa ... az, ba ... zz, aaa.
        private static func alphabetic(_ number: Int, uppercase: Bool) -> String {
            guard number >= 1 else { return String(number) }
            let base = uppercase ? UInt8(ascii: "A") : UInt8(ascii: "a")
            var letters: [UInt8] = []
            var rest = number
            while rest > 0 {
                rest -= 1
                letters.append(base + UInt8(rest % 26))
                rest /= 26
            }
            return String(decoding: letters.reversed(), as: UTF8.self)
        }

        private static let romanDigits: [(Int, String)] = [
            (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
            (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
        ]

        private static func roman(_ number: Int, uppercase: Bool) -> String {
            guard (1 ... 3999).contains(number) else { return String(number) }
            var result = ""
            var rest = number
            for (value, digits) in romanDigits {
                while rest >= value {
                    result += digits
                    rest -= value
                }
            }
            return uppercase ? result.uppercased() : result
        }
    }
}
