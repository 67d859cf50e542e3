import ArgumentParser
import Foundation
import OpenTextKit

/// `otk stats FILE`: what the content model knows of a document, as JSON.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Open a document and print what the content model knows of it, as JSON."
    )

    @OptionGroup var document: DocumentOptions

    func run() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let storage = try DocumentLoader.open(document.file, document: document)
        let openSeconds = (clock.now - start).seconds
        let memory = ProcessMemory.residentBytes()
        let text = storage.string
        let report: [(String, String)] = [
            ("file", jsonString(document.file)),
            ("format", jsonString(DocumentLoader.formatName(of: document.file))),
            ("paragraphs", "\(storage.paragraphCount)"),
            ("characters", "\(text.count)"),
            ("unicodeScalars", "\(text.unicodeScalars.count)"),
            ("utf16Length", "\(storage.utf16Length)"),
            ("utf8Bytes", "\(text.utf8.count)"),
            ("secondsToOpen", jsonNumber(openSeconds, "%.6f")),
            ("residentBytesAfterOpen", "\(memory)"),
        ]
        printJSONReport(report)
    }
}
