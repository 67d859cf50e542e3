import Foundation
import TestFixtures
import Testing
import TextAttributes
import TextContent
import TextEditing
import TextProofreading
@testable import TextWritingTools

/// Writing Tools sessions on an engine text view: the coordinator between the view's host
/// (`TextViewWritingTools`) and an assistant (the on-device `ProofreadingService`, or a test
/// assistant that rewrites): protected ranges (code, quotations, the app's) never touched, the
/// session one undo step, the result options honoured, the behaviour obeyed, a change refused
/// where the app changed the text meanwhile. English with Arabic and Kannada (left alone by an
/// English dictionary).
@Suite struct WritingToolsCoordinatorTests {
    static let arabic = MixedSamples.text("ar_Arab")

    /// A paragraph with misspellings, a code block with one, a quotation with one, and another
    /// paragraph.
    static func document() -> AttributedString {
        var text = AttributedString("Teh sea is calm and ಕನ್ನಡ \(arabic) is fine.\n")
        var code = AttributedString("let mispeled = 1\n")
        code.presentationIntent = PresentationIntent(.codeBlock(languageHint: "swift"), identity: 1)
        var quote = AttributedString("A quotd line.\n")
        quote.presentationIntent = PresentationIntent(.blockQuote, identity: 2)
        text.append(code)
        text.append(quote)
        text.append(AttributedString("The the end cames here."))
        return text
    }

    /// A view on `text`, its coordinator and host.
    func session(_ text: AttributedString) -> (TextView, TextViewWritingTools, WritingToolsCoordinator) {
        let view = TextView(storage: TextContentStorage(attributedString: text))
        let tools = TextViewWritingTools(textView: view)
        return (view, tools, WritingToolsCoordinator(delegate: tools))
    }

    @Test func proofreadingTheDocumentLeavesCodeAndQuotesAloneAndIsOneUndoStep() async throws {
        let (view, tools, coordinator) = session(Self.document())
        let before = view.textContentStorage.string
        var told: [String] = []
        tools.willBegin = { told.append("begin \(tools.isWritingToolsActive)") }
        tools.didEnd = { told.append("end \(tools.isWritingToolsActive)") }
        let steps = view.undoStack.undoStepCount
        let applied = try await coordinator.perform(
            .proofread, scope: .fullDocument, using: try ProofreadingService(language: "en-US"))
        let after = view.textContentStorage.string
        // "Teh", the repeated "the" and "cames"; not the misspellings in the code and the quote.
        #expect(applied.count == 3, "\(applied.map(\.explanation))")
        #expect(after.hasPrefix("The sea is calm and ಕನ್ನಡ \(Self.arabic) is fine.\n"), "\(after)")
        #expect(after.contains("let mispeled = 1\n"))
        #expect(after.contains("A quotd line.\n"))
        #expect(after.hasSuffix("The end canes here."), "\(after)")
        #expect(!after.contains("The the"))
        #expect(told == ["begin true", "end false"])
        #expect(!tools.isWritingToolsActive && coordinator.state == .inactive)
        #expect(view.undoStack.undoStepCount == steps + 1)
        view.undo()
        #expect(view.textContentStorage.string == before)
    }

    @Test func aRewritingAssistantNeverTouchesProtectedRangesAndPlainTextViewsGetNoAttributes() async throws {
        let (view, tools, coordinator) = session(Self.document())
        tools.ignoredRanges = { enclosing in
            // The app protects "calm" too.
            let calm = (Self.document().characters.map(String.init).joined() as NSString).range(of: "calm")
            return [calm.location ..< calm.location + calm.length].filter { enclosing.contains($0.lowerBound) }
        }
        let recorder = Recorder(forwardingTo: tools)
        coordinator.delegate = recorder
        coordinator.preferredResultOptions = [.plainText]
        // Proposes every word in capitals, in bold.
        let applied = try await coordinator.perform(
            .rewrite(instruction: "louder"), scope: .fullDocument, using: Shouter())
        let after = view.textContentStorage.string
        #expect(after.hasPrefix("TEH SEA IS calm AND ಕನ್ನಡ"), "\(after)")
        #expect(after.contains("let mispeled = 1\n") && after.contains("A quotd line.\n"))
        #expect(after.hasSuffix("THE THE END CAMES HERE."))
        #expect(applied.allSatisfy { $0.replacement.runs.allSatisfy { $0.attributes == AttributeContainer() } })
        #expect(recorder.proposals.allSatisfy { $0.runs.allSatisfy { $0.attributes == AttributeContainer() } })
        #expect(!recorder.proposals.isEmpty)
        // With rich text allowed, the same words arrive in bold.
        let (_, richTools, rich) = session(Self.document())
        let richRecorder = Recorder(forwardingTo: richTools)
        rich.delegate = richRecorder
        rich.preferredResultOptions = [.richText]
        try await rich.perform(.rewrite(instruction: "louder"), scope: .fullDocument, using: Shouter())
        #expect(richRecorder.proposals.allSatisfy { $0.runs.first?.font?.weight == .bold })
    }

