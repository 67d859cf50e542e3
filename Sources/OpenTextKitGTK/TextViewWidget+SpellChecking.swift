import CGtk
import Foundation
import OpenTextKit

extension TextViewWidget {
    /// Starts continuous spell checking (AppKit's `isContinuousSpellCheckingEnabled`): what the
    /// view lays out is checked off GTK's thread in `language` (and each run in the language its
    /// `languageIdentifier` names), misspelt words underlined with red waves, repeated words and
    /// small letters starting a sentence with green ones. Throws when there is no dictionary of
    /// `language` (the error names the Debian package).
    ///
    /// ```swift
    /// try view.startSpellChecking(language: "en-US")
    /// let issue = view.textCheckingController?.issues(at: offset).first
    /// ```
    public func startSpellChecking(language: String = "en-US") throws(ProofreadingError) {
        stopSpellChecking()
        let controller = try TextCheckingController(textView: textView, language: language)
        // The worker's word reaches the widget on GTK's thread.
        let show = IdleCall { [weak self] in self?.showCheckedResults() }
        controller.resultsAvailable = { show.schedule() }
        textCheckingController = controller
        queueDraw()
    }

    /// Stops spell checking; every mark goes.
    public func stopSpellChecking() {
        guard let controller = textCheckingController else { return }
        controller.resultsAvailable = nil
        controller.isEnabled = false
        textCheckingController = nil
        queueDraw()
    }

    /// The checker finished paragraphs: their marks shown, and drawn. Marks may have come to
    /// text prepared beyond what is shown: it is prepared again (its layout kept, the nodes of
    /// what was marked drawn again while idle rather than in the frame that scrolls to them).
    func showCheckedResults() {
        guard textCheckingController?.showCheckedResults() == true else { return }
        if preparation.preparedBelow != nil || preparation.preparedAbove != nil {
            preparation.forget()
            preparation.isWanted = true
        }
        queueDraw()
    }
}
