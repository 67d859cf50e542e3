import Foundation
import Testing

/// `otk proofread FILE`: the issues a line each, figures with --stats, and a clear error for a
/// language without a dictionary or for bad input.
@Suite struct ProofreadCommandTests {
    static let text = "In teh beginning God created the the heaven.\nمرحبا بالعالم and the earth. it was good 👍🏽\n"

    @Test func eachIssueIsPrintedWithItsLineColumnAndSuggestions() throws {
        let file = try Otk.temporaryFile(Array(Self.text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try Otk.run(["proofread", file.path])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first?.hasPrefix("1:4: spelling: teh -> ") == true, "\(lines)")
        #expect(lines.first?.contains("\"the\"") == true)
        // The repeated word with the space before it, from the end of the first "the".
        let repeated = Array("In teh beginning God created the".utf16).count + 1
        #expect(lines.dropFirst().first == "1:\(repeated): repeatedWord:  the -> \"\"")
        // The Arabic words before it are left alone; the column counts their UTF-16 units.
        let column = Array("مرحبا بالعالم and the earth. ".utf16).count + 1
        #expect(lines.last == "2:\(column): capitalization: it -> \"It\"")
    }

    @Test func statsGiveTheCountsBesideRawShaping() throws {
        let file = try Otk.temporaryFile(Array(Self.text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try Otk.run(["proofread", file.path, "--stats"])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(output.json)
        #expect(json["issues"] as? Int == 3)
        #expect(json["spelling"] as? Int == 1)
        #expect(json["repeatedWords"] as? Int == 1)
        #expect(json["capitalization"] as? Int == 1)
        // The English words only, 8 and 6 (the repeated "the" among them); not the Arabic ones.
        #expect(json["words"] as? Int == 14)
        #expect((json["rawHarfBuzzShapingSeconds"] as? Double).map { $0 > 0 } == true)
    }

    @Test func aLanguageWithoutADictionaryNamesThePackage() throws {
        let file = try Otk.temporaryFile(Array(Self.text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try Otk.run(["proofread", file.path, "--language", "xx-YY"])
        #expect(output.status == 69)
        #expect(output.stderr.contains("apt install hunspell-xx-yy"), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test func viewportStatsMeasureSpellCheckingOfFreshViewports() throws {
        // 2,000 paragraphs, English with Arabic, a misspelling in each: a viewport shows a few dozen.
        let text = (0 ..< 2_000).map { "Verse \($0) mentions teh sea and مرحبا بالعالم again." }.joined(separator: "\n")
        let file = try Otk.temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try Otk.run(["proofread", file.path, "--viewport", "--stats", "--jumps", "5", "--copies", "3"])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(output.json)
        #expect(json["viewports"] as? Int == 5)
        #expect(json["paragraphs"] as? Int == 6_000)
        // Each fresh viewport's paragraphs (one mark each) are checked and marked.
        let marks = try #require(json["viewportMarksMedian"] as? Int)
        #expect(marks > 5 && marks < 200, "\(marks)")
        // Only what was shown was checked: a small share of the document.
        let checked = try #require(json["paragraphsChecked"] as? Int)
        #expect(checked > 5 * marks / 2 && checked < 1_000, "\(checked)")
        for key in ["viewportMainThreadCheckingSecondsMedian", "viewportRawHarfBuzzShapingSecondsMedian"] {
            #expect((json[key] as? Double).map { $0 > 0 } == true, "\(key)")
        }
    }

    @Test(arguments: [
        ["--language", ""], ["--language", "../../etc/passwd"], ["--suggestions", "-1"], ["--viewport"],
        ["--viewport", "--stats", "--jumps", "0"], ["--viewport", "--stats", "--width", "0"],
    ])
    func badOptionsAreRefused(_ options: [String]) throws {
        let file = try Otk.temporaryFile(Array(Self.text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try Otk.run(["proofread", file.path] + options)
        #expect(output.status != 0)
        #expect(!output.stderr.isEmpty)
    }

    @Test func invalidUTF8IsAClearError() throws {
        let file = try Otk.temporaryFile([0x61, 0x20, 0xFF, 0xFE, 0x0A])
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try Otk.run(["proofread", file.path])
        #expect(output.status == 65, "\(output.stderr)")
        #expect(output.stderr.lowercased().contains("utf-8"), "\(output.stderr)")
    }
}
