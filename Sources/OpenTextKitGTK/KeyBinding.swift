import CGtk
import COpenTextKitGTK
import Foundation
import OpenTextKit

/// What a key does in the text view: a command of the headless view, or one of the clipboard.
enum KeyAction: Equatable {
    case command(TextViewCommand)
    case copy
    case cut
    case paste
}

/// The keys the text view binds, as GTK's own text widgets bind them, each with and without
/// Shift (which extends a move into a selection). Left and Right move visually (in right-to-
/// left text, Left moves forward); Home and End go to the line's ends.
enum KeyBinding {
    /// The modifiers a binding looks at; others (Num Lock, the mouse buttons) are ignored.
    static let relevantModifiers = GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue

    /// The action of `keyval` with `modifiers`, or nil for a key the view leaves to others
    /// (a character the input method did not take, a shortcut of the window).
    static func action(keyval: UInt32, modifiers: GdkModifierType) -> KeyAction? {
        let state = modifiers.rawValue & relevantModifiers
        let shift = state & GDK_SHIFT_MASK.rawValue != 0
        let control = state & GDK_CONTROL_MASK.rawValue != 0
        guard state & GDK_ALT_MASK.rawValue == 0 else { return nil }
        if let move = move(keyval, control: control) {
            return .command(.move(move.direction, move.destination, extending: shift))
        }
        switch (Int32(bitPattern: keyval), control, shift) {
        case (GDK_KEY_Page_Down, false, _), (GDK_KEY_KP_Page_Down, false, _):
            return .command(.page(down: true, extending: shift))
        case (GDK_KEY_Page_Up, false, _), (GDK_KEY_KP_Page_Up, false, _):
            return .command(.page(down: false, extending: shift))
        case (GDK_KEY_BackSpace, _, false): return .command(.delete(.backward, control ? .word : .character))
        case (GDK_KEY_BackSpace, false, true): return .command(.delete(.backward, .character))
        case (GDK_KEY_Delete, false, true), (GDK_KEY_KP_Delete, false, true): return .cut
        case (GDK_KEY_Delete, _, false), (GDK_KEY_KP_Delete, _, false):
            return .command(.delete(.forward, control ? .word : .character))
        case (GDK_KEY_Return, false, false), (GDK_KEY_KP_Enter, false, false): return .command(.insertNewline)
        case (GDK_KEY_Return, false, true), (GDK_KEY_KP_Enter, false, true): return .command(.insertLineBreak)
        case (GDK_KEY_Tab, false, false), (GDK_KEY_KP_Tab, false, false): return .command(.insertTab)
        case (GDK_KEY_Insert, true, false), (GDK_KEY_KP_Insert, true, false): return .copy
        case (GDK_KEY_Insert, false, true), (GDK_KEY_KP_Insert, false, true): return .paste
        default: break
        }
        guard control else { return nil }
        switch (Int32(bitPattern: gdk_keyval_to_lower(keyval)), shift) {
        case (GDK_KEY_a, false): return .command(.selectAll)
        case (GDK_KEY_c, false): return .copy
        case (GDK_KEY_x, false): return .cut
        case (GDK_KEY_v, false): return .paste
        case (GDK_KEY_z, false): return .command(.undo)
        case (GDK_KEY_z, true), (GDK_KEY_y, false): return .command(.redo)
        default: return nil
        }
    }

    private static func move(
        _ keyval: UInt32, control: Bool
    ) -> (direction: TextSelectionNavigation.Direction, destination: TextSelectionNavigation.Destination)? {
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: return (.left, control ? .word : .character)
        case GDK_KEY_Right, GDK_KEY_KP_Right: return (.right, control ? .word : .character)
        case GDK_KEY_Up, GDK_KEY_KP_Up: return control ? (.backward, .paragraph) : (.up, .character)
        case GDK_KEY_Down, GDK_KEY_KP_Down: return control ? (.forward, .paragraph) : (.down, .character)
        case GDK_KEY_Home, GDK_KEY_KP_Home: return (.backward, control ? .document : .line)
        case GDK_KEY_End, GDK_KEY_KP_End: return (.forward, control ? .document : .line)
        default: return nil
        }
    }
}
