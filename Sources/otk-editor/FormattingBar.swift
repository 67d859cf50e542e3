import CGtk
import Foundation
import OpenTextKit
import OpenTextKitGTK

/// The formatting toolbar of a rich document: Bold, Italic and Underline toggle buttons and a
/// list of heading levels (Body, Heading 1 to 6), each showing the selection's state (read from
/// resolved fonts and the paragraph's presentation intent) and changing it in one undo step.
/// Ctrl+B, Ctrl+I, Ctrl+U and Ctrl+0 to Ctrl+6 do the same from the keyboard. Markdown has no
/// underline: for a Markdown document that button is insensitive.
final class FormattingBar {
    static let headingNames = ["Body", "Heading 1", "Heading 2", "Heading 3", "Heading 4", "Heading 5", "Heading 6"]

    let bar: UnsafeMutablePointer<GtkWidget>
    private let boldButton: UnsafeMutablePointer<GtkWidget>
    private let italicButton: UnsafeMutablePointer<GtkWidget>
    private let underlineButton: UnsafeMutablePointer<GtkWidget>
    private let headingList: UnsafeMutablePointer<GtkWidget>
    /// Set while the widgets are made to show the state (their signals then change nothing).
    private var isShowingState = false
    private let presentation = MarkdownPresentation()
    /// The document's view and format; nil for plain text (the bar is hidden).
    private var document: (view: TextViewWidget, format: DocumentFile.Format)?

    init() {
        bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)
        for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] {
            margin(bar, 4)
        }
        boldButton = Self.toggleButton("<b>B</b>", tooltip: "Bold (Ctrl+B)", in: bar)
        italicButton = Self.toggleButton("<i>I</i>", tooltip: "Italic (Ctrl+I)", in: bar)
        underlineButton = Self.toggleButton("<u>U</u>", tooltip: "Underline (Ctrl+U)", in: bar)
        let names = Self.headingNames.map { strdup($0) } + [nil]
        defer { names.forEach { free($0) } }
        headingList = names.map { UnsafePointer($0) }.withUnsafeBufferPointer {
            gtk_drop_down_new_from_strings($0.baseAddress)
        }
        gtk_widget_set_tooltip_text(headingList, "Paragraph style (Ctrl+0 to Ctrl+6)")
        gtk_widget_set_focus_on_click(headingList, 0)
        gtk_widget_set_margin_start(headingList, 8)
        gtk_box_append(bar.box, headingList)
        let owner = Unmanaged.passUnretained(self).toOpaque()
        for (button, action) in [
            (boldButton, Self.boldClicked), (italicButton, Self.italicClicked),
            (underlineButton, Self.underlineClicked),
        ] {
            button.connect("clicked", owner: owner, unsafeBitCast(action, to: GCallback.self))
        }
        headingList.connect("notify::selected", owner: owner, unsafeBitCast(Self.headingChosen, to: GCallback.self))
        gtk_widget_set_visible(bar, 0)
    }

    /// A toggle button labelled with `markup`, appended to `bar`. It takes no focus when
    /// clicked: the text view keeps the keys and its selection.
    private static func toggleButton(
        _ markup: String, tooltip: String, in bar: UnsafeMutablePointer<GtkWidget>
    ) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_toggle_button_new()!
        let label = gtk_label_new(nil)!
        gtk_label_set_markup(OpaquePointer(label), markup)
        gtk_button_set_child(button.button, label)
        gtk_widget_set_tooltip_text(button, tooltip)
        gtk_widget_set_focus_on_click(button, 0)
        gtk_widget_set_size_request(button, 34, -1)
        gtk_box_append(bar.box, button)
        return button
    }

    /// Shows the bar for `view`'s document, or hides it for plain text.
    func show(for view: TextViewWidget, format: DocumentFile.Format) {
        document = format.isRich ? (view, format) : nil
        gtk_widget_set_visible(bar, format.isRich ? 1 : 0)
        gtk_widget_set_sensitive(underlineButton, format == .markdown ? 0 : 1)
        gtk_widget_set_tooltip_text(
            underlineButton, format == .markdown ? "Markdown has no underline" : "Underline (Ctrl+U)")
        showState()
    }

    /// Makes the buttons and the list show the selection's state.
    func showState() {
        guard let view = document?.view.textView else { return }
        let state = view.formattingState
        isShowingState = true
        defer { isShowingState = false }
        gtk_toggle_button_set_active(boldButton.toggleButton, state.isBold ? 1 : 0)
        gtk_toggle_button_set_active(italicButton.toggleButton, state.isItalic ? 1 : 0)
        gtk_toggle_button_set_active(underlineButton.toggleButton, state.isUnderlined ? 1 : 0)
        gtk_drop_down_set_selected(OpaquePointer(headingList), guint(state.headingLevel))
    }

    /// Ctrl+B, Ctrl+I, Ctrl+U: the opposite of what the selection shows. Each returns whether it
    /// applied (not to plain text, nor underline to Markdown).
    @discardableResult
    func toggleBold() -> Bool { change { $0.setBold(!$0.formattingState.isBold) } }
    @discardableResult
    func toggleItalic() -> Bool { change { $0.setItalic(!$0.formattingState.isItalic) } }
    @discardableResult
    func toggleUnderline() -> Bool {
        guard document?.format != .markdown else { return false }
        return change { $0.setUnderlined(!$0.formattingState.isUnderlined) }
    }

    /// Ctrl+0 to Ctrl+6: the paragraphs of the selection become body text or headings.
    @discardableResult
    func setHeadingLevel(_ level: Int) -> Bool {
        change { $0.setHeadingLevel(level, presentation: presentation, width: DocumentFile.markdownWidth) }
    }

    /// Does `body` to the document's view (when there is one, and the widgets are not being made
    /// to show the state), tells the window of the edit, and shows the state that follows.
    private func change(_ body: (TextView) -> Void) -> Bool {
        guard !isShowingState, let view = document?.view else { return false }
        body(view.textView)
        view.queueDraw()
        view.onUserEdit?()
        showState()
        return true
    }

    private typealias Clicked = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
    private static func bar(_ owner: UnsafeMutableRawPointer?) -> FormattingBar {
        Unmanaged<FormattingBar>.fromOpaque(owner!).takeUnretainedValue()
    }
    private static let boldClicked: Clicked = { _, owner in bar(owner).toggleBold() }
    private static let italicClicked: Clicked = { _, owner in bar(owner).toggleItalic() }
    private static let underlineClicked: Clicked = { _, owner in bar(owner).toggleUnderline() }
    private static let headingChosen:
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
        ) -> Void = { list, _, owner in
            bar(owner).setHeadingLevel(Int(gtk_drop_down_get_selected(OpaquePointer(list))))
        }
}
