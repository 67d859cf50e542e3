import ArgumentParser
import Foundation
import OpenTextKit
import TextMeasurement

/// `otk viewport FILE --stats`: what a view of a large document costs. Opens the file, lays out
/// the first viewport, relocates to the middle, types there, pages through the whole document,
/// and prints JSON, with raw HarfBuzz shaping of the same paragraphs beside the layout figures.
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

    @Flag(help: "Skip paging through the whole document.")
    var noPaging = false

    @Flag(help: "Also time raw HarfBuzz shaping of every paragraph of the document (as long as paging, or longer).")
    var baseline = false

    @Flag(help: "Print statistics as JSON (the only output for now).")
    var stats = false

    func validate() throws {
        guard (0 ... 100_000).contains(keystrokes) else { throw ValidationError("--keystrokes takes 0 to 100000; got \(keystrokes).") }
    }

    func run() throws {
        var session = try ViewportSession(
            path: try viewport.path(of: document), reportedName: document.file, copies: viewport.copies, document: document,
            font: try font.descriptor(), size: viewport.size)
        session.measureUsageBounds()
        session.relocateToMiddle()
        try session.type(keystrokes)
        if !noPaging { session.pageThrough() }
        try session.compareWithRawShaping(wholeDocument: baseline)
        printJSONReport(session.report)
        // The figures are printed (they say what was measured), but a run that lost a paragraph failed.
        if let error = session.manager.lastLayoutError { throw ValidationError("Layout failed: \(error)") }
    }
}
