import Foundation
import TextContent
import TextLayout

/// What an input method, or a platform view forwarding key presses and clicks, calls on a text
/// view: the union of AppKit's `NSTextInputClient` and the text part of UIKit's `UITextInput`,
/// in UTF-16 offsets and `NSRange`s (`NSNotFound` where AppKit uses it). `TextView` is one.
public protocol TextInputClient: AnyObject {
    func insertText(_ string: String, replacementRange: NSRange)
    func setMarkedText(_ string: String, selectedRange: NSRange, replacementRange: NSRange)
    func unmarkText()
    var hasMarkedText: Bool { get }
    func markedRange() -> NSRange
    func selectedRange() -> NSRange
    func attributedSubstring(forProposedRange range: NSRange, actualRange: inout NSRange?) -> AttributedString?
    var validAttributesForMarkedText: [NSAttributedString.Key] { get }
    func firstRect(forCharacterRange range: NSRange, actualRange: inout NSRange?) -> CGRect
    func characterIndex(for point: CGPoint) -> Int
    /// Performs AppKit's action `selector` ("moveLeft:", "deleteBackward:", ...); false for an
    /// unknown one.
    @discardableResult
    func doCommand(by selector: String) -> Bool

    func caretRect(for offset: Int, affinity: TextSelection.Affinity) -> CGRect
    /// One rectangle per piece of a line written in one direction (UIKit's `UITextSelectionRect`s).
    func selectionRects(for range: NSRange) -> [TextSelectionRect]
    func closestPosition(to point: CGPoint) -> Int?
    func closestPosition(to point: CGPoint, within range: NSRange) -> Int?
    func position(from offset: Int, offset by: Int) -> Int?
    func position(from offset: Int, in direction: TextSelectionNavigation.Direction, offset count: Int) -> Int?
    func baseWritingDirection(for offset: Int) -> TextSelectionNavigation.WritingDirection
    func baseWritingDirection(
        for position: Int, in direction: TextStorageDirection
    ) -> TextSelectionNavigation.WritingDirection

    /// The range between two positions, given in either order; nil when either is outside the
    /// document (UIKit's `textRange(from:to:)`).
    func textRange(from fromPosition: Int, to toPosition: Int) -> NSRange?
    /// How `position` is ordered against `other` (UIKit's `compare(_:to:)`).
    func compare(_ position: Int, to other: Int) -> ComparisonResult
    /// UTF-16 units from `from` to `toPosition`, negative when `toPosition` comes first (UIKit's
    /// `offset(from:to:)`).
    func offset(from: Int, to toPosition: Int) -> Int
    /// Finds units of text around positions (UIKit's `tokenizer`).
    var tokenizer: any TextInputTokenizer { get }

    // UIKit's `UITextInput` and `UIKeyInput`, in offsets.
    var hasText: Bool { get }
    var beginningOfDocument: Int { get }
    var endOfDocument: Int { get }
    var markedTextRange: NSRange? { get }
    var selectedTextRange: NSRange? { get set }
    func text(in range: NSRange) -> String?
    func replace(_ range: NSRange, withText text: String)
    var markedTextStyle: [NSAttributedString.Key: Any]? { get set }
    var inputDelegate: (any TextInputDelegate)? { get set }
    func setMarkedText(_ string: String?, selectedRange: NSRange)
    func characterRange(at point: CGPoint) -> NSRange?
    func position(within range: NSRange, farthestIn direction: TextSelectionNavigation.Direction) -> Int?
    func characterRange(byExtending position: Int, in direction: TextSelectionNavigation.Direction) -> NSRange?

    // The rest of AppKit's `NSTextInputClient`.
    func setMarkedText(_ string: AttributedString, selectedRange: NSRange, replacementRange: NSRange)
    func attributedString() -> AttributedString
    func fractionOfDistanceThroughGlyph(for point: CGPoint) -> CGFloat
    func baselineDeltaForCharacter(at index: Int) -> CGFloat
}
