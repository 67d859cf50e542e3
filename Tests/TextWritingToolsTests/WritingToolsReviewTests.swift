import Foundation
import TestFixtures
import Testing
import TextAttributes
import TextContent
import TextEditing
import TextLayout
import TextProofreading
import TextRendering
@testable import TextWritingTools

/// A proofreading session that proposes first: its changes underlined where the view shows
/// them, the view refusing other edits while they wait, then applied with their animations
/// (previews of each line, one undo step) or dismissed (nothing changes).
@Suite struct WritingToolsReviewTests {
    /// Two paragraphs, the first long enough to wrap at 300 points, with misspellings in
    /// English beside Arabic and Kannada.
    static func document() -> AttributedString {
        let arabic = MixedSamples.text("ar_Arab").split(separator: " ").prefix(4).joined(separator: " ")
        return AttributedString(
            "Teh sea is calm tonight and ಕನ್ನಡ \(arabic) is fine, the tide is full and the moon lies fair "
                + "upon the straits.\nThe the end cames here.")
    }

    func session() -> (TextView, TextViewWritingTools, WritingToolsCoordinator) {
        let view = TextView(
            storage: TextContentStorage(attributedString: Self.document()),
            layoutManager: TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0))))
        view.visibleRect = CGRect(x: 0, y: 0, width: 300, height: 400)
        view.layoutIfNeeded()
        let tools = TextViewWritingTools(textView: view)
        return (view, tools, WritingToolsCoordinator(delegate: tools))
    }

    @Test func proposalsAreUnderlinedAndWaitWhileTheViewRefusesOtherEdits() async throws {
        let (view, tools, coordinator) = session()
        let before = view.textContentStorage.string
        let proposals = try await coordinator.propose(
            .proofread, scope: .fullDocument, using: try ProofreadingService(language: "en-US"))
        #expect(proposals.map { String($0.suggestion.replacement.characters) } == ["The", "", "canes"])
        #expect(coordinator.state == .interactiveResting && tools.isWritingToolsActive)
        #expect(view.textContentStorage.string == before)
        // Each underline runs under its word: the word's rectangle, at its bottom.
        let first = try #require(proposals.first)
        let word = view.selectionRects(for: NSRange(location: 0, length: 3)).map(\.rect)
        #expect(first.underlinePaths.count == 1)
        let path = try #require(first.underlinePaths.first)
        #expect(path.points.count == 2 && path.points[0].x == word[0].minX && path.points[1].x == word[0].maxX)
        #expect(path.points[0].y > word[0].midY && path.points[0].y < word[0].maxY)
        // Meanwhile the view takes no edit, the user's or the app's, and no undo.
        view.setSelectedRange(NSRange(location: 4, length: 0))
        view.insertText("x")
        view.attributedText = AttributedString("replaced")
        view.undo()
        #expect(view.textContentStorage.string == before)
        // Applied: the changes, their animations in order, one undo step.
        var played: [String] = []
        tools.playAnimation = { animation, phase, range in played.append("\(animation) \(phase) \(range)") }
        let steps = view.undoStack.undoStepCount
        #expect(await coordinator.applyProposals() == 3)
        let after = view.textContentStorage.string
        #expect(after.hasPrefix("The sea is calm") && after.hasSuffix("The end canes here."), "\(after)")
        #expect(coordinator.state == .inactive && !tools.isWritingToolsActive && !view.isEditingSuspended)
        #expect(
            played.first?.hasPrefix("anticipate prepare") == true && played.last?.hasPrefix("anticipate finish") == true
        )
        #expect(played.filter { $0.hasPrefix("remove prepare") }.count == 3)
        #expect(played.filter { $0.hasPrefix("insert finish") }.count == 3)
        // The last change is played first: "cames" at the end of the text.
        let cames = before.utf16.count - " here.".utf16.count - "cames".utf16.count
        #expect(played.dropFirst().first == "remove prepare \(cames)..<\(cames + 5)")
        // No animation's marks are left on the text.
        #expect(
            view.textLayoutManager.renderingAttributes(for: view.renderingSurfaces[0].textLayoutFragment)
                .allSatisfy { $0.attributes.foregroundColor == nil && $0.attributes.backgroundColor == nil })
        #expect(view.undoStack.undoStepCount == steps + 1)
        view.undo()
        #expect(view.textContentStorage.string == before)
    }

    @Test func dismissedProposalsChangeNothing() async throws {
        let (view, tools, coordinator) = session()
        let before = view.textContentStorage.string
        let steps = view.undoStack.undoStepCount
        _ = try await coordinator.propose(
            .proofread, scope: .fullDocument, using: try ProofreadingService(language: "en-US"))
        await coordinator.dismissProposals()
        #expect(coordinator.state == .inactive && coordinator.proposals.isEmpty && !tools.isWritingToolsActive)
        #expect(view.textContentStorage.string == before && view.undoStack.undoStepCount == steps)
        view.setSelectedRange(NSRange(location: 0, length: 0))
        view.insertText("A")
        #expect(view.textContentStorage.string == "A" + before)
    }

    @Test func previewsAreOneALineDrawnWithTextRendering() async throws {
        let (view, tools, coordinator) = session()
        tools.previewImage = { [manager = view.textLayoutManager] rect in manager.previewImage(of: rect, scale: 2) }
        let contexts = await tools.writingToolsCoordinator(coordinator, requestContextsFor: .fullDocument)
        let context = try #require(contexts.first)
        // The first paragraph wraps: a preview for each of its lines.
        let paragraph = Self.document().characters.firstIndex(of: "\n").map {
            Self.document().utf16.distance(from: Self.document().startIndex, to: $0)
        }!
        let previews = await tools.writingToolsCoordinator(
            coordinator, requestsPreviewFor: .remove, of: 0 ..< paragraph, in: context)
        let lines = view.renderingSurfaces[0].textLayoutFragment.lineCount
        #expect(lines >= 2)
        #expect(previews.count == lines)
        for preview in previews {
            let image = try #require(preview.image)
            #expect(abs(CGFloat(image.pixelWidth) - preview.presentationFrame.width * 2) <= 2)
            #expect(abs(CGFloat(image.pixelHeight) - preview.presentationFrame.height * 2) <= 2)
            #expect(!preview.candidateRects.isEmpty)
        }
        #expect(
            zip(previews, previews.dropFirst()).allSatisfy {
                $0.presentationFrame.maxY <= $1.presentationFrame.minY + 0.5
            })
        // Drawn: the picture of the first line has ink.
        let first = try #require(previews.first?.image)
        #expect(first.pngData.count > 200)
    }

    /// A preview of a rectangle that cannot be drawn (not finite, empty, larger than an image
    /// may be) is no image, not a trap.
    @Test func anAbsurdPreviewRectangleIsNoImage() {
        let (view, _, _) = session()
        let manager = view.textLayoutManager
        #expect(manager.previewImage(of: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 20)) == nil)
        #expect(manager.previewImage(of: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 20)) == nil)
        #expect(manager.previewImage(of: .zero) == nil)
        #expect(manager.previewImage(of: CGRect(x: 0, y: 0, width: 1e9, height: 1e9)) == nil)
        #expect(manager.previewImage(of: CGRect(x: 0, y: 0, width: 40, height: 15)) != nil)
    }

    /// Proposals waiting when their host has gone: applying them changes nothing and ends the
    /// session (it stayed resting before).
    @Test func proposalsWhoseHostWentEndTheSession() async throws {
        var (view, tools, coordinator): (TextView?, TextViewWritingTools?, WritingToolsCoordinator) = session()
        _ = try await coordinator.propose(
            .proofread, scope: .fullDocument, using: try ProofreadingService(language: "en-US"))
        #expect(coordinator.state == .interactiveResting)
        withExtendedLifetime(view) {}
        (view, tools) = (nil, nil)
        #expect(await coordinator.applyProposals() == 0)
        #expect(coordinator.state == .inactive && coordinator.proposals.isEmpty)
        _ = tools
    }
}
