import ArgumentParser

/// The input every `otk` command takes.
struct DocumentOptions: ParsableArguments {
    @Argument(help: "A UTF-8 text file, or a document in the engine's format (.otk.json).")
    var file: String

    @Flag(help: "Replace invalid UTF-8 with U+FFFD instead of failing.")
    var lossy = false
}
