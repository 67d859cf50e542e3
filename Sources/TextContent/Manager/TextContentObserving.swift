import Foundation

/// What a content manager tells the layout managers that observe it. `TextLayoutManager`
/// (module TextLayout) conforms; the protocol lives here so that dependencies point down.
public protocol TextContentObserving: AnyObject {
    /// Called after the outermost editing transaction ends (or after a lone edit), with every
    /// edit it made, so that layout can invalidate only what changed.
    func textContentManager(_ textContentManager: TextContentManager, didProcess changes: TextContentChangeSet)

    /// Called when `textContentManager` adds this observer (`addTextLayoutManager`), so a layout
    /// manager learns which content it lays out.
    func textContentManagerDidAdd(_ textContentManager: TextContentManager)

    /// Called when `textContentManager` removes this observer.
    func textContentManagerDidRemove(_ textContentManager: TextContentManager)
}

extension TextContentObserving {
    public func textContentManagerDidAdd(_ textContentManager: TextContentManager) {}
    public func textContentManagerDidRemove(_ textContentManager: TextContentManager) {}
}
