import Foundation
import TextContent

/// One inline run of a block: its characters and how they are presented.
struct InlinePiece {
    var text: String
    var inline: InlinePresentationIntent
    var link: URL?
    var imageURL: URL?
    /// The link's and the image's titles, if they have one.
    var linkTitle: String? = nil
    var imageTitle: String? = nil
}
