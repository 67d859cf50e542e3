import CGtk
import COpenTextKitGTK
import Foundation
import OpenTextKit
import Testing

@testable import OpenTextKitGTK

/// What an input method asks of the text around the caret, through the widget's own
/// `GtkIMContext` as an input method asks it (`gtk_im_context_get_surrounding_with_selection`
/// emits retrieve-surrounding, `gtk_im_context_delete_surrounding` emits delete-surrounding): the
/// text around the caret with the caret and anchor in bytes, and deletions counted in characters
/// from the caret, in Kannada and Arabic.
@MainActor
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb (scripts/install-deps.sh)"))
struct SurroundingTextTests {
    static let text = "Hello ಕನ್ನಡ مرحبا"

    /// A widget on `text` with `selection`, and its input-method context; the widget is let go
    /// when `body` returns.
    func withWidget(
        _ text: String = SurroundingTextTests.text, selection: NSRange,
        _ body: (TextViewWidget, UnsafeMutablePointer<GtkIMContext>) throws -> Void
    ) throws {
        try #require(InProcessDisplay.isReady)
        let view = TextViewWidget(textView: TextView(storage: TextContentStorage(string: text)))
        let widget = try #require(view.widget)
        g_object_ref_sink(UnsafeMutableRawPointer(widget))
        defer { g_object_unref(UnsafeMutableRawPointer(widget)) }
        view.textView.setSelectedRange(selection)
        try body(view, try #require(view.inputMethodContext))
    }

    /// What the input method reads: the text, and the caret and anchor as byte offsets into it.
    func surrounding(_ context: UnsafeMutablePointer<GtkIMContext>) -> (text: String, caret: Int, anchor: Int)? {
        var text: UnsafeMutablePointer<CChar>?
        var caret: Int32 = 0
        var anchor: Int32 = 0
        guard gtk_im_context_get_surrounding_with_selection(context, &text, &caret, &anchor) != 0, let text else {
            return nil
        }
        defer { g_free(text) }
        return (String(cString: text), Int(caret), Int(anchor))
    }

    @Test func theInputMethodReadsTheTextAroundTheCaretWithCaretAndAnchorInBytes() throws {
        // The caret after ಕನ್ನಡ (UTF-16 offset 11); "Hello " is 6 bytes, ಕನ್ನಡ 15.
        try withWidget(selection: NSRange(location: 11, length: 0)) { _, context in
            let around = try #require(surrounding(context))
            #expect(around.text == Self.text)
            #expect(around.caret == 21 && around.anchor == 21)
        }
        // A selection of مرحبا: the anchor at its start, the caret at its end (10 bytes later).
        try withWidget(selection: NSRange(location: 12, length: 5)) { _, context in
            let around = try #require(surrounding(context))
            #expect(around.anchor == 22 && around.caret == 32, "\(around)")
        }
    }

    @Test func theInputMethodDeletesCharactersAroundTheCaret() throws {
        try withWidget(selection: NSRange(location: 11, length: 0)) { view, context in
            // The last two characters (scalars) before the caret: ನ and ಡ of ಕನ್ನಡ.
            #expect(gtk_im_context_delete_surrounding(context, -2, 2) != 0)
            #expect(view.textView.textContentStorage.string == "Hello ಕನ್ مرحبا")
            #expect(view.textView.selectedRange() == NSRange(location: 9, length: 0))
            // The space and the first Arabic letter after the caret.
            #expect(gtk_im_context_delete_surrounding(context, 0, 2) != 0)
            #expect(view.textView.textContentStorage.string == "Hello ಕನ್رحبا")
            // Past what it was shown: refused, nothing deleted.
            #expect(gtk_im_context_delete_surrounding(context, -100, 2) == 0)
            #expect(gtk_im_context_delete_surrounding(context, 0, 50) == 0)
            #expect(view.textView.textContentStorage.string == "Hello ಕನ್رحبا")
            // Undo takes the deletions back (a run of deletions is one step, as Backspace's is).
            view.textView.undo()
            #expect(view.textView.textContentStorage.string == Self.text)
        }
    }

    /// A document far longer than what is shown to the input method: it reads a window around
    /// the caret, not the whole text.
    @Test func aLongDocumentShowsTheInputMethodAWindowAroundTheCaret() throws {
        let long = String(repeating: "ಕನ್ನಡ مرحبا ", count: 20_000)
        let caret = long.utf16.count / 2
        try withWidget(long, selection: NSRange(location: caret, length: 0)) { _, context in
            let around = try #require(surrounding(context))
            #expect(around.text.utf16.count <= 2 * TextViewWidget.surroundingReach + 1)
            #expect(around.text.utf16.count >= TextViewWidget.surroundingReach)
            #expect(around.caret > 0 && around.caret < around.text.utf8.count)
        }
    }
}
