import ArgumentParser

/// `otk`: OpenTextKit on the command line.
@main
struct OTK: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "otk",
        abstract: "OpenTextKit: TextKit 2's text engine for Linux, on the command line.",
        subcommands: [RenderCommand.self, StatsCommand.self, LayoutCommand.self, ViewportCommand.self]
    )
}
