import CGtk
import Foundation
import OpenTextKit
import Testing

@testable import OpenTextKitGTK

/// Loads a toggle button drawn green (the test's CSS), the view of a "button" attachment.
final class GreenToggleProvider: TextAttachmentViewProvider, @unchecked Sendable {
    override func loadView() {
        let button = gtk_toggle_button_new()!
        gtk_widget_add_css_class(button, "otk-green")
        view = TextAttachmentWidget(button)
    }
}

/// Loads an entry, the view of a "field" attachment.
final class EntryFieldProvider: TextAttachmentViewProvider, @unchecked Sendable {
    override func loadView() {
        let entry = gtk_entry_new()!
        gtk_widget_add_css_class(entry, "otk-field")
        view = TextAttachmentWidget(entry)
    }
}

/// Attachments shown by real GTK widgets in a real window (GTK in this process, on an Xvfb of
/// its own): where their frames are, moved with scrolling, clipped to the view, clicked and
/// typed into with xdotool, kept while scrolled out by the reuse policy.
@MainActor
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb (scripts/install-deps.sh)"))
struct AttachmentWidgetWindowTests {
    static let toggleType = "org.opentextkit.test.gtk-toggle", fieldType = "org.opentextkit.test.gtk-field"

    /// 80 paragraphs of English and other scripts; paragraph 3 holds a toggle and an entry.
    static func document() -> AttributedString {
        let toggle = TextAttachment(data: nil, ofType: toggleType)
        toggle.bounds = CGRect(x: 0, y: -6, width: 60, height: 26)
        let field = TextAttachment(data: nil, ofType: fieldType)
        field.bounds = CGRect(x: 0, y: -8, width: 160, height: 32)
        var text = AttributedString()
        for index in 0 ..< 80 {
            if index == 3 {
                var piece = AttributedString("Press \u{FFFC} here, then type into \u{FFFC} مرحبا ಕನ್ನಡ\n")
                let marks = piece.characters.indices.filter { piece.characters[$0] == "\u{FFFC}" }
                piece[marks[0] ..< piece.characters.index(after: marks[0])].attachment = toggle
                piece[marks[1] ..< piece.characters.index(after: marks[1])].attachment = field
                text += piece
            } else {
                text += AttributedString("Line \(index) of the text, English and العربية and ไทย.\n")
            }
        }
        return text
    }

    /// `widget` as a pointer to its own GTK type.
    static func cast<T>(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
    }

