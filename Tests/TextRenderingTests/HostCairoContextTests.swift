internal import CCairo
import Foundation
import Testing
import TextContent
import TextLayout
import TextRendering

/// `RenderingContext(cairoContext:)`: drawing through a Cairo context a host hands (GTK's
/// snapshot gives one), in its coordinates, leaving its state as it was.
@Suite struct HostCairoContextTests {
    @Test func textIsDrawnThroughTheHostsContextAtItsTranslation() throws {
        let (_, manager) = makeLayout(AttributedString("مرحبا ಕನ್ನಡ host"), width: 300)
        let fragment = try #require(fragments(of: manager).first)
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 400, 100))
        defer { cairo_surface_destroy(surface) }
        let cairo = try #require(cairo_create(surface))
        defer { cairo_destroy(cairo) }
        // The host has moved its origin 50 pixels right and 40 down, as GTK's snapshot does.
        cairo_translate(cairo, 50, 40)
        do {
            let context = try RenderingContext(cairoContext: cairo)
            context.translate(by: CGPoint(x: 1_000, y: 1_000))
            context.translate(by: CGPoint(x: -1_000, y: -1_000))
            fragment.draw(at: .zero, in: context)
            try context.checkStatus()
        }
        // The context's own moves are gone with it: the host's translation is as it set it.
        var x = 0.0, y = 0.0
        cairo_user_to_device(cairo, &x, &y)
        #expect(x == 50 && y == 40)
        cairo_surface_flush(surface)
        let data = try #require(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var inkAbove = 0, inkIn = 0
        for row in 0 ..< 100 {
            for column in 0 ..< 400 where data[row * stride + column * 4 + 3] > 0 {
                if row < 40 || column < 50 { inkAbove += 1 } else { inkIn += 1 }
            }
        }
        #expect(inkIn > 100, "the text is drawn")
        #expect(inkAbove == 0, "nothing is drawn above or left of the host's origin")
    }

    @Test func aContextInAnErrorStateIsRefused() throws {
        // Cairo's error surface for an impossible size gives a context in an error state.
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, -1, -1))
        defer { cairo_surface_destroy(surface) }
        let cairo = try #require(cairo_create(surface))
        defer { cairo_destroy(cairo) }
        #expect(throws: RenderingError.self) { try RenderingContext(cairoContext: cairo) }
    }
}
