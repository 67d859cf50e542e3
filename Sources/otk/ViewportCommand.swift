import ArgumentParser
import Foundation
import OpenTextKit
import TextMeasurement

/// `otk viewport FILE --stats`: what a view of a large document costs. Opens the file, lays out the
/// first viewport, relocates to the middle, types there, changes the font resolution context's text
/// size there, pages through the whole document, and prints JSON, with raw HarfBuzz shaping of the
/// same paragraphs beside the layout figures.
struct ViewportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "viewport",
        abstract: "Measure viewport layout of a (large) document and print statistics as JSON."
    )

    @OptionGroup var document: DocumentOptions

    @OptionGroup var viewport: ViewportOptions

    @OptionGroup var font: FontOption

    @Option(parsing: .unconditional, help: "Characters typed, one layout after each, for the typing figures.")
    var keystrokes: Int = 200

    @Option(
        parsing: .unconditional,
        help:
            ArgumentHelp(
                "Font resolution context changes (text-size scale to --font-scale and back), the viewport laid out "
                    + "again after each. A semantic --font (body) makes the text change size.")
    )
    var fontChanges: Int = 20

    @Option(parsing: .unconditional, help: "The text-size scale the font context changes switch to.")
    var fontScale: Double = 1.25

    @Flag(help: "Skip paging through the whole document.")
    var noPaging = false

    @Flag(help: "Also time raw HarfBuzz shaping of every paragraph of the document (as long as paging, or longer).")
    var baseline = false

    @Flag(help: "Print statistics as JSON (the only output for now).")
    var stats = false

    func validate() throws {
        guard (0 ... 100_000).contains(keystrokes) else {
            throw ValidationError("--keystrokes takes 0 to 100000; got \(keystrokes).")
        }
        guard (0 ... 10_000).contains(fontChanges) else {
            throw ValidationError("--font-changes takes 0 to 10000; got \(fontChanges).")
        }
        let scales = FontResolutionContext.textSizeScaleRange
        guard fontScale.isFinite, scales.contains(fontScale) else {
            throw ValidationError(
                "--font-scale takes a text-size scale in \(scales.lowerBound)...\(scales.upperBound); got \(fontScale)."
            )
        }
    }

    func run() throws {
        var session = try ViewportSession(
            path: try viewport.path(of: document), reportedName: document.file, copies: viewport.copies,
            document: document,
            font: try font.descriptor(), size: viewport.size)
        session.measureUsageBounds()
        session.relocateToMiddle()
        try session.type(keystrokes)
        session.changeFontContext(fontChanges, scale: fontScale)
        var pagingStopped: String?
        if !noPaging {
            pagingStopped = session.pageThrough()
            // Again at the end, where paging left the most layouts kept: the dearest change.
            session.changeFontContext(fontChanges, scale: fontScale, prefix: "fontContextAfterPaging")
        }
        try session.compareWithRawShaping(wholeDocument: baseline)
        printJSONReport(session.report)
        // The figures are printed (they say what was measured), but a run that lost a paragraph failed.
        try session.layoutFailures.check()
        // A guard that stopped the work fails the run, whose figures are then partial.
        if let pagingStopped { throw CommandFailure(.software, pagingStopped) }
    }
}
