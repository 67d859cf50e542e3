import CGtk
import Foundation
import OpenTextKit

extension TextViewWidget {
    /// The colour of Writing Tools' proofreading underlines (GNOME's accent blue).
    static let proposalUnderlineColor = TextColor(red: 0.21, green: 0.52, blue: 0.89)

    /// Shows `paths` (container coordinates) as underlines over the text: the changes a Writing
    /// Tools session proposes, waiting for the user (`WritingToolsCoordinator.propose`). Empty
    /// takes them away.
    public func showWritingToolsUnderlines(_ paths: [WritingToolsCoordinator.UnderlinePath]) {
        writingToolsUnderlines = paths
        queueDraw()
    }

    /// Plays a Writing Tools animation of `range` (document offsets) in the text: the session
    /// marks the text (faint where it goes, on green where it comes) and the widget shows it for
    /// `duration` before the session goes on. For `TextViewWritingTools.playAnimation`.
    public func playWritingToolsAnimation(
        _ animation: WritingToolsCoordinator.TextAnimation, phase: TextViewWritingTools.AnimationPhase,
        duration: Duration
    ) async {
        guard phase == .prepare, animation == .remove || animation == .insert, duration > .zero else { return }
        queueDraw()
        try? await Task.sleep(for: duration)
    }

    /// Draws the underlines `showWritingToolsUnderlines(_:)` set, two pixels thick.
    func snapshotWritingToolsUnderlines(_ snapshot: OpaquePointer, shift: CGPoint) {
        for path in writingToolsUnderlines {
            for (from, to) in zip(path.points, path.points.dropFirst()) {
                let rect = CGRect(
                    x: min(from.x, to.x), y: min(from.y, to.y) - 1, width: abs(to.x - from.x),
                    height: max(2, abs(to.y - from.y)))
                append(Self.proposalUnderlineColor, rect.offsetBy(dx: shift.x, dy: shift.y), to: snapshot)
            }
        }
    }
}
