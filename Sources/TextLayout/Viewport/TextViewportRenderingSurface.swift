import Foundation

/// Something an app draws a layout fragment into (a view, a layer, an image): TextKit's
/// `NSTextViewportRenderingSurface`. It has no requirements; the engine only keeps and hands
/// surfaces back.
public protocol TextViewportRenderingSurface: AnyObject {}
