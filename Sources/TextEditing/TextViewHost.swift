import Foundation

/// What shows a `TextView` (a GTK widget, a terminal, a test's window): the view tells it when
/// it must be drawn again. A host wraps one view and is its `host`, so an app's subclass of
/// `TextView` (the seed's line-number view, its collapsible sections) runs unchanged on any
/// host.
///
/// ```swift
/// final class Window: TextViewHost {
///     func textViewNeedsDisplay(_ textView: TextView) { scheduleFrame() }
/// }
/// view.host = window
/// ```
public protocol TextViewHost: AnyObject {
    /// The view must be drawn again: its layout was invalidated (an edit, made through it or
    /// elsewhere; new attributes), so its viewport is laid out again before the next frame.
    func textViewNeedsDisplay(_ textView: TextView)
}
