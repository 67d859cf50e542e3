import Foundation
import OpenTextKit

/// The shared corpus (../shared/corpus beside the repository) and the documents made from it.
enum Corpus {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let directory = repository.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "The benchmark corpus is missing: \(path) (it lives in ../shared/corpus beside the repository)." }
    }

    /// en_kjv_verses.txt: 32,291 paragraphs, 4.2 MB.
    static let versesURL = directory.appendingPathComponent("en_kjv_verses.txt")

    /// Throws a clear error when the corpus is not beside the repository.
    static func check() throws {
        guard FileManager.default.fileExists(atPath: versesURL.path) else { throw Missing(path: versesURL.path) }
    }

    /// The paragraphs of en_kjv_verses.txt, without their separators.
    static let verses: [String] = {
        let text = (try? String(contentsOf: versesURL, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }()

    /// 25 copies of en_kjv_verses.txt (about 100 MB), written once to the temporary directory.
    static let hundredMegabyteURL: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("otk-bench-kjv-x25.txt")
        let one = (try? Data(contentsOf: versesURL)) ?? Data()
        if (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) != one.count * 25 {
            var data = Data(capacity: one.count * 25)
            for _ in 0 ..< 25 { data.append(one) }
            try? data.write(to: url)
        }
        return url
    }()
}
