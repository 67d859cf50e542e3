import Foundation

/// What semantic fonts are resolved against, as SwiftUI's `Font.Context` is: the size of body
/// text, a text-size scale (the user's Dynamic Type setting), a language, and the family each
/// system design is drawn in. Layout resolves every font of the content in its layout manager's
/// context; `FontDescriptor.resolve(in:)` (TextTypography) gives the concrete font.
///
/// ```swift
/// var context = FontResolutionContext()          // body 13 pt, scale 1
/// context.dynamicTypeSize = .xxLarge              // every semantic font 21/17 larger
/// FontDescriptor.title.pointSize(in: context)     // 28 * 13 / 17 * 21 / 17
/// ```
///
/// Out-of-range numbers are clamped, never trapped on: the base size to ``baseSizeRange`` and
/// the scale to ``textSizeScaleRange``; NaN gives the standard value.
public struct FontResolutionContext: Sendable, Hashable {
    /// The body size of the standard context: the engine's default font size.
    public static let standardBaseSize: Double = 13
    /// The base sizes accepted, in points; others are clamped to it.
    public static let baseSizeRange: ClosedRange<Double> = 1 ... 1_000
    /// The text-size scales accepted; others are clamped to it (Apple's largest accessibility
    /// size is about 3.1).
    public static let textSizeScaleRange: ClosedRange<Double> = 0.25 ... 4
    /// The context layout uses unless told otherwise.
    public static let standard = FontResolutionContext()

    private var storedBaseSize: Double
    private var storedScale: Double

    /// The size of the body style at a scale of 1, in points; the other styles keep Apple's
    /// proportions to it (largeTitle is 34/17 of it).
    public var baseSize: Double {
        get { storedBaseSize }
        set { storedBaseSize = Self.clamped(newValue, to: Self.baseSizeRange, nan: Self.standardBaseSize) }
    }

    /// How much larger than the base every semantic font is (and every `.custom(_:size:)`
    /// font that scales): 1 is the standard; 1.35 is Apple's xxxLarge.
    public var textSizeScale: Double {
        get { storedScale }
        set { storedScale = Self.clamped(newValue, to: Self.textSizeScaleRange, nan: 1) }
    }

    /// The language of the text (BCP 47, such as "ja" or "zh-Hant"), for runs that do not say
    /// theirs: which regional variant Han ideographs take, and HarfBuzz's language.
    public var language: String?

    /// The family each system design is drawn in, where it is not the design's generic family
    /// (`FontDesign.genericFamily`): `[.default: "DejaVu Sans"]` draws `.body` in DejaVu Sans.
    public var designFamilies: [FontDesign: String]

    /// A context; numbers out of range are clamped (see the type's documentation).
    public init(
        baseSize: Double = FontResolutionContext.standardBaseSize, textSizeScale: Double = 1, language: String? = nil,
        designFamilies: [FontDesign: String] = [:]
    ) {
        storedBaseSize = Self.clamped(baseSize, to: Self.baseSizeRange, nan: Self.standardBaseSize)
        storedScale = Self.clamped(textSizeScale, to: Self.textSizeScaleRange, nan: 1)
        self.language = language
        self.designFamilies = designFamilies
    }

    /// A context at one of Apple's Dynamic Type sizes.
    public init(
        baseSize: Double = FontResolutionContext.standardBaseSize, dynamicTypeSize: DynamicTypeSize,
        language: String? = nil,
        designFamilies: [FontDesign: String] = [:]
    ) {
        self.init(
            baseSize: baseSize, textSizeScale: dynamicTypeSize.scale, language: language, designFamilies: designFamilies
        )
    }

    /// The Dynamic Type size whose scale this context has, if it has one of theirs.
    public var dynamicTypeSize: DynamicTypeSize? {
        get { DynamicTypeSize.allCases.first { $0.scale == textSizeScale } }
        set { if let newValue { textSizeScale = newValue.scale } }
    }

    /// The family `design` is drawn in in this context.
    public func family(for design: FontDesign) -> String {
        designFamilies[design] ?? design.genericFamily
    }

    private static func clamped(_ value: Double, to range: ClosedRange<Double>, nan: Double) -> Double {
        value.isNaN ? nan : min(max(value, range.lowerBound), range.upperBound)
    }

    /// Apple's Dynamic Type sizes, each a scale of body text: its body size over the default's
    /// (17 points at `.large`).
    public enum DynamicTypeSize: String, Hashable, Sendable, CaseIterable, Comparable {
        case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
        case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

        /// The body size at this setting in Apple's table, in points.
        public var bodySize: Double {
            switch self {
            case .xSmall: return 14
            case .small: return 15
            case .medium: return 16
            case .large: return 17
            case .xLarge: return 19
            case .xxLarge: return 21
            case .xxxLarge: return 23
            case .accessibility1: return 28
            case .accessibility2: return 33
            case .accessibility3: return 40
            case .accessibility4: return 47
            case .accessibility5: return 53
            }
        }

        /// The factor every semantic font is scaled by (every style alike: Apple's table grows
        /// large titles a little less at the accessibility sizes, which this does not model).
        public var scale: Double { bodySize / 17 }

        public static func < (lhs: DynamicTypeSize, rhs: DynamicTypeSize) -> Bool { lhs.bodySize < rhs.bodySize }
    }
}
