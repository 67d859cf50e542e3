import CGtk
import Foundation
import OpenTextKit
import Testing

@testable import OpenTextKitGTK

/// The keys the text view binds, as GTK's text widgets bind them.
@Suite struct KeyBindingTests {
    func action(_ keyval: Int32, _ modifiers: UInt32 = 0) -> KeyAction? {
        KeyBinding.action(keyval: UInt32(keyval), modifiers: GdkModifierType(rawValue: modifiers))
    }

    let shift = GDK_SHIFT_MASK.rawValue, control = GDK_CONTROL_MASK.rawValue

    @Test func movesAreVisualAndExtendWithShift() {
        #expect(action(GDK_KEY_Left) == .command(.move(.left, .character)))
        #expect(action(GDK_KEY_KP_Right, shift) == .command(.move(.right, .character, extending: true)))
        #expect(action(GDK_KEY_Left, control | shift) == .command(.move(.left, .word, extending: true)))
        #expect(action(GDK_KEY_Up, control) == .command(.move(.backward, .paragraph)))
        #expect(action(GDK_KEY_Home) == .command(.move(.backward, .line)))
        #expect(action(GDK_KEY_End, control) == .command(.move(.forward, .document)))
        #expect(action(GDK_KEY_Page_Down, shift) == .command(.page(down: true, extending: true)))
    }

    @Test func deletionsReturnTabAndTheClipboard() {
        #expect(action(GDK_KEY_BackSpace) == .command(.delete(.backward, .character)))
        #expect(action(GDK_KEY_BackSpace, control) == .command(.delete(.backward, .word)))
        #expect(action(GDK_KEY_Delete, control) == .command(.delete(.forward, .word)))
        #expect(action(GDK_KEY_Delete, shift) == .cut)
        #expect(action(GDK_KEY_Return) == .command(.insertNewline))
        #expect(action(GDK_KEY_Return, shift) == .command(.insertLineBreak))
        #expect(action(GDK_KEY_Tab) == .command(.insertTab))
        #expect(action(GDK_KEY_Insert, control) == .copy)
        #expect(action(GDK_KEY_Insert, shift) == .paste)
        #expect(action(GDK_KEY_c, control) == .copy)
        #expect(action(GDK_KEY_X, control | shift) == nil, "Ctrl+Shift+X is not cut")
        #expect(action(GDK_KEY_v, control) == .paste)
        #expect(action(GDK_KEY_a, control) == .command(.selectAll))
        #expect(action(GDK_KEY_z, control) == .command(.undo))
        #expect(action(GDK_KEY_Z, control | shift) == .command(.redo))
        #expect(action(GDK_KEY_y, control) == .command(.redo))
    }

    @Test func keysLeftToOthers() {
        // Characters are the input method's; Alt and unknown shortcuts are the window's; other
        // modifiers (Num Lock, a mouse button) do not change a binding.
        #expect(action(GDK_KEY_a) == nil)
        #expect(action(GDK_KEY_s, control) == nil)
        #expect(action(GDK_KEY_Left, GDK_ALT_MASK.rawValue) == nil)
        #expect(action(GDK_KEY_Left, GDK_BUTTON1_MASK.rawValue) == .command(.move(.left, .character)))
    }
}
