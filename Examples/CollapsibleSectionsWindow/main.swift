import CGtk
import Foundation
import OpenTextKit
import OpenTextKitExamples
import OpenTextKitGTK

// `collapsible-sections FILE`: the seed's collapsible sections in a GTK window. Examples'
// `CollapsibleSectionsTextView` (the seed's text view subclass: its content storage's delegate
// hiding the paragraphs of collapsed sections, its viewport delegate overrides finding the
// headings on screen) shown in the widget, a disclosure triangle beside each heading ("# " at a
// paragraph's start); a click on a triangle collapses or expands its section.

/// The widget with a margin of disclosure triangles left of the text.
final class CollapsibleSectionsWidget: TextViewWidget {
    static let marginWidth: CGFloat = 22
    let sections: CollapsibleSectionsTextView
    /// Draws the triangles (each laid out with the engine, as the seed's labels are).
    private let triangles = LineNumberView()

    init(storage: TextContentStorage) {
        sections = CollapsibleSectionsTextView(storage: storage)
        super.init(textView: sections)
        onPress = { [unowned self] point, _ in
            // In the margin, beside a heading: its section toggles.
            guard point.x < 0,
                let header = sections.sectionHeaders.first(where: {
                    $0.frame.minY <= point.y && point.y < $0.frame.maxY
                })
            else { return false }
            sections.toggleSection(headerOffset: header.offset)
            return true
        }
    }

    override var textContainerOrigin: CGPoint {
        CGPoint(x: Self.marginWidth + textContainerInset.width, y: textContainerInset.height)
    }

    override func snapshotBackground(_ snapshot: OpaquePointer, in rect: CGRect) {
        super.snapshotBackground(snapshot, in: rect)
        var attributes = AttributeContainer()
        attributes.font = .system(size: 11)
        attributes.foregroundColor = TextColor(white: 0.35)
        for header in sections.sectionHeaders {
            let collapsed = sections.collapsedSections.contains(header.offset)
            let triangle = collapsed ? "▸" : "▾"
            triangles.draw(triangle, at: .zero, withAttributes: attributes)
            let label = triangles.labels.last!
            appendKeptDrawing(
                "triangle \(triangle)", bounds: CGRect(x: 0, y: 0, width: Self.marginWidth, height: 20),
                at: CGPoint(x: 6, y: header.frame.minY + textContainerOrigin.y), to: snapshot
            ) { context in
                triangles.render(label, in: context, at: .zero)
            }
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: collapsible-sections FILE\n".utf8))
    exit(64)
}
guard gtk_init_check() != 0 else {
    FileHandle.standardError.write(Data("collapsible-sections: cannot open a display\n".utf8))
    exit(69)
}
let storage: TextContentStorage
do { storage = try TextContentStorage(contentsOf: URL(fileURLWithPath: arguments[1])) } catch {
    FileHandle.standardError.write(Data("collapsible-sections: \(arguments[1]): \(error)\n".utf8))
    exit(66)
}
let view = CollapsibleSectionsWidget(storage: storage)
let window = gtk_window_new()!
let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
gtk_window_set_title(gtkWindow, "collapsible-sections")
gtk_window_set_default_size(gtkWindow, 700, 500)
let scrolled = gtk_scrolled_window_new()!
gtk_scrolled_window_set_child(OpaquePointer(scrolled), view.widget)
gtk_window_set_child(gtkWindow, scrolled)
var isClosed = false
let close: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, _ in
    isClosed = true
    return 0
}
g_signal_connect_data(
    window, "close-request", unsafeBitCast(close, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
gtk_window_present(gtkWindow)
gtk_widget_grab_focus(view.widget)
while !isClosed { g_main_context_iteration(nil, 1) }
