import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// Options of layout-fragment enumeration.
public struct TextLayoutFragmentEnumerationOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let reverse = TextLayoutFragmentEnumerationOptions(rawValue: 1 << 0)
    public static let estimatesSize = TextLayoutFragmentEnumerationOptions(rawValue: 1 << 1)
    public static let ensuresLayout = TextLayoutFragmentEnumerationOptions(rawValue: 1 << 2)
    public static let ensuresExtraLineFragment = TextLayoutFragmentEnumerationOptions(rawValue: 1 << 3)
}
