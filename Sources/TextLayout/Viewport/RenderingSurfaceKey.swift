import Foundation

/// Names what a fragment draws, so that a surface drawn for it can be found again: TextKit's
/// `NSTextViewportRenderingSurfaceKey`. Stable across layout passes while the fragment's layout
/// is unchanged: a fragment that only moved (an edit above it) has the same key; one laid out
/// again has a new one.
public struct RenderingSurfaceKey: Hashable, @unchecked Sendable {
    /// The layout the key names (kept alive by the key, so identities are never reused).
    private let layout: AnyObject

    init(layout: AnyObject) {
        self.layout = layout
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.layout === rhs.layout }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(layout)) }
}
