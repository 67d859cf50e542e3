import Foundation

/// Tests/Fixtures/mixed-sample.tsv: tag TAB text, two lines per tag (ar_Arab he_Hebr hi_Deva
/// kn_Knda th_Thai zh_Hans ja_Jpan emoji mixed).
enum MixedSampleFixture {
    struct Sample: Sendable {
        var tag: String
        var text: String
        /// Whether the sample's text is right to left (shaped as one RTL run here; mixed lines are
        /// shaped LTR: the bidi split belongs to layout).
        var isRightToLeft: Bool { tag == "ar_Arab" || tag == "he_Hebr" }
    }

    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/mixed-sample.tsv")

    static func samples() throws -> [Sample] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard fields.count == 2 else { return nil }
            return Sample(tag: String(fields[0]), text: String(fields[1]))
        }
    }

    static let tags = ["ar_Arab", "he_Hebr", "hi_Deva", "kn_Knda", "th_Thai", "zh_Hans", "ja_Jpan", "emoji", "mixed"]
}
