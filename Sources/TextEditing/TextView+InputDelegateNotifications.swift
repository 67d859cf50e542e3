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
        try changing(body, text: true)
    }

    /// Runs `body`, which changes only the selection, telling the input delegate around it
    /// (`selectionWillChange`, `selectionDidChange`), by the rules of `changingText(_:)`.
    @discardableResult
    func changingSelection<Result>(_ body: () throws -> Result) rethrows -> Result {
        try changing(body, text: false)
    }

    /// Whether an edit the storage reports now was made by this view (or its input method),
    /// rather than elsewhere (on the storage itself, or through another view).
    var isMakingChange: Bool { inputDelegateChangeDepth > 0 || isInputMethodChange }

    /// A change being told to the input delegate, from `beginChange(text:)` to `endChange(_:)`.
    struct InputDelegateChange {
        /// The delegate told of its start, to be told of its end (the same one, so that its
        /// pair is whole); nil when none is told.
        let delegate: (any TextInputDelegate)?
        let isText: Bool
    }

    /// Begins a change (of the text, or else of the selection alone), telling the input delegate
    /// by the rules of `changingText(_:)`; `endChange(_:)` ends it.
    func beginChange(text: Bool) -> InputDelegateChange {
        let change = InputDelegateChange(delegate: isMakingChange ? nil : inputDelegate, isText: text)
        if text { change.delegate?.textWillChange(self) } else { change.delegate?.selectionWillChange(self) }
        inputDelegateChangeDepth += 1
        return change
    }

    /// Ends a change `beginChange(text:)` began.
    func endChange(_ change: InputDelegateChange) {
        inputDelegateChangeDepth -= 1
        if change.isText { change.delegate?.textDidChange(self) } else { change.delegate?.selectionDidChange(self) }
    }

    private func changing<Result>(_ body: () throws -> Result, text: Bool) rethrows -> Result {
        let change = beginChange(text: text)
        defer { endChange(change) }
        return try body()
    }
}
