import Foundation
import Testing
import TextContent
import TextEditing
import TextLayout

/// A host is told when its view must be drawn again: after an edit made through the view, one
/// made on the storage directly, and new attributes; not for a change of selection alone, which
/// the host draws itself.
@Suite struct TextViewHostTests {
    final class Host: TextViewHost {
        var requests = 0
        func textViewNeedsDisplay(_ textView: TextView) { requests += 1 }
    }

    @Test func editsMadeAnywhereAskTheHostToDrawAgain() throws {
        let storage = TextContentStorage(string: "مرحبا ಕನ್ನಡ\nsecond")
        let view = TextView(storage: storage)
        let host = Host()
        view.host = host
        view.visibleRect = CGRect(x: 0, y: 0, width: 600, height: 400)
        view.layoutIfNeeded()
        host.requests = 0
        view.insertText("x", replacementRange: NSRange(location: NSNotFound, length: 0))
        #expect(host.requests > 0)
        host.requests = 0
        try storage.replaceContents(in: try #require(storage.textRange(for: 0 ..< 0)), with: "y")
        #expect(host.requests > 0, "an edit made on the storage itself")
        host.requests = 0
        view.layoutIfNeeded()
        view.setSelectedRange(NSRange(location: 3, length: 0))
        #expect(host.requests == 0)
    }

    @Test func theHostIsHeldWeakly() {
        let view = TextView(storage: TextContentStorage(string: "text"))
        do {
            let host = Host()
            view.host = host
        }
        #expect(view.host == nil)
    }
}
