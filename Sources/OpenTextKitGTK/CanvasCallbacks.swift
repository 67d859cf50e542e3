import CGtk
import COpenTextKitGTK
import Foundation

/// The C functions the canvas calls, each forwarding to the `TextViewWidget` it was made with
/// (the `owner` pointer, retained by the canvas until it is disposed of).
enum CanvasCallbacks {
    static var table: OtkTextCanvasCallbacks {
        OtkTextCanvasCallbacks(
            snapshot: { owner, snapshot, width, height in
                textView(owner).snapshot(snapshot!, width: Int(width), height: Int(height))
            },
            size_allocate: { owner, width, height in textView(owner).allocate(width: Int(width), height: Int(height)) },
            scrolled: { owner in textView(owner).scrollBarDidMove() },
            key_pressed: { owner, keyval, _, state in
                textView(owner).keyPressed(keyval: keyval, modifiers: state) ? 1 : 0
            },
            commit: { owner, text in textView(owner).inputMethodCommitted(String(cString: text!)) },
            preedit_changed: { owner in textView(owner).preeditChanged() },
            retrieve_surrounding: { owner in textView(owner).retrieveSurrounding() ? 1 : 0 },
            delete_surrounding: { owner, offset, count in
                textView(owner).deleteSurrounding(offset: Int(offset), count: Int(count)) ? 1 : 0
            },
            pressed: { owner, count, x, y, button, state in
                textView(owner).pressed(count: Int(count), at: CGPoint(x: x, y: y), button: button, modifiers: state)
            },
            dragged: { owner, x, y in textView(owner).dragged(to: CGPoint(x: x, y: y)) },
            released: { owner in textView(owner).released() },
            paste_data: { owner, mimeType, data, length in
                let bytes = data.map { Data(bytes: $0, count: Int(length)) }
                textView(owner).pasteArrived(mimeType.map { String(cString: $0) }, bytes)
            },
            drag_ended: { owner, action in textView(owner).dragEnded(action: action) },
            drop_motion: { owner, x, y in textView(owner).dropMoved(to: CGPoint(x: x, y: y)) ? 1 : 0 },
            drop_left: { owner in textView(owner).dropLeft() },
            dropped: { owner, text, x, y in
                textView(owner).dropped(String(cString: text!), at: CGPoint(x: x, y: y)) ? 1 : 0
            },
            focus_changed: { owner, focused in textView(owner).focusChanged(focused != 0) },
            menu_action: { owner, name, argument in
                textView(owner).menuActionChosen(String(cString: name!), argument: argument.map { String(cString: $0) })
            },
            dispose: { owner in
                let view = Unmanaged<TextViewWidget>.fromOpaque(owner!)
                view.takeUnretainedValue().canvasDidDispose()
                view.release()
            }
        )
    }
}

/// The view a canvas was made with (a free function: a C function pointer captures nothing).
private func textView(_ owner: UnsafeMutableRawPointer?) -> TextViewWidget {
    Unmanaged<TextViewWidget>.fromOpaque(owner!).takeUnretainedValue()
}
