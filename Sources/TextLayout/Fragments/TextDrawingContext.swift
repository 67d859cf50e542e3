import Foundation
@_spi(Layout) import TextContent

/// Where a fragment draws: TextKit's `CGContext` role, as the layout layer sees it. Layout knows
/// nothing of how pixels are made; the rendering layer's `RenderingContext` is one, and any other
/// drawing back end can be. Coordinates are points, y grows downward.
///
/// A ``TextLayoutFragment`` subclass overrides ``TextLayoutFragment/draw(at:in:)`` and draws
/// through this protocol (a bubble behind its paragraph, say), then calls `super` for the text.
public protocol TextDrawingContext: AnyObject {
    /// Draws `line` (its backgrounds, decorations, glyphs and attachments) with its top-left
    /// corner at `point`.
    func drawLine(_ line: TextLineFragment, at point: CGPoint)
    /// Fills `rect` with `color`.
    func fill(_ rect: CGRect, color: TextColor)
    /// Fills `rect` with its corners rounded by `cornerRadius` (at most half its shorter side).
    func fill(_ rect: CGRect, cornerRadius: CGFloat, color: TextColor)
    /// Outlines `rect` with a line `width` points wide, dashed when `dash` is not empty.
    func stroke(_ rect: CGRect, color: TextColor, width: CGFloat, dash: [Double])
    /// Moves the origin by `offset`.
    func translate(by offset: CGPoint)
    /// Runs `body` and puts the context's state (origin, clip, colour) back afterwards.
    func withSavedState<Result>(_ body: () throws -> Result) rethrows -> Result
    /// The part of the context's coordinates that drawing can still change (its clip), or nil
    /// when unbounded: a fragment draws only the lines that reach into it (a paragraph of
    /// 60,000 lines in a window draws the few the window shows).
    var visibleBounds: CGRect? { get }
    /// Runs `body`, in which every line drawn has `renderingAttributes` (runs in offsets of the
    /// line's paragraph) over its content's attributes: how a fragment's rendering attributes
    /// reach the lines its overridable `draw(at:in:)` draws.
    func withRenderingAttributes(_ renderingAttributes: [RenderingAttributeRun], _ body: () -> Void)
}

extension TextDrawingContext {
    /// Unbounded: every line is drawn.
    public var visibleBounds: CGRect? { nil }

    /// For a context that does not draw rendering attributes (one that records geometry, say):
    /// `body` alone.
    public func withRenderingAttributes(_ renderingAttributes: [RenderingAttributeRun], _ body: () -> Void) {
        body()
    }
}

extension TextLineFragment {
    /// Draws the line with its top-left corner (the origin of its own coordinates) at `point`
    /// (TextKit's `draw(at:in:)`).
    public func draw(at point: CGPoint, in context: any TextDrawingContext) {
        context.drawLine(self, at: point)
    }
}
