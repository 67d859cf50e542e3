import Foundation
import OpenTextKit

/// The view `otk viewport` lays out for: a visible rect that follows the controller's anchor.
final class BenchmarkView: TextViewportLayoutControllerDelegate {
    var visibleRect: CGRect
    var configuredCount = 0

    init(visibleRect: CGRect) {
        self.visibleRect = visibleRect
    }

    func viewportBounds(for controller: TextViewportLayoutController) -> CGRect { visibleRect }

    func textViewportLayoutControllerWillLayout(_ controller: TextViewportLayoutController) {
        configuredCount = 0
    }

    func textViewportLayoutController(
        _ controller: TextViewportLayoutController, configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
    ) {
        configuredCount += 1
    }

    func textViewportLayoutControllerDidLayout(_ controller: TextViewportLayoutController) {
        visibleRect.origin.y = controller.viewportBounds.minY
    }
}