    @Test func theBehaviourIsObeyed() async throws {
        let (view, tools, coordinator) = session(Self.document())
        let before = view.textContentStorage.string
        coordinator.preferredBehavior = .none
        await #expect(throws: WritingToolsCoordinator.SessionError.unavailable) {
            try await coordinator.perform(
                .proofread, scope: .fullDocument, using: try ProofreadingService(language: "en-US"))
        }
        // Limited: the proposals come back, the text stays.
        coordinator.preferredBehavior = .limited
        let proposed = try await coordinator.perform(
            .proofread, scope: .fullDocument, using: try ProofreadingService(language: "en-US"))
        #expect(proposed.count == 3)
        #expect(view.textContentStorage.string == before)
        #expect(coordinator.behavior == .limited)
        coordinator.preferredBehavior = .default
        #expect(coordinator.behavior == .complete)
        // Without its host (held weakly), a clear error.
        _ = tools
        let orphan = WritingToolsCoordinator()
        await #expect(throws: WritingToolsCoordinator.SessionError.noDelegate) {
            try await orphan.perform(.proofread, using: try ProofreadingService(language: "en-US"))
        }
    }

    @Test func theSelectionScopeIsTheSelectionOrTheCaretsParagraph() async throws {
        let (view, tools, coordinator) = session(Self.document())
        let text = view.textContentStorage.string as NSString
        // The caret in the last paragraph: only it is proofread.
        view.setSelectedRange(NSRange(location: text.length - 3, length: 0))
        try await coordinator.perform(.proofread, using: try ProofreadingService(language: "en-US"))
        let after = view.textContentStorage.string
        #expect(after.hasPrefix("Teh sea"))
        #expect(!after.contains("The the"))
        #expect(!tools.isWritingToolsActive)
    }

    @Test func anInsertionInsideAProtectedRangeIsLeftOutAndARangePastTheTextIsNoTrap() async throws {
        let (view, tools, coordinator) = session(Self.document())
        let before = view.textContentStorage.string
        let code = (before as NSString).range(of: "mispeled")
        // Inserts inside the code block, and at the text's start.
        let applied = try await coordinator.perform(
            .rewrite(instruction: "insert"), scope: .fullDocument, using: Inserter(at: [code.location + 2, 0]))
        #expect(applied.map(\.range) == [0 ..< 0])
        #expect(view.textContentStorage.string == "+" + before)
        _ = tools
        // Contexts whose ranges run past their text: proofread as far as the text goes.
        let service = try ProofreadingService(language: "en-US")
        let tail = WritingToolsCoordinator.Context(attributedString: AttributedString("Teh sea"), range: 4 ..< 900)
        #expect(try await service.suggestions(for: .proofread, in: tail).isEmpty)
        let past = WritingToolsCoordinator.Context(attributedString: AttributedString("Teh"), range: 40 ..< 50)
        #expect(try await service.suggestions(for: .proofread, in: past).isEmpty)
        let whole = WritingToolsCoordinator.Context(attributedString: AttributedString("Teh"), range: -4 ..< 90)
        #expect(try await service.suggestions(for: .proofread, in: whole).map(\.range) == [0 ..< 3])
    }

    @Test func theNearestSuggestionIsChosen() {
        #expect(ProofreadingService.nearest(["Te", "Th", "Eh", "The", "Ted"], to: "Teh") == "The")
        #expect(ProofreadingService.nearest(["acmes", "maces", "canes"], to: "cames") == "canes")
        #expect(ProofreadingService.nearest([], to: "x") == nil)
        #expect(ProofreadingService.distance(Array("ಕನ್ನಡ"), Array("ಕನ್ನಡ")) == 0)
    }

    @Test func aChangeWhereTheAppChangedTheTextMeanwhileIsRefused() async throws {
        let (view, tools, coordinator) = session(AttributedString("Teh sea and teh sky."))
        var refusedThroughTheView = false
        // The app changes the first word in the storage itself while the assistant works (an
        // edit through the view is refused while the session runs).
        let applied = try await coordinator.perform(
            .proofread, scope: .fullDocument,
            using: Interrupting(inner: try ProofreadingService(language: "en-US")) {
                view.replace(NSRange(location: 0, length: 3), withText: "Who")
                refusedThroughTheView = view.textContentStorage.string.hasPrefix("Teh")
                let storage = view.textContentStorage
                _ = try? storage.performEditingTransaction {
                    try storage.replaceContents(in: [0 ..< 3], with: [ContentSlice("Our")])
                }
            })
        #expect(refusedThroughTheView)
        #expect(applied.count == 2)
        #expect(tools.refusedChanges == 1)
        #expect(view.textContentStorage.string.hasPrefix("Our sea and "))
        #expect(!view.textContentStorage.string.contains("teh"))
    }
}

