import ArgumentParser
import FileOutput
import Foundation
import OpenTextKit

/// `otk`: OpenTextKit on the command line.
@main
struct OTK: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "otk",
        abstract: "OpenTextKit: TextKit 2's text engine for Linux, on the command line.",
        subcommands: [
            RenderCommand.self, StatsCommand.self, LayoutCommand.self, ViewportCommand.self, EditCommand.self,
            MarkdownCommand.self, ProofreadCommand.self,
        ]
    )

    /// The exit code of an error no command turned into a `CommandFailure`: the parser's own
    /// (64 for a mistake in the command line), else the sysexits.h code that fits its type.
    static func code(for error: Error) -> Int32 {
        let parsers = exitCode(for: error)
        guard parsers == .failure, !(error is ExitCode) else { return parsers.rawValue }
        switch error {
        case is TextContentError, is TextDocumentError, is MarkdownError: return CommandFailure.Code.dataError.rawValue
        case is FontError: return CommandFailure.Code.unavailable.rawValue
        default: return CommandFailure.Code.software.rawValue
        }
    }

    /// Runs the command; an error's message never quotes a huge value whole (a 100,000-digit
    /// number given as an option, or found in a document, is shortened) nor a control character
    /// (escaped). A mistake in the command line exits 64 (EX_USAGE) with the usage line; any
    /// other failure (`CommandFailure`, or an engine error) exits with its sysexits.h code,
    /// without it.
    /// Words of a message longer than this are shortened: longer than a value the commands
    /// already shortened for a message (its 200 characters and the ellipsis), so that such a
    /// value is not shortened again and counted by its shortened length.
    static let longestWord = 201

    static func main() {
        SignalCleanup.install()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            let message = QuotedValue.shorteningLongWords(in: "Error: \(failure.description)", longerThan: longestWord)
            FileHandle.standardError.write(Data((message + "\n").utf8))
            Foundation.exit(failure.code.rawValue)
        } catch let error as FileOutputError {
            // An output written directly (--save-markdown): it cannot be created or written.
            FileHandle.standardError.write(
                Data((QuotedValue.shorteningLongWords(in: "Error: \(error)", longerThan: longestWord) + "\n").utf8))
            Foundation.exit(CommandFailure.Code.cannotCreate.rawValue)
        } catch {
            // Help and version requests are "errors" that print to standard output: as they were.
            guard exitCode(for: error) != .success else { exit(withError: error) }
            // A line past 2,000 characters is shortened too (a value of a million short words).
            let message = QuotedValue.shorteningLongWords(in: fullMessage(for: error), longerThan: longestWord).split(
                separator: "\n", omittingEmptySubsequences: false
            )
            .map { $0.unicodeScalars.count > 2_000 ? QuotedValue(String($0), limit: 2_000).description : String($0) }
            .joined(separator: "\n")
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            Foundation.exit(Self.code(for: error))
        }
    }
}
