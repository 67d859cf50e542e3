import CGtk
import Foundation
import OpenTextKit
import OpenTextKitExamplesGTK
import OpenTextKitGTK

/// The editor's window: the document's text view in a scrolled window, its title the file's
/// name (with a dot while changes are unsaved). Plain text shows line numbers; rich text
/// (Markdown, the engine's documents) shows the formatting toolbar and a disclosure triangle
/// beside each heading, which collapses its section. Ctrl+O opens another file, Ctrl+S saves,
/// Ctrl+F finds and replaces, F7 proofreads (F7 again applies, Shift+F7 dismisses), Ctrl+Q
/// closes.
final class EditorWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    private(set) var document: DocumentFile
    private(set) var view: TextViewWidget
    private let scrolled: UnsafeMutablePointer<GtkWidget>
    private var findBar: FindBar!
    private let formattingBar = FormattingBar()
    private(set) var isClosed = false
    private var hasUnsavedChanges = false {
        didSet { if hasUnsavedChanges != oldValue { updateTitle() } }
    }
    /// The file chooser while it is open.
    private var chooser: OpaquePointer?

    /// Whether the text's spelling is checked (`--no-spell-checking` says not).
    private let checksSpelling: Bool
    /// The proofreading session under way (F7), while its proposals wait or it runs.
    var proofreading: ProofreadingSession?

    init(document: DocumentFile, checksSpelling: Bool = true) {
        self.document = document
        self.checksSpelling = checksSpelling
        window = gtk_window_new()
        view = Self.makeView(for: document)
        gtk_window_set_default_size(window.window, 900, 700)
        scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_ALWAYS)
        gtk_widget_set_vexpand(scrolled, 1)
        findBar = FindBar(view: view)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(column.box, formattingBar.bar)
        gtk_box_append(column.box, findBar.bar)
        gtk_box_append(column.box, scrolled)
        gtk_window_set_child(window.window, column)
        show(document, in: view)
        let owner = Unmanaged.passUnretained(self).toOpaque()
        window.connect("close-request", owner: owner, unsafeBitCast(Self.closeRequested, to: GCallback.self))
        addShortcut("<Control>s", owner: owner, action: Self.saveShortcut)
        addShortcut("<Control>q", owner: owner, action: Self.closeShortcut)
        addShortcut("<Control>f", owner: owner, action: Self.findShortcut)
        addShortcut("<Control>o", owner: owner, action: Self.openShortcut)
        addShortcut("F7", owner: owner, action: Self.proofreadShortcut)
        addShortcut("<Shift>F7", owner: owner, action: Self.dismissProofreadingShortcut)
        addShortcut("<Control>b", owner: owner, action: Self.boldShortcut)
        addShortcut("<Control>i", owner: owner, action: Self.italicShortcut)
        addShortcut("<Control>u", owner: owner, action: Self.underlineShortcut)
        for level in 0 ... 6 {
            addShortcut("<Control>\(level)", owner: owner, action: Self.headingShortcut, argument: Int32(level))
        }
    }

    func present() {
        gtk_window_present(window.window)
        if let widget = view.widget { gtk_widget_grab_focus(widget) }
    }

    /// The view for `document`: line numbers beside plain text, section triangles beside rich
    /// text (whose headings are its presentation intents').
    private static func makeView(for document: DocumentFile) -> TextViewWidget {
        guard document.format.isRich else { return LineNumberedTextViewWidget(storage: document.storage) }
        let view = CollapsibleSectionsWidget(storage: document.storage)
        view.sections.headingRule = .presentationIntent
        return view
    }

    /// Puts `view` of `document` in the window, the toolbar and the find bar on it.
    private func show(_ document: DocumentFile, in view: TextViewWidget) {
        self.document = document
        self.view = view
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), view.widget)
        view.accessibleLabel = (document.path as NSString).lastPathComponent
        if checksSpelling { startSpellChecking(in: view) }
        findBar.view = view
        formattingBar.show(for: view, format: document.format)
        view.onUserEdit = { [unowned self] in formattingBar.showState() }
        // Every edit of the content (typed, replaced, formatted, undone) leaves it unsaved.
        document.storage.addTextLayoutManager(EditObserver { [weak self] in self?.hasUnsavedChanges = true })
        hasUnsavedChanges = false
        updateTitle()
    }

    /// Checks the spelling in the desktop's language (`LANG`), or in English where it has no
    /// dictionary; with none at all the text is shown unchecked, and standard error says why.
    private func startSpellChecking(in view: TextViewWidget) {
        let languages =
            [SpellingDictionary.language(fromLocale: ProcessInfo.processInfo.environment["LANG"])]
            .compactMap { $0 } + ["en-US"]
        var failure: ProofreadingError?
        for language in languages {
            do {
                try view.startSpellChecking(language: language)
                return
            } catch {
                failure = failure ?? error
            }
        }
        if let failure {
            FileHandle.standardError.write(Data("otk-editor: spelling not checked: \(failure)\n".utf8))
        }
    }

    /// Saves; a failure is said in a dialog (and on standard error), the file untouched.
    /// Returns whether the file was written.
    @discardableResult
    func save() -> Bool {
        do {
            try document.save()
            hasUnsavedChanges = false
            FileHandle.standardError.write(Data("otk-editor: saved \(document.path)\n".utf8))
            return true
        } catch {
            FileHandle.standardError.write(Data("otk-editor: could not save \(document.path): \(error)\n".utf8))
            _ = EditorDialog(
                title: "Not saved", message: "\(document.path) was not saved, and is as it was: \(error)",
                buttons: ["_OK"], over: window
            ) { _ in }
            return false
        }
    }

    /// Opens the file at `path` in place of the document shown; a file that cannot be opened
    /// is said in a dialog, and the document shown stays.
    func open(_ path: String) {
        do {
            let opened = try DocumentFile(path: path)
            show(opened, in: Self.makeView(for: opened))
            FileHandle.standardError.write(Data("otk-editor: opened \(path)\n".utf8))
            present()
        } catch {
            FileHandle.standardError.write(Data("otk-editor: could not open \(path): \(error)\n".utf8))
            _ = EditorDialog(
                title: "Not opened", message: "\(path) could not be opened: \(error)", buttons: ["_OK"], over: window
            ) { _ in }
        }
    }

    /// Ctrl+O: asks first when there are unsaved changes, then shows the file chooser.
    private func chooseFile() {
        guard chooser == nil else { return }
        askToSave(before: "opening another file") { [unowned self] in
            let chooser = gtk_file_chooser_native_new(
                "Open", window.window, GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel")!
            self.chooser = chooser
            let owner = Unmanaged.passUnretained(self).toOpaque()
            g_signal_connect_data(
                UnsafeMutableRawPointer(chooser), "response", unsafeBitCast(Self.chooserResponded, to: GCallback.self),
                owner, nil, GConnectFlags(rawValue: 0))
            gtk_native_dialog_show(UnsafeMutableRawPointer(chooser).assumingMemoryBound(to: GtkNativeDialog.self))
        }
    }

    /// The chooser answered: the file chosen is opened.
    private func chooserResponded(_ response: Int32) {
        guard let chooser else { return }
        self.chooser = nil
        defer { g_object_unref(UnsafeMutableRawPointer(chooser)) }
        guard response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) else {
            present()
            return
        }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let path = g_file_get_path(file) else { return }
        defer { g_free(path) }
        open(String(cString: path))
    }

    /// With unsaved changes, asks whether to save them before `what`: Save (and go on if that
    /// worked), Don't Save (go on), Cancel (stay). Without, goes on at once.
    private func askToSave(before what: String, then proceed: @escaping () -> Void) {
        guard hasUnsavedChanges else { return proceed() }
        let name = (document.path as NSString).lastPathComponent
        _ = EditorDialog(
            title: "Unsaved changes", message: "Save the changes to \(name) before \(what)?",
            buttons: ["_Save", "_Don't Save", "_Cancel"], over: window
        ) { [unowned self] answer in
            switch answer {
            case 0: if save() { proceed() }
            case 1: proceed()
            default: present()
            }
        }
    }

    /// Closing with unsaved changes asks first: save (and close if that worked), close without
    /// saving, or stay.
    private func closeRequested() -> Bool {
        guard hasUnsavedChanges else {
            isClosed = true
            return false
        }
        askToSave(before: "closing") { [unowned self] in
            isClosed = true
            gtk_window_destroy(window.window)
        }
        return true
    }

    private func updateTitle() {
        let name = (document.path as NSString).lastPathComponent
        gtk_window_set_title(window.window, (hasUnsavedChanges ? "• " : "") + name + " — OpenTextKit")
    }

    private func addShortcut(
        _ trigger: String, owner: UnsafeMutableRawPointer, action: GtkShortcutFunc, argument: Int32? = nil
    ) {
        let controller = gtk_shortcut_controller_new()
        gtk_shortcut_controller_set_scope(controller, GTK_SHORTCUT_SCOPE_GLOBAL)
        let shortcut = gtk_shortcut_new(
            gtk_shortcut_trigger_parse_string(trigger), gtk_callback_action_new(action, owner, nil))
        if let argument { gtk_shortcut_set_arguments(shortcut, g_variant_new_int32(argument)) }
        gtk_shortcut_controller_add_shortcut(controller, shortcut)
        gtk_widget_add_controller(window, controller)
    }

    private static func editor(_ owner: UnsafeMutableRawPointer?) -> EditorWindow {
        Unmanaged<EditorWindow>.fromOpaque(owner!).takeUnretainedValue()
    }

    private static let closeRequested: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean =
        { _, owner in editor(owner).closeRequested() ? 1 : 0 }

    private static let chooserResponded: @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Void = {
        _, response, owner in editor(owner).chooserResponded(response)
    }

    private static let findShortcut: GtkShortcutFunc = { _, _, owner in
        editor(owner).findBar.show()
        return 1
    }

    private static let openShortcut: GtkShortcutFunc = { _, _, owner in
        editor(owner).chooseFile()
        return 1
    }

    private static let closeShortcut: GtkShortcutFunc = { _, _, owner in
        gtk_window_close(editor(owner).window.window)
        return 1
    }

    private static let proofreadShortcut: GtkShortcutFunc = { _, _, owner in
        editor(owner).proofread()
        return 1
    }

    private static let dismissProofreadingShortcut: GtkShortcutFunc = { _, _, owner in
        editor(owner).dismissProofreading()
        return 1
    }

    private static let saveShortcut: GtkShortcutFunc = { _, _, owner in
        editor(owner).save()
        return 1
    }

    // The formatting keys act on rich text only; in plain text they go on to the text view.
    private static let boldShortcut: GtkShortcutFunc = { _, _, owner in
        editor(owner).formattingBar.toggleBold() ? 1 : 0
    }
    private static let italicShortcut: GtkShortcutFunc = { _, _, owner in
        editor(owner).formattingBar.toggleItalic() ? 1 : 0
    }
    private static let underlineShortcut: GtkShortcutFunc = { _, _, owner in
        editor(owner).formattingBar.toggleUnderline() ? 1 : 0
    }
    private static let headingShortcut: GtkShortcutFunc = { _, level, owner in
        editor(owner).formattingBar.setHeadingLevel(Int(g_variant_get_int32(level))) ? 1 : 0
    }
}

/// Tells the editor of every edit of its document's content (observing beside the layout
/// manager).
private final class EditObserver: TextContentObserving {
    let edited: () -> Void

    init(_ edited: @escaping () -> Void) {
        self.edited = edited
    }

    func textContentManager(_ textContentManager: TextContentManager, didProcess changes: TextContentChangeSet) {
        edited()
    }
}
