import Foundation
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// Records what a fragment draws, in order: the layout layer draws through the protocol
/// alone, without the rendering layer.
private final class RecordingContext: TextDrawingContext {
    enum Call: Equatable {
        case line(NSRange, CGPoint)
        case fill(CGRect)
        case roundedFill(CGRect, CGFloat)
        case stroke(CGRect)
    }
    var calls: [Call] = []
    func drawLine(_ line: TextLineFragment, at point: CGPoint) { calls.append(.line(line.characterRange, point)) }
    func fill(_ rect: CGRect, color: TextColor) { calls.append(.fill(rect)) }
    func fill(_ rect: CGRect, cornerRadius: CGFloat, color: TextColor) {
        calls.append(.roundedFill(rect, cornerRadius))
    }
    func stroke(_ rect: CGRect, color: TextColor, width: CGFloat, dash: [Double]) { calls.append(.stroke(rect)) }
    func translate(by offset: CGPoint) {}
    func withSavedState<Result>(_ body: () throws -> Result) rethrows -> Result { try body() }
}

private final class FramedFragment: TextLayoutFragment, @unchecked Sendable {
    override var leadingPadding: CGFloat { 10 }
    override func draw(at point: CGPoint, in context: any TextDrawingContext) {
        context.fill(CGRect(origin: point, size: layoutFragmentFrame.size), cornerRadius: 6, color: .black)
        super.draw(at: point, in: context)
        context.stroke(CGRect(origin: point, size: layoutFragmentFrame.size), color: .black, width: 1, dash: [])
    }
}

private final class FramingDelegate: TextLayoutManagerDelegate {
    func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
        in textElement: TextParagraph
    ) -> TextLayoutFragment {
        FramedFragment(textElement: textElement, range: textElement.elementRange)
    }
}

@Suite struct FragmentDrawingTests {
    @Test func theBaseDrawingDrawsEveryLineAtItsPlace() throws {
        let (_, manager) = makeLayout(LayoutSamples.english + "\nمرحبا بالعالم", width: 200)
        for fragment in allFragments(manager) {
            let context = RecordingContext()
            let point = CGPoint(x: 7, y: 100)
            fragment.draw(at: point, in: context)
            let expected = fragment.textLineFragments.map { line in
                RecordingContext.Call.line(
                    line.characterRange,
                    CGPoint(x: 7 + line.typographicBounds.minX, y: 100 + line.typographicBounds.minY))
            }
            #expect(context.calls == expected)
            #expect(expected.count >= 1)
            // A line draws itself through the context too.
            let line = try #require(fragment.textLineFragments.first)
            let lineContext = RecordingContext()
            line.draw(at: point, in: lineContext)
            #expect(lineContext.calls == [.line(line.characterRange, point)])
        }
    }

    @Test func aSubclassDrawsAroundTheText() throws {
        let storage = TextContentStorage(string: "One paragraph\nשלום עולם")
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0)))
        let delegate = FramingDelegate()
        manager.delegate = delegate
        storage.addTextLayoutManager(manager)
        for fragment in allFragments(manager) {
            let context = RecordingContext()
            fragment.draw(at: fragment.layoutFragmentFrame.origin, in: context)
            let frame = fragment.layoutFragmentFrame
            #expect(context.calls.first == .roundedFill(frame, 6))
            #expect(context.calls.last == .stroke(frame))
            #expect(context.calls.count == fragment.textLineFragments.count + 2)
        }
        // An estimated fragment (no lines) draws only what the subclass adds.
        let empty = TextLayoutFragment(textElement: TextParagraph(attributedString: AttributedString("x")), range: nil)
        let context = RecordingContext()
        empty.draw(at: .zero, in: context)
        #expect(context.calls.isEmpty)
    }
}
