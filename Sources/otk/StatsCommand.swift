import ArgumentParser
import Foundation
import OpenTextKit

/// `otk stats FILE`: what the content model knows of a document, as JSON.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Open a document and print what the content model knows of it, as JSON."
    )

    @Argument(help: "A UTF-8 text file, or a document in the engine's format (.otk.json).")
    var file: String

    @Flag(help: "Replace invalid UTF-8 with U+FFFD instead of failing.")
    var lossy = false

    func run() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let storage = try DocumentLoader.open(file, allowsLossyDecoding: lossy)
        let openSeconds = (clock.now - start).seconds
        let memory = ProcessMemory.residentBytes()
        let text = storage.string
        let report: [(String, String)] = [
            ("file", jsonString(file)),
            ("format", jsonString(DocumentLoader.isDocument(file) ? "opentextkit-document" : "plain-text")),
            ("paragraphs", "\(storage.paragraphCount)"),
            ("characters", "\(text.count)"),
            ("unicodeScalars", "\(text.unicodeScalars.count)"),
            ("utf16Length", "\(storage.utf16Length)"),
            ("utf8Bytes", "\(text.utf8.count)"),
            ("secondsToOpen", String(format: "%.6f", openSeconds)),
            ("residentBytesAfterOpen", "\(memory)"),
        ]
        print("{\n" + report.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}")
    }
}

/// A JSON string literal.
func jsonString(_ value: String) -> String {
    let data = (try? JSONEncoder().encode(value)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
}

extension Duration {
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
