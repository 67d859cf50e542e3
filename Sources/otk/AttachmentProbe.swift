import Foundation
import OpenTextKit

/// The view an `otk edit` attachment shows: a stand-in for a live widget, with a state of its
/// own that a new provider would lose.
final class AttachmentProbeView {
    var state = 0
}

/// The view provider of `otk edit`'s attachment (file type ``fileType``).
final class AttachmentProbeProvider: TextAttachmentViewProvider, @unchecked Sendable {
    static let fileType = "org.opentextkit.otk.attachment-probe"

    override func loadView() { view = AttachmentProbeView() }
}
