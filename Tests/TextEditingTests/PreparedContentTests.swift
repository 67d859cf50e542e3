import Foundation
import TestFixtures
import Testing
import TextContent
import TextEditing
import TextLayout

/// `TextView.prepareContent(in:)`, AppKit's responsive scrolling: the text beyond what is shown
/// is laid out and given surfaces before a scroll shows it, and what is shown does not move.
@Suite struct PreparedContentTests {
    /// 600 paragraphs in English, Arabic, Thai, Kannada and emoji; some wrap at 420 points.
    static let text: String = (0 ..< 600).map { index in
        let sample = ["ar_Arab", "th_Thai", "kn_Knda", "emoji"].map(MixedSamples.text)[index % 4]
        return index % 3 == 0
            ? "Paragraph \(index), which wraps: \(sample) \(sample)" : "Paragraph \(index): \(sample.prefix(24))"
    }.joined(separator: "\n")

    static func makeView(top: CGFloat = 0) -> TextView {
        let view = TextView(
            storage: TextContentStorage(string: text),
            layoutManager: TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 420, height: 0))))
        view.visibleRect = CGRect(x: 0, y: top, width: 420, height: 300)
        view.layoutIfNeeded()
        return view
    }

    /// The screen below is prepared: its fragments have surfaces, what is shown stays, and a
    /// scroll into it finds each fragment's surface made then (nothing new made in that layout).
    @Test func theScreenBelowIsPreparedAndAScrollReusesItsSurfaces() throws {
        let view = Self.makeView(top: 900)
        let visible = view.visibleRect
        let shownKeys = view.renderingSurfaces.map(\.renderingSurfaceKey)
        view.prepareContent(in: visible.union(visible.offsetBy(dx: 0, dy: visible.height)))
        #expect(view.visibleRect == visible)
        #expect(view.preparedContentRect.minY == visible.minY)
        #expect(view.preparedContentRect.maxY >= visible.maxY + visible.height)
        let prepared = view.renderingSurfaces
        #expect(prepared.count > shownKeys.count)
        #expect(Array(prepared.map(\.renderingSurfaceKey).prefix(shownKeys.count)) == shownKeys)
        #expect(prepared.last.map { $0.frame.minY > visible.maxY } == true)
        // The next layout is of what is shown again.
        #expect(view.needsLayout)
        view.layoutIfNeeded()
        #expect(view.renderingSurfaces.map(\.renderingSurfaceKey) == shownKeys)
        #expect(view.preparedContentRect == view.visibleRect)
        // A scroll of a screen shows the prepared surfaces themselves.
        view.visibleRect.origin.y += visible.height
        view.layoutIfNeeded()
        let byKey = Dictionary(prepared.map { ($0.renderingSurfaceKey, $0) }, uniquingKeysWith: { first, _ in first })
        let shown = view.renderingSurfaces.filter { $0.frame.maxY <= view.visibleRect.maxY }
        #expect(!shown.isEmpty)
        for surface in shown {
            #expect(byKey[surface.renderingSurfaceKey] === surface)
        }
    }

    /// Above, after a jump into text whose heights are estimates: measuring them moves no text
    /// that is shown (the visible rectangle follows the anchor, as after any layout).
    @Test func theScreenAboveIsPreparedWithoutMovingWhatIsShown() throws {
        let view = Self.makeView(top: 6_000)
        let first = try #require(view.renderingSurfaces.first)
        let offsetInView = first.frame.minY - view.visibleRect.minY
        let visible = view.visibleRect
        view.prepareContent(in: visible.union(visible.offsetBy(dx: 0, dy: -visible.height)))
        #expect(view.visibleRect.height == visible.height)
        let same = try #require(view.renderingSurfaces.first { $0.renderingSurfaceKey == first.renderingSurfaceKey })
        #expect(same.frame.minY - view.visibleRect.minY == offsetInView)
        #expect(view.preparedContentRect.minY < view.visibleRect.minY)
        #expect(view.renderingSurfaces.first.map { $0.frame.maxY < view.visibleRect.minY } == true)
        view.layoutIfNeeded()
        let again = try #require(view.renderingSurfaces.first { $0.renderingSurfaceKey == first.renderingSurfaceKey })
        #expect(again.frame.minY - view.visibleRect.minY == offsetInView)
    }

    /// Absurd rectangles prepare nothing and lose nothing.
    @Test(arguments: [
        CGRect(x: 0, y: 0, width: 420, height: CGFloat.infinity),
        CGRect(x: 0, y: CGFloat.nan, width: 420, height: 300),
        CGRect(x: 0, y: 0, width: 420, height: 1e12),
    ])
    func absurdRectanglesPrepareNothing(_ rect: CGRect) {
        let view = Self.makeView()
        let keys = view.renderingSurfaces.map(\.renderingSurfaceKey)
        view.prepareContent(in: rect)
        #expect(view.renderingSurfaces.map(\.renderingSurfaceKey) == keys)
        #expect(view.visibleRect == CGRect(x: 0, y: 0, width: 420, height: 300))
    }
}

extension PreparedContentTests {
    /// After a jump into text whose heights are estimates, preparing the screen below and laying
    /// out what is shown again moves nothing that is shown (as a frame would see it).
    @Test(arguments: [3_000, 6_000, 9_000] as [CGFloat])
    func preparingBelowAfterAJumpMovesNothingShown(_ top: CGFloat) throws {
        let view = Self.makeView(top: top)
        let shown = view.renderingSurfaces.map { ($0.renderingSurfaceKey, $0.frame.minY - view.visibleRect.minY) }
        let visible = view.visibleRect
        view.prepareContent(in: visible.union(visible.offsetBy(dx: 0, dy: visible.height / 4)))
        view.layoutIfNeeded()
        let after = Dictionary(
            view.renderingSurfaces.map { ($0.renderingSurfaceKey, $0.frame.minY - view.visibleRect.minY) },
            uniquingKeysWith: { first, _ in first })
        for (key, place) in shown {
            #expect(after[key] == place, "moved from \(place) to \(String(describing: after[key]))")
        }
    }
}
