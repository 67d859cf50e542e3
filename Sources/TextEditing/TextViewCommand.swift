import Foundation
import TextLayout

/// A command of the text view: AppKit's standard editing actions (`moveLeft:`,
/// `deleteBackward:`, ...), typed. Key bindings and menus name one and call
/// `TextView.perform(_:)`; `doCommand(by:)` reads AppKit's selector names into one at the edge.
/// Every command acts on every selection.
///
/// ```swift
/// view.perform(.move(.left, .word, extending: true))   // moveWordLeftAndModifySelection:
/// TextViewCommand(selector: "deleteBackward:")         // .delete(.backward, .character)
/// ```
public enum TextViewCommand: Hashable, Sendable {
    /// Moves every selection (with `extending`, extends it); `confined` stops at its paragraph's
    /// start or the end of its text, and goes no further when already there.
    case move(
        TextSelectionNavigation.Direction, TextSelectionNavigation.Destination, extending: Bool = false,
        confined: Bool = false)
    /// Deletes at every selection, as the delete keys do; `decomposing` takes one scalar off the
    /// cluster before the caret (`deleteBackwardByDecomposingPreviousCharacter:`).
    case delete(TextSelectionNavigation.Direction, TextSelectionNavigation.Destination, decomposing: Bool = false)
    /// Moves every caret a viewport's height down or up, keeping its column.
    case page(down: Bool, extending: Bool = false)
    /// A paragraph break (`insertNewline:`, `insertParagraphSeparator:`).
    case insertNewline
    /// A line break within the paragraph, U+2028 (`insertLineBreak:`).
    case insertLineBreak
    case insertTab
    case selectAll
    /// Each selection widened to the word, line or paragraph around it.
    case select(TextSelection.Granularity)
    /// Swaps the two characters around each caret.
    case transpose
    case undo
    case redo

    /// The command AppKit names `selector` (the colon included; "AndModifySelection" extends),
    /// or nil for a name it does not know.
    public init?(selector: String) {
        var name = selector
        let extending = name.hasSuffix(Self.extendingSuffix)
        if extending { name = String(name.dropLast(Self.extendingSuffix.count)) + ":" }
        if let move = Self.moves[name] {
            self = .move(
                move.direction, move.destination, extending: extending, confined: Self.confinedMoves.contains(name))
            return
        }
        if let deletion = Self.deletions[name], !extending {
            self = .delete(deletion.direction, deletion.destination, decomposing: name == Self.decomposingDeletion)
            return
        }
        switch name {
        case "pageDown:", "pageUp:": self = .page(down: name == "pageDown:", extending: extending)
        case _ where extending: return nil
        case "insertNewline:", "insertParagraphSeparator:": self = .insertNewline
        case "insertLineBreak:": self = .insertLineBreak
        case "insertTab:": self = .insertTab
        case "selectAll:": self = .selectAll
        case "selectWord:": self = .select(.word)
        case "selectLine:": self = .select(.line)
        case "selectParagraph:": self = .select(.paragraph)
        case "transpose:": self = .transpose
        case "undo:": self = .undo
        case "redo:": self = .redo
        default: return nil
        }
    }

    /// AppKit's selector name for the command, or nil when AppKit has none (a move by a word up).
    public var selector: String? {
        switch self {
        case .move(let direction, let destination, let extending, let confined):
            guard
                let name = Self.moves.first(where: {
                    $0.value == Move(direction, destination) && Self.confinedMoves.contains($0.key) == confined
                })?.key
            else { return nil }
            return extending ? String(name.dropLast()) + Self.extendingSuffix : name
        case .delete(let direction, let destination, let decomposing):
            if decomposing {
                return direction == .backward && destination == .character ? Self.decomposingDeletion : nil
            }
            return Self.deletions.first {
                $0.value == Move(direction, destination) && $0.key != Self.decomposingDeletion
            }?.key
        case .page(let down, let extending):
            return (down ? "pageDown" : "pageUp") + (extending ? Self.extendingSuffix : ":")
        case .insertNewline: return "insertNewline:"
        case .insertLineBreak: return "insertLineBreak:"
        case .insertTab: return "insertTab:"
        case .selectAll: return "selectAll:"
        case .select(.word): return "selectWord:"
        case .select(.line): return "selectLine:"
        case .select(.paragraph): return "selectParagraph:"
        case .select: return nil
        case .transpose: return "transpose:"
        case .undo: return "undo:"
        case .redo: return "redo:"
        }
    }

    private static let extendingSuffix = "AndModifySelection:"
    private static let decomposingDeletion = "deleteBackwardByDecomposingPreviousCharacter:"

    private struct Move: Equatable {
        let direction: TextSelectionNavigation.Direction
        let destination: TextSelectionNavigation.Destination
        init(_ direction: TextSelectionNavigation.Direction, _ destination: TextSelectionNavigation.Destination) {
            self.direction = direction
            self.destination = destination
        }
    }

    /// AppKit's move actions (without "AndModifySelection").
    private static let moves: [String: Move] = [
        "moveLeft:": Move(.left, .character), "moveRight:": Move(.right, .character),
        "moveForward:": Move(.forward, .character), "moveBackward:": Move(.backward, .character),
        "moveUp:": Move(.up, .character), "moveDown:": Move(.down, .character),
        "moveWordLeft:": Move(.left, .word), "moveWordRight:": Move(.right, .word),
        "moveWordForward:": Move(.forward, .word), "moveWordBackward:": Move(.backward, .word),
        "moveToBeginningOfLine:": Move(.backward, .line), "moveToEndOfLine:": Move(.forward, .line),
        "moveToLeftEndOfLine:": Move(.left, .line), "moveToRightEndOfLine:": Move(.right, .line),
        "moveToBeginningOfParagraph:": Move(.backward, .paragraph), "moveToEndOfParagraph:": Move(.forward, .paragraph),
        "moveParagraphBackward:": Move(.backward, .paragraph), "moveParagraphForward:": Move(.forward, .paragraph),
        "moveToBeginningOfDocument:": Move(.backward, .document), "moveToEndOfDocument:": Move(.forward, .document),
    ]

    /// The moves that stay in the caret's paragraph: to its start or the end of its text, and
    /// no further when already there (`moveParagraphBackward:` and `moveParagraphForward:` go
    /// on to the previous or next paragraph).
    private static let confinedMoves: Set<String> = ["moveToBeginningOfParagraph:", "moveToEndOfParagraph:"]

    /// AppKit's delete actions (`deleteToBeginningOfParagraph:` and `deleteToEndOfParagraph:`
    /// delete to the paragraph's edge, or the separator when already there; see
    /// `TextSelectionNavigation.deletionRanges`).
    private static let deletions: [String: Move] = [
        "deleteBackward:": Move(.backward, .character), "deleteForward:": Move(.forward, .character),
        decomposingDeletion: Move(.backward, .character),
        "deleteWordBackward:": Move(.backward, .word), "deleteWordForward:": Move(.forward, .word),
        "deleteToBeginningOfLine:": Move(.backward, .line), "deleteToEndOfLine:": Move(.forward, .line),
        "deleteToBeginningOfParagraph:": Move(.backward, .paragraph),
        "deleteToEndOfParagraph:": Move(.forward, .paragraph),
    ]
}
