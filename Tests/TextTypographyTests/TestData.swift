import Foundation
import TestFixtures

/// Where the tests find their data: the fixtures in the repository (Tests/Fixtures) and
/// Unicode's conformance files from Debian's `unicode-data` (/usr/share/unicode).
enum TestData {
    /// The package root: this file is Tests/TextTypographyTests/TestData.swift.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let mixedCorpus = Fixtures.mixedCorpus

    /// The paragraphs of mixed.tsv (tag TAB text), grouped by tag.
    static func mixedParagraphs() throws -> [String: [String]] {
        let text = try String(contentsOf: mixedCorpus, encoding: .utf8)
        var result: [String: [String]] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard fields.count == 2 else { continue }
            result[String(fields[0]), default: []].append(String(fields[1]))
        }
        return result
    }

    static let unicodeDirectory = URL(fileURLWithPath: "/usr/share/unicode")

    /// The data lines of a Unicode test file, comments stripped. A missing file is an install
    /// problem (scripts/install-deps.sh installs `unicode-data`), so it throws rather than skips.
    static func unicodeTestLines(_ relativePath: String) throws -> [Substring] {
        let url = unicodeDirectory.appendingPathComponent(relativePath)
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let data = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            return data.isEmpty ? nil : Substring(data)
        }
    }

    /// The UTF-16 offsets at which Swift's own `Character` segmentation puts grapheme boundaries,
    /// including 0 and the end.
    static func swiftGraphemeBoundaries(_ text: String) -> [Int] {
        text.indices.map { $0.utf16Offset(in: text) } + [text.utf16.count]
    }

    /// A string from the hexadecimal code points of a Unicode test file.
    static func string(fromCodePoints fields: some Sequence<Substring>) -> String {
        var result = String.UnicodeScalarView()
        for field in fields {
            guard let value = UInt32(field, radix: 16), let scalar = Unicode.Scalar(value) else { continue }
            result.append(scalar)
        }
        return String(result)
    }
}
