import ArgumentParser

/// The input every `otk` command takes.
struct DocumentOptions: ParsableArguments {
    @Argument(
        help: "A UTF-8 text file, a Markdown file (.md, .markdown), or a document in the engine's format (.otk.json).")
    var file: String

    @Flag(help: "Replace invalid UTF-8 with U+FFFD instead of failing (plain text and Markdown).")
    var lossy = false

    @Option(
        parsing: .unconditional,
        help:
            ArgumentHelp(
                "Refuse an input larger than this many bytes (checked before it is read; a pipe or device is read up "
                    + "to it, and no further).")
    )
    var maxInputBytes: Int = DocumentLoader.defaultMaximumBytes

    @OptionGroup var markdownLimits: MarkdownLimitOptions

    func validate() throws {
        guard maxInputBytes >= 0 else {
            throw ValidationError("--max-input-bytes takes 0 or more bytes; got \(maxInputBytes).")
        }
    }
}
