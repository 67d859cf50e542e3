import CGtk
import COpenTextKitGTK
import Foundation
import OpenTextKit

/// A widget placed over an attachment, and the provider whose view it is.
struct PlacedAttachmentWidget {
    let host: TextAttachmentWidget
    weak var provider: TextAttachmentViewProvider?
    /// Where it was last allocated, in widget pixels.
    var allocation: GtkAllocation
}

extension TextViewWidget {
    /// Where the attachments' widgets go now, in widget pixels: the views of the text view's
    /// placements that are `TextAttachmentWidget`s (reading a view loads it).
    func attachmentWidgetAllocations() -> [(
        placement: TextAttachmentViewPlacement, host: TextAttachmentWidget, allocation: GtkAllocation
    )] {
        let shift = containerToWidget
        return textView.textAttachmentViewPlacements.compactMap { placement in
            guard let host = placement.provider.view as? TextAttachmentWidget else { return nil }
            let frame = placement.frame.offsetBy(dx: shift.x, dy: shift.y)
            let allocation = GtkAllocation(
                x: Int32(clamping: Int(frame.minX.rounded())), y: Int32(clamping: Int(frame.minY.rounded())),
                width: Int32(clamping: max(1, Int(frame.width.rounded()))),
                height: Int32(clamping: max(1, Int(frame.height.rounded()))))
            return (placement, host, allocation)
        }
    }

    /// Places the attachments' widgets at their frames (GTK's allocation phase, after a layout):
    /// new ones become children of the text, those of attachments that left the viewport are
    /// hidden while their provider keeps its view (`.onScrollingOutOfViewport`) and removed
    /// otherwise.
    func allocateAttachmentWidgets() {
        guard let widget, !textView.textAttachmentViewPlacements.isEmpty || !attachmentWidgets.isEmpty else { return }
        var placed: [ObjectIdentifier: PlacedAttachmentWidget] = [:]
        for (placement, host, allocation) in attachmentWidgetAllocations() {
            if gtk_widget_get_parent(host.widget) != widget { gtk_widget_set_parent(host.widget, widget) }
            gtk_widget_set_child_visible(host.widget, 1)
            // GTK asks for a measure before an allocation, and no less than the minimum (a
            // widget larger than its attachment's frame overflows it there).
            var rect = allocation
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(host.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            rect.width = max(rect.width, minimum)
            gtk_widget_measure(host.widget, GTK_ORIENTATION_VERTICAL, rect.width, &minimum, &natural, nil, nil)
            rect.height = max(rect.height, minimum)
            gtk_widget_size_allocate(host.widget, &rect, -1)
            placed[ObjectIdentifier(host)] = PlacedAttachmentWidget(
                host: host, provider: placement.provider, allocation: allocation)
        }
        for (key, old) in attachmentWidgets where placed[key] == nil {
            if let provider = old.provider, provider.isViewLoaded, provider.view === old.host {
                // Kept out of the viewport: hidden, still a child (its state, its focus kept).
                gtk_widget_set_child_visible(old.host.widget, 0)
                placed[key] = old
            } else if gtk_widget_get_parent(old.host.widget) == widget {
                gtk_widget_unparent(old.host.widget)
            }
        }
        attachmentWidgets = placed
    }

    /// Whether the attachments' widgets are not where the last layout puts them (a layout in
    /// the drawing phase moved them): they are allocated again.
    var attachmentWidgetsMoved: Bool {
        let wanted = attachmentWidgetAllocations()
        let shown = attachmentWidgets.values.filter {
            $0.provider?.view === $0.host && gtk_widget_get_child_visible($0.host.widget) != 0
        }
        guard wanted.count == shown.count else { return true }
        return wanted.contains { want in
            guard let placed = attachmentWidgets[ObjectIdentifier(want.host)] else { return true }
            return placed.allocation.x != want.allocation.x || placed.allocation.y != want.allocation.y
                || placed.allocation.width != want.allocation.width
                || placed.allocation.height != want.allocation.height
        }
    }

    /// Draws the attachments' widgets over the text.
    func snapshotAttachmentWidgets(_ snapshot: OpaquePointer) {
        guard let widget else { return }
        for placed in attachmentWidgets.values where gtk_widget_get_child_visible(placed.host.widget) != 0 {
            gtk_widget_snapshot_child(widget, placed.host.widget, snapshot)
        }
    }

    /// The text's widget is going: its attachments' widgets leave it.
    func removeAttachmentWidgets() {
        for placed in attachmentWidgets.values where gtk_widget_get_parent(placed.host.widget) != nil {
            gtk_widget_unparent(placed.host.widget)
        }
        attachmentWidgets = [:]
    }
}
