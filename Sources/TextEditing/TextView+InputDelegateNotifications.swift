import Foundation

/// How the view tells its input delegate of the changes the input method did not make: once
/// per change, as a will/did pair around it, never nested (see `TextInputDelegate`).
extension TextView {
    /// Runs `body`, which changes the text (and the selection with it), telling the input
    /// delegate around it: `textWillChange` before, `textDidChange` after. Not told when the
    /// input method makes the change, nor inside a change already being told (an undo's text
    /// and the selection it restores are one change).
    @discardableResult
    func changingText<Result>(_ body: () throws -> Result) rethrows -> Result {
        try changing(body, will: { $0.textWillChange($1) }, did: { $0.textDidChange($1) })
    }

    /// Runs `body`, which changes only the selection, telling the input delegate around it
    /// (`selectionWillChange`, `selectionDidChange`), by the rules of `changingText(_:)`.
    @discardableResult
    func changingSelection<Result>(_ body: () throws -> Result) rethrows -> Result {
        try changing(body, will: { $0.selectionWillChange($1) }, did: { $0.selectionDidChange($1) })
    }

    /// Whether an edit the storage reports now was made by this view (or its input method),
    /// rather than elsewhere (on the storage itself, or through another view).
    var isMakingChange: Bool { inputDelegateChangeDepth > 0 || isInputMethodChange }

    private func changing<Result>(_ body: () throws -> Result, will: (any TextInputDelegate, TextView) -> Void,
                                  did: (any TextInputDelegate, TextView) -> Void) rethrows -> Result {
        // The delegate told before is the one told after, so that its pair is whole.
        let delegate = isMakingChange ? nil : inputDelegate
        if let delegate { will(delegate, self) }
        inputDelegateChangeDepth += 1
        defer {
            inputDelegateChangeDepth -= 1
            if let delegate { did(delegate, self) }
        }
        return try body()
    }
}