/// A test assistant that proposes each word of the context's range in capitals, in bold.
struct Shouter: WritingToolsService {
    func suggestions(
        for request: WritingToolsRequest, in context: WritingToolsCoordinator.Context
    ) async throws -> [WritingToolsSuggestion] {
        let units = Array(String(context.attributedString.characters).utf16)
        var result: [WritingToolsSuggestion] = []
        var start: Int?
        for index in context.range.lowerBound ... context.range.upperBound {
            let isLetter =
                index < context.range.upperBound
                && (Character(Unicode.Scalar(units[index]) ?? " ").isLetter)
            if isLetter, start == nil { start = index }
            if !isLetter, let from = start {
                let word = String(decoding: units[from ..< index], as: UTF16.self)
                var bold = AttributeContainer()
                bold.font = FontDescriptor(family: "DejaVu Sans", size: 13, weight: .bold)
                result.append(
                    WritingToolsSuggestion(
                        range: from ..< index, replacement: AttributedString(word.uppercased(), attributes: bold),
                        explanation: "louder"))
                start = nil
            }
        }
        return result
    }
}

/// A test assistant that inserts "+" at each of `offsets`.
struct Inserter: WritingToolsService {
    let offsets: [Int]

    init(at offsets: [Int]) {
        self.offsets = offsets
    }

    func suggestions(
        for request: WritingToolsRequest, in context: WritingToolsCoordinator.Context
    ) async throws -> [WritingToolsSuggestion] {
        offsets.sorted().map {
            WritingToolsSuggestion(range: $0 ..< $0, replacement: AttributedString("+"), explanation: "insert")
        }
    }
}

/// An assistant that runs `interruption` (the app editing) before answering with `inner`'s.
struct Interrupting<Inner: WritingToolsService>: WritingToolsService, @unchecked Sendable {
    let inner: Inner
    let interruption: () -> Void

    func suggestions(
        for request: WritingToolsRequest, in context: WritingToolsCoordinator.Context
    ) async throws -> [WritingToolsSuggestion] {
        interruption()
        return try await inner.suggestions(for: request, in: context)
    }
}

/// A host that records the text proposed to it and forwards everything to `host`.
final class Recorder: WritingToolsCoordinatorDelegate {
    let host: TextViewWritingTools
    var proposals: [AttributedString] = []

    init(forwardingTo host: TextViewWritingTools) {
        self.host = host
    }

    func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, requestContextsFor scope: WritingToolsCoordinator.ContextScope
    ) async -> [WritingToolsCoordinator.Context] {
        await host.writingToolsCoordinator(coordinator, requestContextsFor: scope)
    }

    func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, replace range: Range<Int>, in context: WritingToolsCoordinator.Context,
        proposedText: AttributedString, reason: WritingToolsCoordinator.TextReplacementReason
    ) async {
        proposals.append(proposedText)
        await host.writingToolsCoordinator(
            coordinator, replace: range, in: context, proposedText: proposedText, reason: reason)
    }

    func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, ignoredRangesIn context: WritingToolsCoordinator.Context
    ) async -> [Range<Int>] {
        await host.writingToolsCoordinator(coordinator, ignoredRangesIn: context)
    }

    func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, willChangeTo state: WritingToolsCoordinator.State
    ) async {
        await host.writingToolsCoordinator(coordinator, willChangeTo: state)
    }
}
