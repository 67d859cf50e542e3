import Foundation
import TextContent

/// What a `TextView` hears its content's edits through: an observer of the content storage
/// beside the view's layout manager, holding the view weakly. Every edit reaches it, the
/// view's own and those made elsewhere (on the storage itself, or through another view of the
/// same storage), so that the view can move or end what it keeps in offsets (the marked text).
final class TextViewContentObserver: TextContentObserving {
    weak var view: TextView?

    func textContentManager(_ textContentManager: TextContentManager, didProcess changes: TextContentChangeSet) {
        view?.contentDidChange(changes)
    }
}
