import Foundation
import OpenTextKit

/// Text handed to another place, by the clipboard or by drag and drop, three ways: the engine's
/// document format (every attribute, for any OpenTextKit view), HTML for other programs, and
/// plain text.
struct TransferredText {
    let text: String
    let document: Data
    let html: String

    /// `content` three ways; nil when it holds no text.
    init?(_ content: AttributedString, fontResolutionContext: FontResolutionContext) {
        text = String(content.characters[...])
        guard !text.isEmpty else { return nil }
        document = (try? TextDocumentFormat.encode(content)) ?? Data()
        html = ClipboardHTML.html(of: content, fontResolutionContext: fontResolutionContext)
    }
}
