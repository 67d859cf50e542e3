import Foundation

/// Tests/Fixtures/mixed-sample.tsv, read once for every test target: two paragraphs of each
/// class of the shared corpus's mixed.tsv (tag, a tab, the text).
public enum MixedSamples {
    /// Tests/Fixtures.
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The classes, in the order the shared corpus lists them.
    public static let tags = [
        "ar_Arab", "he_Hebr", "hi_Deva", "kn_Knda", "th_Thai", "zh_Hans", "ja_Jpan", "emoji", "mixed",
    ]

    /// Every (tag, text) row; empty if the fixture cannot be read (tests that need it `#require` it).
    public static let all: [(tag: String, text: String)] = {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("mixed-sample.tsv"), encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }()

    /// The first row's text for `tag`, or "" when there is none.
    public static func text(_ tag: String) -> String {
        all.first { $0.tag == tag }?.text ?? ""
    }
}
