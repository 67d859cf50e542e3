import Foundation
import TestFixtures

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

    static let url = MixedSamples.directory.appendingPathComponent("mixed-sample.tsv")

    /// The rows; an error when the fixture is missing, so tests that need it fail clearly.
    static func samples() throws -> [Sample] {
        guard !MixedSamples.all.isEmpty else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        return MixedSamples.all.map { Sample(tag: $0.tag, text: $0.text) }
    }

    static let tags = MixedSamples.tags
}
