import CGtk
import Foundation
import OpenTextKit
import OpenTextKitGTK

extension EditorWindow {
    /// How long the text of one change is shown going and coming when proposals are applied
    /// (at most; a longer list shares `animationBudget`).
    static let changeAnimation = Duration.milliseconds(120)
    static let animationBudget = Duration.milliseconds(1_500)

    /// F7: proofreads the selection (all of the text when nothing is selected) through a Writing
    /// Tools session with the on-device assistant. The first F7 proposes: each change (a misspelt
    /// word to the dictionary's nearest suggestion, a word said twice, a sentence's small first
    /// letter) is underlined in blue, code blocks and quotations left alone, and the text takes
    /// no edit while they wait. F7 again applies them, each shown going and coming, as one undo
    /// step; Shift+F7 dismisses them. Standard error says how many were proposed and made.
    func proofread() {
        if let proofreading {
            guard proofreading.coordinator.state == .interactiveResting else { return }
            // Proposals made for a document no longer shown go.
            guard proofreading.view === view else {
                dismissProofreading()
                return
            }
            // The underlines go: the text under them changes.
            view.showWritingToolsUnderlines([])
            Task { @MainActor in
                let made = await proofreading.coordinator.applyProposals()
                FileHandle.standardError.write(Data("otk-editor: proofread: \(made) changes\n".utf8))
            }
            return
        }
        let language = view.textCheckingController?.language ?? "en-US"
        let service: ProofreadingService
        do { service = try ProofreadingService(language: language) } catch {
            FileHandle.standardError.write(Data("otk-editor: cannot proofread: \(error)\n".utf8))
            return
        }
        let session = ProofreadingSession(view: view)
        proofreading = session
        session.tools.didEnd = { [weak self, weak session] in
            session?.view.showWritingToolsUnderlines([])
            if self?.proofreading === session { self?.proofreading = nil }
        }
        let scope: WritingToolsCoordinator.ContextScope =
            view.textView.selectedRange().length > 0 ? .userSelection : .fullDocument
        Task { @MainActor in
            do {
                let proposals = try await session.coordinator.propose(.proofread, scope: scope, using: service)
                session.view.showWritingToolsUnderlines(proposals.flatMap(\.underlinePaths))
                // Each change shown going and coming for its share of the budget, at most
                // `changeAnimation` each.
                let share = Self.animationBudget / max(1, 2 * proposals.count)
                session.animation = min(Self.changeAnimation, share)
                FileHandle.standardError.write(Data("otk-editor: proofread: \(proposals.count) proposed\n".utf8))
            } catch {
                FileHandle.standardError.write(Data("otk-editor: proofreading stopped: \(error)\n".utf8))
            }
        }
    }

    /// Shift+F7: the proposals waiting go, the text as it was.
    func dismissProofreading() {
        guard let proofreading, proofreading.coordinator.state == .interactiveResting else { return }
        Task { @MainActor in
            await proofreading.coordinator.dismissProposals()
            FileHandle.standardError.write(Data("otk-editor: proofreading dismissed\n".utf8))
        }
    }
}

/// A proofreading session's host and coordinator, held until it ends. Used on GTK's thread only
/// (the main actor, which `MainActorBridge` has GLib's loop run).
final class ProofreadingSession: @unchecked Sendable {
    let view: TextViewWidget
    let tools: TextViewWritingTools
    let coordinator: WritingToolsCoordinator
    /// How long each change's text is shown going and coming.
    var animation = EditorWindow.changeAnimation

    init(view: TextViewWidget) {
        self.view = view
        tools = TextViewWritingTools(textView: view.textView)
        coordinator = WritingToolsCoordinator(delegate: tools)
        tools.playAnimation = { [unowned self] animation, phase, _ in
            await self.view.playWritingToolsAnimation(animation, phase: phase, duration: self.animation)
        }
    }
}
