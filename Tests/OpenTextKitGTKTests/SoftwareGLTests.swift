import CGtk
import COpenTextKitGTK
import Foundation
import Testing

@testable import OpenTextKitGTK

/// Without a GPU GTK's GL renderer rasterizes on the processor (Mesa's llvmpipe), as under Xvfb:
/// the editor then has GTK draw with Cairo (GTK 4.14's own choice), unless the user chose a
/// renderer with `GSK_RENDERER`.
@MainActor
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb (scripts/install-deps.sh)"))
struct SoftwareGLTests {
    /// Runs `body` with `GSK_RENDERER` as `value` (nil: unset), then puts it back.
    func withRendererVariable(_ value: String?, _ body: () throws -> Void) rethrows {
        let saved = getenv("GSK_RENDERER").map { String(cString: $0) }
        if let value { setenv("GSK_RENDERER", value, 1) } else { unsetenv("GSK_RENDERER") }
        defer { if let saved { setenv("GSK_RENDERER", saved, 1) } else { unsetenv("GSK_RENDERER") } }
        try body()
    }

    @Test func xvfbsGLIsSoftwareAndTheCairoRendererIsChosen() throws {
        try #require(InProcessDisplay.isReady)
        // Xvfb's GL is always Mesa's software rasterizer, GPU or none.
        #expect(otk_gl_is_software(gdk_display_get_default()) != 0)
        withRendererVariable(nil) {
            #expect(SoftwareGL.preferCairoRenderer())
            #expect(getenv("GSK_RENDERER").map { String(cString: $0) } == "cairo")
        }
    }

    @Test(arguments: ["ngl", "gl", "cairo"])
    func theUsersChoiceStands(_ renderer: String) throws {
        try #require(InProcessDisplay.isReady)
        withRendererVariable(renderer) {
            #expect(!SoftwareGL.preferCairoRenderer())
            #expect(getenv("GSK_RENDERER").map { String(cString: $0) } == renderer)
        }
    }

    @Test func noDisplayIsNoSoftwareGL() {
        #expect(otk_gl_is_software(nil) == 0)
    }
}
