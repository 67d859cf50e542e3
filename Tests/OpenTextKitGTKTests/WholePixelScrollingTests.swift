import CGtk
import COpenTextKitGTK
import Foundation
import OpenTextKit
import Testing

@testable import OpenTextKitGTK

/// The scroll bar moves the text by whole pixels, every line by the same number of them, while
/// the heights estimated above are corrected as the text is laid out (GTK's wheel step is a
/// fraction of a pixel over a whole number; a correction is any fraction). Rounded line by line,
/// some lines would stand a pixel off their neighbours after either. GTK in this process, the
/// widget in a scrolled window, its scroll bar's value set as a wheel, a touchpad or a drag would.
@MainActor
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb (scripts/install-deps.sh)"))
struct WholePixelScrollingTests {
    /// A widget 600 x 400 on ResponsiveScrollingTests' text (a third of its paragraphs wrap:
    /// their estimated heights are wrong) in a scrolled window, drawn once.
    func withScrolledWidget(_ body: (TextViewWidget, OpaquePointer) throws -> Void) throws {
        let view = TextViewWidget(
            textView: TextView(storage: TextContentStorage(string: ResponsiveScrollingTests.text)))
        try InProcessWidget.with(view, scrolled: true) { view in
            let adjustment = try #require(view.canvas.flatMap { otk_text_canvas_get_vadjustment($0) })
            try body(view, OpaquePointer(adjustment))
        }
    }

    func draw(_ view: TextViewWidget) {
        InProcessWidget.draw(view)
    }

    /// Where each fragment shown stands in the widget, by the offset its text starts at.
    func shownFragments(_ view: TextViewWidget) -> [Int: CGFloat] {
        let shift = view.containerToWidget.y
        let content = view.textView.textLayoutManager.textContentManager!
        let start = content.documentRange.location
        return Dictionary(
            view.textView.renderingSurfaces.compactMap { surface in
                surface.textLayoutFragment.rangeInElement.map {
                    (content.offset(from: start, to: $0.location), surface.frame.minY + shift)
                }
            }, uniquingKeysWith: { first, _ in first })
    }

    func value(_ adjustment: OpaquePointer) -> CGFloat {
        CGFloat(gtk_adjustment_get_value(UnsafeMutablePointer(adjustment)))
    }

    func setValue(_ adjustment: OpaquePointer, _ value: CGFloat) {
        gtk_adjustment_set_value(UnsafeMutablePointer(adjustment), Double(value))
    }

    func upper(_ adjustment: OpaquePointer) -> CGFloat {
        CGFloat(gtk_adjustment_get_upper(UnsafeMutablePointer(adjustment)))
    }

    @Test func wheelStepsUpThroughEstimatedTextMoveEveryLineByTheSameWholePixels() throws {
        try withScrolledWidget { view, adjustment in
            // A jump to the middle, where nothing was laid out, then wheel steps up into
            // paragraphs whose heights were estimates.
            setValue(adjustment, upper(adjustment) / 2 + 0.37)
            draw(view)
            var corrections = 0
            for _ in 0 ..< 30 {
                let before = shownFragments(view)
                let range = upper(adjustment)
                let top = view.textView.visibleRect.minY
                setValue(adjustment, value(adjustment) - 40.6)
                // Moved by whole pixels, the rest of the step kept in the scroll bar.
                let moved = top - view.textView.visibleRect.minY
                #expect(moved == 40 || moved == 41, "\(moved)")
                draw(view)
                if upper(adjustment) != range { corrections += 1 }
                let after = shownFragments(view)
                let shifts = Set(before.compactMap { key, y in after[key].map { $0 - y } })
                #expect(!shifts.isEmpty)
                #expect(shifts.allSatisfy { abs($0 - $0.rounded()) < 1e-6 }, "\(shifts)")
                #expect(shifts.map { $0.rounded() }.min() == shifts.map { $0.rounded() }.max(), "\(shifts)")
            }
            #expect(corrections >= 3, "estimates were corrected on the way")
        }
    }

    @Test func stepsUnderAPixelAddUpAndTheEndsAreReachedExactly() throws {
        try withScrolledWidget { view, adjustment in
            setValue(adjustment, 100.25)
            #expect(view.textView.visibleRect.minY == 100)
            draw(view)
            #expect(value(adjustment) == 100.25)
            // A touchpad's small steps: neither is half a pixel, together they are more.
            setValue(adjustment, 100.45)
            #expect(view.textView.visibleRect.minY == 100)
            setValue(adjustment, 100.7)
            #expect(view.textView.visibleRect.minY == 101)
            draw(view)
            #expect(value(adjustment) == 100.7)
            // The top and the end are where the scroll bar says, to the fraction.
            setValue(adjustment, 0)
            #expect(view.textView.visibleRect.minY == 0)
            draw(view)
            let end = upper(adjustment) - CGFloat(gtk_adjustment_get_page_size(UnsafeMutablePointer(adjustment)))
            setValue(adjustment, end)
            #expect(view.textView.visibleRect.minY == end)
        }
    }
}
