import ArgumentParser
import Foundation
import OpenTextKit

/// `otk edit FILE --stats`: what editing a (large) document costs through the headless text
/// view: typing and backspace, the caret moving down with the viewport following, select all,
/// deleting everything and undoing it, finding every match of a word (beside `grep -o` on the
/// same file), replacing them all and undoing that, and the undo stack's memory. Prints JSON,
/// with raw HarfBuzz shaping of the first viewport's text beside the layout figures.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Measure editing a (large) document through the text view and print statistics as JSON."
    )

    @OptionGroup var document: DocumentOptions

    @OptionGroup var viewport: ViewportOptions

    @OptionGroup var font: FontOption

    @Option(
        parsing: .unconditional,
        help:
            ArgumentHelp(
                "Characters typed through insertText (a line break every 60), each with the viewport following; the "
                    + "undo stack's memory is measured after them.")
    )
    var keystrokes: Int = 10_000

    @Option(parsing: .unconditional, help: "Backspaces through deleteBackward:.")
    var backspaces: Int = 1_000

    @Option(parsing: .unconditional, help: "Caret moves down one line (moveDown:), the viewport following.")
    var moves: Int = 10_000

    @Option(
        parsing: .unconditional,
        help:
            ArgumentHelp(
                "UTF-16 units from the viewport's top made bold in one transformAttributes, the viewport laid out "
                    + "again after it.")
    )
    var bold: Int = 1 << 20

    @Option(
        parsing: .unconditional,
        help: "The word to find (every match counted, beside grep -o on the same file) and replace.")
    var find: String = "LORD"

    @Option(parsing: .unconditional, help: "What replaces every match of --find.")
    var replacement: String = "Lord"

    @Option(
        parsing: .unconditional,
        help:
            ArgumentHelp(
                "Characters typed beside an attachment shown by a live view (reuse policy .onEditingInlineParagraphs), "
                    + "last, each laying its paragraph out again; the loadView() calls are counted.")
    )
    var attachmentKeystrokes: Int = 1_000

    @Flag(help: "Print statistics as JSON (the only output for now).")
    var stats = false

    func validate() throws {
        guard (0 ... 1 << 30).contains(bold) else {
            throw ValidationError("--bold takes 0 to \(1 << 30); got \(bold).")
        }
        for (name, value) in [
            ("--keystrokes", keystrokes), ("--backspaces", backspaces), ("--moves", moves),
            ("--attachment-keystrokes", attachmentKeystrokes),
        ] {
            guard (0 ... 1_000_000).contains(value) else {
                throw ValidationError("\(name) takes 0 to 1000000; got \(value).")
            }
        }
        guard !find.isEmpty else { throw ValidationError("--find takes a word; it is empty.") }
    }

    func run() throws {
        // An editor's allocator policy: free memory goes back to the kernel when idle, not
        // inside a keystroke.
        HeapMemory.deferTrimmingToIdle()
        // grep reads the copies through this process's descriptor.
        let path = try viewport.path(of: document)
        var session = try EditSession(
            path: path, reportedName: document.file, copies: viewport.copies, document: document,
            font: try font.descriptor(), size: viewport.size)
        // Finding first, while the text is still the file's (grep reads the file).
        try session.findAndReplace(find, with: replacement, grepping: path)
        // Between the user's actions the program is idle: the heap's free memory goes back then.
        HeapMemory.releaseFreedMemory()
        session.selectAllDeleteAndUndo()
        HeapMemory.releaseFreedMemory()
        session.boldSelection(utf16Length: bold)
        HeapMemory.releaseFreedMemory()
        session.type(keystrokes)
        HeapMemory.releaseFreedMemory()
        session.backspace(backspaces)
        HeapMemory.releaseFreedMemory()
        session.moveDown(moves)
        try session.compareWithRawShaping()
        HeapMemory.releaseFreedMemory()
        try session.typeBesideAttachment(attachmentKeystrokes, size: viewport.size)
        printJSONReport(session.report)
        try session.layoutFailures.check()
    }
}
