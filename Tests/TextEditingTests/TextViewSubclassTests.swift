import Foundation
import TestFixtures
import Testing
import TextContent
import TextEditing
@_spi(Rendering) import TextLayout
import TextRendering

/// `TextView` as a base class: it is its viewport layout controller's delegate, and a subclass
/// extends it the WWDC26 way, overriding the delegate's methods and calling super.
@Suite struct TextViewSubclassTests {
    /// 400 paragraphs in English, Arabic, Hebrew, Thai and Kannada; some wrap at 420 points.
    static let text: String = (0 ..< 400).map { index in
        let sample = ["ar_Arab", "he_Hebr", "th_Thai", "kn_Knda"].map(MixedSamples.text)[index % 4]
        return index % 3 == 0
            ? "Paragraph \(index), which wraps: \(sample) \(sample)" : "Paragraph \(index): \(sample.prefix(24))"
    }.joined(separator: "\n")

    /// A subclass as an app writes one: it logs each call, calls super, and checks in did-layout
    /// that super's work is done.
    final class RecordingView: TextView {
        var log: [String] = []
        var configured: [TextLayoutFragment] = []
        /// Surfaces the controller held for the configured fragments, seen in did-layout.
        var surfacesSeenInDidLayout: [TextLayoutFragmentSurface] = []
        let label: String

