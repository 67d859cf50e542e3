import Foundation
import TestFixtures
import Testing
import TextContent
import TextMarkdown

/// The CommonMark 0.29 spec's 649 examples, each imported and exported again: cmark-gfm's HTML of
/// the export must equal its HTML of the original, except for the examples that the export's
/// documentation (`AttributedString.markdown(maximumNestingDepth:)`) lists with a reason. The
/// differing set must be exactly that list, so a new difference and a silent fix both fail.
@Suite struct CommonMarkSpecTests {
    struct Example: Decodable {
        let markdown: String
        let html: String
        let example: Int
        let section: String
    }

    static let fixture = Fixtures.directory.appendingPathComponent("commonmark-spec-0.29.json")
    /// The export's source, whose documentation lists the examples that do not round trip.
    static let exportSource = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/TextMarkdown/Writing/AttributedString+MarkdownExport.swift")

    static func examples() throws -> [Example] {
        try JSONDecoder().decode([Example].self, from: Data(contentsOf: fixture))
    }

    /// The example numbers the documentation lists: in the doc comment's section headed
    /// "CommonMark 0.29 examples", every number in a run of numbers after "example" or
    /// "examples" (a run may go on over lines: "(examples 1, 2,\n///   3)").
    static func documentedDifferences() throws -> Set<Int> {
        let source = try String(contentsOf: exportSource, encoding: .utf8)
        var section: [String] = []
        var inSection = false
        for line in source.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("///") else {
                inSection = false
                continue
            }
            let text = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("#") {
                inSection = text.contains("CommonMark 0.29 examples")
                continue
            }
            if text.hasPrefix("- Throws") { inSection = false }
            if inSection { section.append(text) }
        }
        var numbers = Set<Int>()
        var scanner = section.joined(separator: " ")[...]
        while let word = scanner.range(of: "example") {
            scanner = scanner[word.upperBound...]
            if scanner.hasPrefix("s") { scanner = scanner.dropFirst() }
            while true {
                scanner = scanner.drop { $0 == " " || $0 == "," || $0 == ":" }
                let digits = scanner.prefix { $0.isASCII && $0.isNumber }
                guard let number = Int(digits) else { break }
                numbers.insert(number)
                scanner = scanner.dropFirst(digits.count)
            }
        }
        return numbers
    }

    /// Whether the example's HTML survives import and export; the reason when it does not.
    static func roundTrip(_ example: Example) -> String? {
        do {
            let written = try AttributedString(markdown: example.markdown).markdown()
            let original = try MarkdownHTML.render(example.markdown)
            let again = try MarkdownHTML.render(written)
            return again == original ? nil : "written:\n\(written)\n--- html:\n\(original)\n--- again:\n\(again)"
        } catch {
            return "threw \(error)"
        }
    }

    @Test func fixtureHasTheSpecsExamples() throws {
        let examples = try Self.examples()
        #expect(examples.count == 649)
        #expect(examples.map(\.example) == Array(1 ... 649))
        #expect(Set(examples.map(\.section)).count == 26)
    }

    @Test func differingExamplesAreExactlyTheDocumentedOnes() throws {
        let documented = try Self.documentedDifferences()
        var differing = Set<Int>()
        var reasons: [Int: String] = [:]
        for example in try Self.examples() {
            if let reason = Self.roundTrip(example) {
                differing.insert(example.example)
                reasons[example.example] = reason
            }
        }
        let undocumented = differing.subtracting(documented).sorted()
        let fixed = documented.subtracting(differing).sorted()
        for number in undocumented {
            Issue.record("example \(number) does not round trip and is not documented:\n\(reasons[number] ?? "")")
        }
        #expect(undocumented.isEmpty, "not documented: \(undocumented)")
        #expect(fixed.isEmpty, "documented but round trips now: \(fixed)")
        #expect(!documented.isEmpty)
    }
}
