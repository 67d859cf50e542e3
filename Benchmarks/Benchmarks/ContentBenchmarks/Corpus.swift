import Foundation
import OpenTextKit

/// The texts the benchmarks read: the full corpus when `CORPUS` names its folder (the shared
/// corpus: en_kjv_verses.txt and the rest), else the repository's fixtures (Tests/Fixtures:
/// Genesis), so that `make bench` runs from a bare clone. Which one is used is printed once.
enum Corpus {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folder given as `CORPUS`, or nil for the fixtures.
    static let directory: URL? = ProcessInfo.processInfo.environment["CORPUS"].flatMap {
        $0.isEmpty ? nil : URL(fileURLWithPath: $0)
    }

    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "The benchmark corpus is missing: \(path) (CORPUS names a folder holding en_kjv_verses.txt)."
        }
    }

    /// A verse per paragraph: en_kjv_verses.txt (32,291 paragraphs, 4.2 MB) from `CORPUS`, or
    /// Genesis (1,583 paragraphs, 200 KB) from the fixtures.
    static let versesURL =
        directory?.appendingPathComponent("en_kjv_verses.txt")
        ?? repository.appendingPathComponent("Tests/Fixtures/kjv-genesis.txt")

    /// What the figures were measured on, said once on standard error.
    static let announce: Void = {
        let which = directory == nil ? "the repository's fixtures (set CORPUS=folder for the full corpus)" : "CORPUS"
        FileHandle.standardError.write(Data("Benchmark corpus: \(versesURL.path), from \(which)\n".utf8))
    }()

    /// Throws a clear error when the corpus is not there.
    static func check() throws {
        _ = announce
        guard FileManager.default.fileExists(atPath: versesURL.path) else { throw Missing(path: versesURL.path) }
    }

    /// The paragraphs of the verses file, without their separators.
    static let verses: [String] = {
        let text = (try? String(contentsOf: versesURL, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }()

    /// A chapter per paragraph: the verses of each chapter joined with a space after its heading
    /// line, as the shared corpus's en_kjv_chapters.txt is made; written once to the temporary folder.
    static let chaptersURL: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-bench-chapters-\(verses.count).txt")
        var paragraphs: [String] = []
        var chapter: [String] = []
        for line in verses where !line.isEmpty {
            if !isHeading(line) {
                chapter.append(line)
            } else {
                if !chapter.isEmpty { paragraphs.append(chapter.joined(separator: " ")) }
                chapter = []
                paragraphs.append(line)
            }
        }
        if !chapter.isEmpty { paragraphs.append(chapter.joined(separator: " ")) }
        try? Data((paragraphs.joined(separator: "\n") + "\n").utf8).write(to: url, options: .atomic)
        return url
    }()

    /// Whether a line of the verses file is a chapter's heading ("Genesis 1", "1 Kings 2"): a
    /// book's name, maybe after its number, then the chapter's; a verse starts with its number and
    /// goes on in words.
    static func isHeading(_ line: String) -> Bool {
        var words = line.split(separator: " ")
        guard words.count >= 2, let last = words.popLast(), last.allSatisfy(\.isNumber) else { return false }
        if let first = words.first, first.allSatisfy(\.isNumber) { words.removeFirst() }
        return !words.isEmpty && words.allSatisfy { $0.first?.isLetter == true } && words.count <= 4
    }

    /// All the verses in one paragraph, joined with spaces (4.2 MB with the full corpus):
    /// written once to the temporary folder.
    static let joinedURL: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("otk-bench-joined-\(verses.count).txt")
        try? Data((verses.filter { !$0.isEmpty }.joined(separator: " ") + "\n").utf8).write(to: url, options: .atomic)
        return url
    }()

    /// 25 copies of the verses file (about 100 MB with the full corpus), written once to the
    /// temporary folder.
    static let hundredMegabyteURL: URL = {
        let one = (try? Data(contentsOf: versesURL)) ?? Data()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("otk-bench-x25-\(one.count).txt")
        if (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) != one.count * 25 {
            var data = Data(capacity: one.count * 25)
            for _ in 0 ..< 25 { data.append(one) }
            try? data.write(to: url, options: .atomic)
        }
        return url
    }()
}