    /// The box of clearly green pixels on `screen`, if any.
    static func greenBox(_ screen: Screenshot) -> CGRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for row in 0 ..< screen.height {
            for column in 0 ..< screen.width where screen.greenExcess[row * screen.width + column] > 100 {
                minX = min(minX, column)
                maxX = max(maxX, column)
                minY = min(minY, row)
                maxY = max(maxY, row)
            }
        }
        guard maxX >= 0 else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    @Test func attachmentWidgetsSitAtTheirFramesMoveClipAndTakeInput() throws {
        try #require(InProcessDisplay.isReady)
        TextAttachment.registerViewProviderClass(GreenToggleProvider.self, forFileType: Self.toggleType)
        TextAttachment.registerViewProviderClass(EntryFieldProvider.self, forFileType: Self.fieldType)
        let css = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(
            css,
            "button.otk-green, button.otk-green:checked { background: rgb(0, 200, 0); background-image: none; "
                + "min-width: 0; min-height: 0; padding: 0; border: none; box-shadow: none; } "
                + "entry.otk-field { min-height: 0; padding: 0 4px; }", -1)
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), OpaquePointer(css), UInt32(GTK_STYLE_PROVIDER_PRIORITY_USER))

        let view = TextViewWidget(textView: TextView(storage: TextContentStorage(attributedString: Self.document())))
        view.textView.register([.onScrollingOutOfViewport], forTextAttachmentViewProviderType: EntryFieldProvider.self)
        let window = gtk_window_new()!
        gtk_window_set_default_size(Self.cast(window), 640, 360)
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), view.widget)
        gtk_window_set_child(Self.cast(window), scrolled)
        gtk_window_present(Self.cast(window))
        defer { gtk_window_destroy(Self.cast(window)) }
        InProcessDisplay.pump(1.0)

        // The toggle is green where its frame is: 60 x 26, right of "Press ".
        let placements = view.textView.textAttachmentViewPlacements
        try #require(placements.count == 2)
        let toggleFrame = placements[0].frame, fieldFrame = placements[1].frame
        let box = try #require(Self.greenBox(try InProcessDisplay.screenshot()))
        #expect(abs(box.width - 60) <= 1 && abs(box.height - 26) <= 1, "\(box)")
        // The screen position of container coordinates: the same for the entry.
        let origin = CGPoint(x: box.minX - toggleFrame.minX, y: box.minY - toggleFrame.minY)
        #expect(toggleFrame.minX > 30)
        let toggle = try #require(view.attachmentWidgets.values.first { $0.provider === placements[0].provider })
        let field = try #require(view.attachmentWidgets.values.first { $0.provider === placements[1].provider })
        #expect(gtk_widget_get_parent(toggle.host.widget) == view.widget)

        // A scroll of 30 pixels moves it up by 30 with the text.
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))
        gtk_adjustment_set_value(adjustment, 30)
        InProcessDisplay.pump(0.5)
        let moved = try #require(Self.greenBox(try InProcessDisplay.screenshot()))
        #expect(moved.minX == box.minX && moved.minY == box.minY - 30, "\(moved) after \(box)")
        // Scrolled until half of it is above the view: clipped, nothing drawn above the text.
        // (The widget's top is `origin` less the container's origin in it.)
        let widgetTop = origin.y - view.textContainerOrigin.y
        gtk_adjustment_set_value(adjustment, Double(toggleFrame.minY + view.textContainerOrigin.y + 9))
        InProcessDisplay.pump(0.5)
        let clipped = try #require(Self.greenBox(try InProcessDisplay.screenshot()))
        #expect(
            abs(clipped.height - 17) <= 1 && abs(clipped.minY - widgetTop) < 1,
            "\(clipped), the view's top \(widgetTop)")
        gtk_adjustment_set_value(adjustment, 0)
        InProcessDisplay.pump(0.5)

        // A click on it toggles it; the text's caret stays where it was.
        let selectionBefore = view.textView.selectedRange()
        try InProcessDisplay.xdotool(["mousemove", "\(Int(box.midX))", "\(Int(box.midY))", "click", "1"])
        InProcessDisplay.pump(0.5)
        #expect(gtk_toggle_button_get_active(Self.cast(toggle.host.widget)) != 0)
        #expect(view.textView.selectedRange() == selectionBefore)

        // Typing into the entry: its text, not the document's.
        let documentBefore = view.textView.textContentStorage.string
        let fieldPoint = CGPoint(x: origin.x + fieldFrame.midX, y: origin.y + fieldFrame.midY)
        try InProcessDisplay.xdotool(["mousemove", "\(Int(fieldPoint.x))", "\(Int(fieldPoint.y))", "click", "1"])
        InProcessDisplay.pump(0.3)
        try InProcessDisplay.xdotool(["type", "--delay", "20", "abc"])
        InProcessDisplay.pump(0.5)
        #expect(String(cString: gtk_editable_get_text(OpaquePointer(field.host.widget))) == "abc")
        #expect(view.textView.textContentStorage.string == documentBefore)

        // Far down and back: the entry was kept (.onScrollingOutOfViewport) with its text; the
        // toggle (no policy) was let go and made again.
        let loaded = view.textView.textLayoutManager.textAttachmentViewProviderCache.statistics.viewsLoaded
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
        InProcessDisplay.pump(0.5)
        #expect(gtk_widget_get_child_visible(field.host.widget) == 0)
        #expect(gtk_widget_get_parent(field.host.widget) == view.widget)
        #expect(gtk_widget_get_parent(toggle.host.widget) == nil)
        gtk_adjustment_set_value(adjustment, 0)
        InProcessDisplay.pump(0.5)
        let back = view.textView.textAttachmentViewPlacements
        #expect((back[1].provider.view as? TextAttachmentWidget) === field.host)
        #expect(String(cString: gtk_editable_get_text(OpaquePointer(field.host.widget))) == "abc")
        #expect(gtk_widget_get_child_visible(field.host.widget) != 0)
        let statistics = view.textView.textLayoutManager.textAttachmentViewProviderCache.statistics
        #expect(statistics.viewsLoaded == loaded + 1)
        #expect(statistics.viewsKeptOutOfViewport == 1)
        let newToggle = try #require(Self.greenBox(try InProcessDisplay.screenshot()))
        #expect(newToggle == box)
    }
}
