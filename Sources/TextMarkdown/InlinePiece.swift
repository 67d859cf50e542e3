import Foundation
import TextContent

/// One inline run of a block: its characters and how they are presented.
struct InlinePiece {
    var text: String
    var inline: InlinePresentationIntent
    var link: URL?
    var imageURL: URL?
}
