import Foundation

/// The texts tests read, kept in Tests/Fixtures so that a clone passes `make test` on its own
/// (see Tests/Fixtures/README.md for where each comes from).
public enum Fixtures {
    /// Tests/Fixtures.
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The Book of Genesis from the KJV, a verse per paragraph (1,583 paragraphs with the 50
    /// chapter headings, 200 KB): the first lines of the benchmark corpus's en_kjv_verses.txt.
    public static let kjvGenesis = directory.appendingPathComponent("kjv-genesis.txt")

    /// The whole mixed-script corpus: 188 paragraphs (tag, a tab, the text) of Arabic, Hebrew,
    /// Devanagari, Kannada, Thai, Chinese, Japanese, emoji and paragraphs mixing them.
    public static let mixedCorpus = directory.appendingPathComponent("mixed.tsv")

    /// 200 lines of Unicode 15.0's BidiCharacterTest.txt (code points; direction; levels; order),
    /// one of every 229 of its distinct texts.
    public static let bidiCharacterSample = directory.appendingPathComponent("bidi-character-sample.txt")

    /// The first 2,000 lines of the code corpus (C headers of glibc and Linux).
    public static let codeSlice = directory.appendingPathComponent("code-slice.txt")

    /// The lines of a fixture, without their line feeds. A missing fixture is an error, not a
    /// reason to skip: the fixtures are part of the repository.
    public static func lines(of url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
    }
}
