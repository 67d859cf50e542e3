import CGtk
import Foundation

/// A GTK widget an attachment's view provider shows (its `view`): `TextViewWidget` places it
/// over the attachment's frame as a child of the text, moves it with scrolling, clips it to
/// the view, and gives it the pointer and the focus where it is (a button clicks, an entry
/// takes typing). The widget is held (its floating reference sunk) while this object lives.
///
/// ```swift
/// final class ToggleProvider: TextAttachmentViewProvider, @unchecked Sendable {
///     override func loadView() { view = TextAttachmentWidget(gtk_toggle_button_new_with_label("On")) }
/// }
/// TextAttachment.registerViewProviderClass(ToggleProvider.self, forFileType: "org.example.toggle")
/// ```
///
/// Make and let go of it on GTK's thread.
public final class TextAttachmentWidget {
    /// The GTK widget.
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// Holds `widget` (a new widget's floating reference is taken).
    public init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
        g_object_ref_sink(UnsafeMutableRawPointer(widget))
    }

    deinit {
        // A view let go while shown leaves the text's widget first.
        if gtk_widget_get_parent(widget) != nil { gtk_widget_unparent(widget) }
        g_object_unref(UnsafeMutableRawPointer(widget))
    }
}
