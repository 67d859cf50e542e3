import ArgumentParser
import Foundation
import OpenTextKit

/// `otk`: OpenTextKit on the command line.
@main
struct OTK: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "otk",
        abstract: "OpenTextKit: TextKit 2's text engine for Linux, on the command line.",
        subcommands: [RenderCommand.self, StatsCommand.self, LayoutCommand.self, ViewportCommand.self, EditCommand.self, MarkdownCommand.self]
    )

    /// Runs the command; an error's message never quotes a huge value whole (a 100,000-digit
    /// number given as an option, or found in a document, is shortened).
    static func main() {
        SignalCleanup.install()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            // Help and version requests are "errors" that print to standard output: as they were.
            guard exitCode(for: error) != .success else { exit(withError: error) }
            let message = EchoedValue.shorteningLongWords(in: fullMessage(for: error))
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            Foundation.exit(exitCode(for: error).rawValue)
        }
    }
}
