import CGtk
import Foundation
import Observation
import OpenTextKit

/// SwiftUI's `TextEditor(text: $text, selection: $selection)` for GTK: an editor widget bound to
/// an `AttributedString` and an `AttributedTextSelection` that an app's `@Observable` model
/// holds, the two in step both ways. The app changes the model (a toolbar's
/// `text.transformAttributes(in: &selection) { ... }`, as the seed writes it) and the widget shows
/// it, one undo step; the user types, clicks or pastes and the model changes, one undo step per
/// action, as the view keeps them.
///
/// ```swift
/// @Observable final class Note {
///     var text = AttributedString("Select text to format")
///     var selection = AttributedTextSelection()
/// }
/// let note = Note()
/// let editor = TextEditor(note, text: \.text, selection: \.selection)
/// gtk_box_append(box, editor.widget)
/// ```
///
/// Its formatting definition (SwiftUI's `attributedTextFormattingDefinition`) constrains what
/// typing and pasting bring in, and its font resolution context is the app's. Like the rest of
/// the engine it is used on GTK's thread; a model changed elsewhere is shown once GTK's main
/// loop runs.
public final class TextEditor {
    /// The widget that shows and edits the text.
    public let view: TextViewWidget
    /// What a window holds.
    public var widget: UnsafeMutablePointer<GtkWidget>? { view.widget }
    /// The model's text and selection, read and written (the model and its key paths).
    private let modelText: ModelProperty<AttributedString>
    private let modelSelection: ModelProperty<AttributedTextSelection>
    /// The text as the widget and the model last agreed on it.
    private var agreedText: AttributedString

    /// An editor of `model`'s `text` and `selection`, with `formattingDefinition` (none: any
    /// attributes) and `fontResolutionContext`.
    public init<Model: AnyObject & Observable>(
        _ model: Model, text: ReferenceWritableKeyPath<Model, AttributedString>,
        selection: ReferenceWritableKeyPath<Model, AttributedTextSelection>,
        formattingDefinition: (any AttributedTextFormattingDefinition)? = nil,
        fontResolutionContext: FontResolutionContext = .standard
    ) {
        modelText = ModelProperty(model, text)
        modelSelection = ModelProperty(model, selection)
        let textView = TextView(storage: TextContentStorage(attributedString: model[keyPath: text]))
        textView.formattingDefinition = formattingDefinition
        textView.fontResolutionContext = fontResolutionContext
        textView.attributedTextSelection = model[keyPath: selection]
        view = TextViewWidget(textView: textView)
        agreedText = model[keyPath: text]
        view.onUserEdit = { [weak self] in self?.writeModel() }
        observeModel()
    }

    /// The user changed the text or the selection: the model takes both.
    private func writeModel() {
        // What the model hears back from this is the editor's own change: its read finds
        // nothing new.
        let current = view.textView.attributedText
        if current != agreedText {
            agreedText = current
            modelText.value = current
        }
        let selected = view.textView.attributedTextSelection
        if modelSelection.value != selected { modelSelection.value = selected }
    }

    /// Hears the model's next change. Observation tells before the change is made, and on the
    /// thread that makes it, so the widget reads the model when GTK's main loop comes round.
    private func observeModel() {
        let read = modelRead
        let text = modelText, selection = modelSelection
        withObservationTracking {
            _ = text.value
            _ = selection.value
        } onChange: {
            read.schedule()
        }
    }

    /// How the observation reaches the editor from any thread: on GTK's, when it is idle.
    private lazy var modelRead = IdleCall { [weak self] in self?.readModel() }

    /// The model changed: the widget shows its text (one undo step) and selection.
    private func readModel() {
        let newText = modelText.value
        if newText != agreedText {
            view.textView.attributedText = newText
            agreedText = newText
        }
        let newSelection = modelSelection.value
        if view.textView.attributedTextSelection != newSelection {
            view.textView.attributedTextSelection = newSelection
        }
        view.queueDraw()
        observeModel()
    }
}

/// One property of an app's model, read and written through its key path.
private final class ModelProperty<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    init<Model: AnyObject>(_ model: Model, _ keyPath: ReferenceWritableKeyPath<Model, Value>) {
        get = { model[keyPath: keyPath] }
        set = { model[keyPath: keyPath] = $0 }
    }

    var value: Value {
        get { get() }
        set { set(newValue) }
    }
}
