import Foundation
import OpenTextKit
import Testing

@testable import OpenTextKitGTK

/// The HTML the view offers other programs on the clipboard: text escaped, formatting kept,
/// links only of safe schemes.
@Suite struct ClipboardHTMLTests {
    func html(_ text: AttributedString) -> String {
        ClipboardHTML.html(of: text, fontResolutionContext: .standard)
    }

    @Test func textThatLooksLikeMarkupStaysText() {
        let text = AttributedString("<script>alert('x')</script> & \"quotes\"")
        #expect(
            html(text)
                == "<meta charset=\"utf-8\"><p>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; "
                + "&amp; &quot;quotes&quot;</p>")
    }

    @Test func formattingBecomesTagsAndParagraphsParagraphs() {
        var text = AttributedString("plain ")
        var bold = AttributedString("bold مرحبا")
        bold.font = FontDescriptor.default.bold()
        var underlined = AttributedString(" ಕನ್ನಡ\nnext")
        underlined.underlineStyle = .single
        text += bold
        text += underlined
        #expect(
            html(text)
                == "<meta charset=\"utf-8\"><p>plain <b>bold مرحبا</b><u> ಕನ್ನಡ</u></p>\n<p><u>next</u></p>")
    }

    @Test func onlySafeLinksAreLinks() {
        var safe = AttributedString("site")
        safe.link = URL(string: "https://example.org/?a=1&b=\"2\"")
        var unsafe = AttributedString(" click")
        unsafe.link = URL(string: "javascript:alert(1)")
        #expect(
            html(safe + unsafe)
                == "<meta charset=\"utf-8\"><p><a href=\"https://example.org/?a=1&amp;b=%222%22\">site</a> click</p>")
    }
}