        /// A subclass's own initializer, calling the designated one.
        init(text: String, label: String) {
            self.label = label
            super.init(
                storage: TextContentStorage(string: text),
                layoutManager: TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 420, height: 0))))
            visibleRect = CGRect(x: 0, y: 0, width: 420, height: 300)
        }

        override func textViewportLayoutControllerWillLayout(
            _ textViewportLayoutController: TextViewportLayoutController
        ) {
            super.textViewportLayoutControllerWillLayout(textViewportLayoutController)
            log.append("will")
            configured = []
        }

        override func textViewportLayoutController(
            _ textViewportLayoutController: TextViewportLayoutController,
            configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
        ) {
            super.textViewportLayoutController(
                textViewportLayoutController, configureRenderingSurfaceFor: textLayoutFragment)
            log.append("configure")
            configured.append(textLayoutFragment)
        }

        override func textViewportLayoutControllerDidLayout(
            _ textViewportLayoutController: TextViewportLayoutController
        ) {
            super.textViewportLayoutControllerDidLayout(textViewportLayoutController)
            log.append("did")
            surfacesSeenInDidLayout = configured.compactMap {
                textViewportLayoutController.renderingSurface(forKey: $0.renderingSurfaceKey)
                    as? TextLayoutFragmentSurface
            }
        }
    }

    @Test func aViewIsItsViewportControllersDelegate() {
        let view = TextView(storage: TextContentStorage(string: "שלום\nمرحبا\nಕನ್ನಡ"))
        #expect(view.textLayoutManager.textViewportLayoutController.delegate === view)
        #expect(view.visibleRect == CGRect(x: 0, y: 0, width: 600, height: 0))
        let subclass = RecordingView(text: "ภาษาไทย", label: "x")
        #expect(subclass.textLayoutManager.textViewportLayoutController.delegate === subclass)
        #expect(subclass.label == "x")
    }

    /// will, then configure once for each fragment in the viewport, top to bottom, then did; and
    /// super's work (a surface for each fragment, held by the controller, placed at its frame)
    /// is done by the time the subclass's did-layout runs. Scrolling in steps, small and large.
    @Test func overridesRunInOrderAndSuperConfiguresTheSurfaces() throws {
        let view = RecordingView(text: Self.text, label: "")
        let controller = view.textLayoutManager.textViewportLayoutController
        for y in [0, 40, 700, 5_000, 1_300, 12_000, 200] as [CGFloat] {
            view.log = []
            view.visibleRect.origin.y = y
            view.layoutIfNeeded()
            let visible = controller.visibleFragments
            #expect(!visible.isEmpty)
            #expect(view.log == ["will"] + Array(repeating: "configure", count: visible.count) + ["did"])
            #expect(view.configured.map(\.renderingSurfaceKey) == visible.map(\.renderingSurfaceKey))
            #expect(
                view.configured.map(\.layoutFragmentFrame.minY)
                    == view.configured.map(\.layoutFragmentFrame.minY).sorted())
            #expect(view.renderingSurfaces.map(\.renderingSurfaceKey) == visible.map(\.renderingSurfaceKey))
            #expect(
                view.surfacesSeenInDidLayout.map(ObjectIdentifier.init)
                    == view.renderingSurfaces.map(ObjectIdentifier.init))
            for (surface, fragment) in zip(view.renderingSurfaces, visible) {
                #expect(surface.frame == fragment.layoutFragmentFrame)
                #expect(surface.textLayoutFragment === fragment)
                #expect(
                    surface.drawingBounds.contains(CGPoint(x: surface.frame.midX, y: surface.frame.midY))
                        || surface.frame.height == 0)
            }
            // The view follows the viewport's anchor, and is laid out.
            #expect(view.visibleRect.minY == controller.viewportBounds.minY)
            #expect(!view.needsLayout)
        }
    }

    /// A fragment that stays in the viewport keeps its surface; one that leaves and comes back
    /// gets its surface back from the view's cache, unless the cache keeps none.
    @Test(arguments: [64, 0])
    func surfacesAreKeptWhileTheirLayoutLasts(_ cacheLimit: Int) throws {
        let view = RecordingView(text: Self.text, label: "")
        view.renderingSurfaceCacheLimit = cacheLimit
        view.layoutIfNeeded()
        let first = try #require(view.renderingSurfaces.first)
        let second = try #require(view.renderingSurfaces.dropFirst().first)
        // A small scroll: the second paragraph is still on screen, with the same surface.
        view.visibleRect.origin.y += first.frame.height
        view.layoutIfNeeded()
        let kept = try #require(view.renderingSurfaces.first { $0.renderingSurfaceKey == second.renderingSurfaceKey })
        #expect(kept === second)
        // Far away and back: the first paragraph's layout is unchanged.
        view.visibleRect.origin.y = 8_000
        view.layoutIfNeeded()
        #expect(!view.renderingSurfaces.contains { $0.renderingSurfaceKey == first.renderingSurfaceKey })
        view.visibleRect.origin.y = 0
        view.layoutIfNeeded()
        let back = try #require(view.renderingSurfaces.first { $0.renderingSurfaceKey == first.renderingSurfaceKey })
        #expect((back === first) == (cacheLimit > 0))
    }

    /// An edit asks for layout (the controller tells the view), as does a scroll or a resize by
    /// the host; a layout clears it, and the view following its anchor does not set it.
    @Test func needsLayoutFollowsEditsScrollsAndLayouts() {
        let view = RecordingView(text: Self.text, label: "")
        #expect(view.needsLayout)
        view.layoutIfNeeded()
        #expect(!view.needsLayout)
        view.log = []
        view.layoutIfNeeded()
        #expect(view.log.isEmpty, "nothing to do")
        view.setSelectedRange(NSRange(location: 3, length: 0))
        view.insertText("ಕ", replacementRange: NSRange(location: NSNotFound, length: 0))
        #expect(view.needsLayout)
        view.layoutIfNeeded()
        #expect(!view.needsLayout)
        #expect(
            view.renderingSurfaces.first?.textLayoutFragment.textElement.attributedString.characters.starts(
                with: "Parಕagraph") == true)
        view.visibleRect.size.height = 500
        #expect(view.needsLayout)
        view.layoutIfNeeded()
        #expect(!view.needsLayout)
    }

    /// `scrollRangeToVisible` works on the view alone (it is its own viewport's delegate), and
    /// a subclass can override it.
    @Test func scrollRangeToVisibleCanBeOverridden() throws {
        final class ScrollingView: TextView {
            var requests: [NSRange] = []
            override func scrollRangeToVisible(_ range: NSRange) {
                requests.append(range)
                super.scrollRangeToVisible(range)
            }
        }
        let storage = TextContentStorage(string: Self.text)
        let view = ScrollingView(storage: storage)
        view.visibleRect = CGRect(x: 0, y: 0, width: 600, height: 300)
        view.layoutIfNeeded()
        let middle = storage.utf16Length / 2
        for offset in [middle, storage.utf16Length, 0] {
            view.scrollRangeToVisible(NSRange(location: offset, length: 0))
            let location = try #require(storage.location(storage.documentRange.location, offsetBy: offset))
            let fragment = try #require(view.textLayoutManager.textLayoutFragment(for: location))
            #expect(view.renderingSurfaces.contains { $0.renderingSurfaceKey == fragment.renderingSurfaceKey })
        }
        #expect(view.requests.map(\.location) == [middle, storage.utf16Length, 0])
    }

    /// A code editor's paste: plain text only, whatever comes in (both `paste` calls reach the
    /// override), then super's paste at every caret; and a copy that marks what it hands out.
    @Test func copyAndPasteCanBeOverridden() {
        final class CodeView: TextView {
            var pasted: [String] = []
            override func paste(_ text: AttributedString) {
                pasted.append(String(text.characters))
                super.paste(AttributedString(String(text.characters)))
            }
            override func copy() -> AttributedString {
                var copied = super.copy()
                copied.link = URL(string: "https://example.com/copied")
                return copied
            }
        }
        let view = CodeView(storage: TextContentStorage(string: "שלום مرحبا ಕನ್ನಡ ภาษาไทย"))
        var bold = AttributedString("ಕ")
        bold.font = FontDescriptor(family: "serif", size: 30)
        view.setSelectedRange(NSRange(location: 0, length: 0))
        view.paste(bold)
        view.paste("ก")
        #expect(view.pasted == ["ಕ", "ก"])
        #expect(view.textContentStorage.string.hasPrefix("ಕกשלום"))
        #expect(
            view.textContentStorage.attributedString.runs.allSatisfy { $0.font == nil },
            "the override pasted plain text")
        view.setSelectedRange(NSRange(location: 0, length: 2))
        #expect(view.copy().link != nil)
        // cut copies through the override, as AppKit's cut: calls copy:.
        let cut = view.cut()
        #expect(String(cut.characters) == "ಕก")
        #expect(cut.link != nil)
        #expect(view.textContentStorage.string.hasPrefix("שלום"))
    }

    /// The view draws its viewport's surfaces; a subclass draws behind them before super (a
    /// current-line band, as code editors do). Text inks where its fragments are, in every
    /// script, and nothing is drawn below the last one.
    @Test func drawingCanBeExtended() throws {
        final class BandView: TextView {
            var band: CGRect = .null
            override func draw(_ dirtyRect: CGRect, in context: any TextDrawingContext) {
                context.fill(band, color: TextColor(red: 1, green: 1, blue: 0))
                super.draw(dirtyRect, in: context)
            }
        }
        let text = ["English line", "שורה בעברית", "سطر عربي", "บรรทัดภาษาไทย", "ಕನ್ನಡದ ಸಾಲು"].joined(separator: "\n")
        // Right-to-left lines end at the container's right edge: 300 points, as the image.
        let view = BandView(
            storage: TextContentStorage(string: text),
            layoutManager: TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0))))
        view.visibleRect = CGRect(x: 0, y: 0, width: 300, height: 200)
        view.layoutIfNeeded()
        #expect(view.renderingSurfaces.count == 5)
        let second = view.renderingSurfaces[1].frame
        view.band = CGRect(x: 0, y: second.minY, width: 300, height: second.height)
        let image = try DrawingSurface.image(size: CGSize(width: 300, height: 200), scale: 1)
        let context = try image.makeContext()
        context.fillBackground(TextColor(white: 1))
        view.draw(view.visibleRect, in: context)
        try context.checkStatus()
        let pixels = try #require(image.pixels())
        func count(in rect: CGRect, _ test: (UInt8, UInt8, UInt8) -> Bool) -> Int {
            var n = 0
            for y in Int(rect.minY) ..< min(200, Int(rect.maxY.rounded(.up))) {
                for x in 0 ..< 300 where test(pixels[x, y].red, pixels[x, y].green, pixels[x, y].blue) { n += 1 }
            }
            return n
        }
        let dark: (UInt8, UInt8, UInt8) -> Bool = { Int($0) + Int($1) + Int($2) < 300 }
        for surface in view.renderingSurfaces {
            #expect(
                count(in: surface.frame, dark) > 10,
                "\(surface.textLayoutFragment.textElement.attributedString.characters) is drawn")
        }
        #expect(
            count(in: view.band.insetBy(dx: 0, dy: 1)) { $0 > 200 && $1 > 200 && $2 < 60 } > 100,
            "the band is behind the text")
        let last = try #require(view.renderingSurfaces.last)
        #expect(
            count(in: CGRect(x: 0, y: last.frame.maxY + 2, width: 300, height: 200 - last.frame.maxY - 2), dark) == 0)
    }

    /// A host keeping something of its own per fragment makes its own surfaces; the view
    /// configures and reuses them as its own.
    @Test func aSubclassMakesItsOwnSurfaces() throws {
        final class NodeSurface: TextLayoutFragmentSurface {
            var drawCount = 0
            override func draw(in context: any TextDrawingContext, renderingAttributes: [RenderingAttributeRun] = []) {
                drawCount += 1
                super.draw(in: context, renderingAttributes: renderingAttributes)
            }
        }
        final class NodeView: TextView {
            var made = 0
            override func makeRenderingSurface(for textLayoutFragment: TextLayoutFragment) -> TextLayoutFragmentSurface
            {
                made += 1
                return NodeSurface(textLayoutFragment: textLayoutFragment)
            }
        }
        let view = NodeView(storage: TextContentStorage(string: Self.text))
        view.visibleRect = CGRect(x: 0, y: 0, width: 600, height: 240)
        view.layoutIfNeeded()
        let count = view.renderingSurfaces.count
        #expect(count > 3)
        #expect(view.made == count)
        #expect(view.renderingSurfaces.allSatisfy { $0 is NodeSurface })
        // Laid out again where it is: nothing new is made.
        view.needsLayout = true
        view.layoutIfNeeded()
        #expect(view.made == count)
        let image = try DrawingSurface.image(size: CGSize(width: 600, height: 240))
        let context = try image.makeContext()
        view.draw(view.visibleRect, in: context)
        #expect(view.renderingSurfaces.compactMap { ($0 as? NodeSurface)?.drawCount }.allSatisfy { $0 == 1 })
    }
}
