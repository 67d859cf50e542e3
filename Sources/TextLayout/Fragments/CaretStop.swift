import Foundation
@_spi(Typesetting) import TextTypography

/// A caret position in a line: an x (line coordinates) and the character index it stands for.
public struct CaretStop: Sendable, Hashable {
    public let x: CGFloat
    /// UTF-16 offset in the paragraph.
    public let characterIndex: Int
    /// Whether the caret is at the leading edge of a character written right to left.
    public let isRightToLeft: Bool
}
