import Foundation
import TestFixtures
import Testing
import TextProofreading

/// Proofreading with the system's Hunspell dictionary (Debian's hunspell-en-us, installed by
/// scripts/install-deps.sh): what it finds, where (UTF-16 offsets), and what it suggests, in
/// English and in English mixed with other scripts.
@Suite struct ProofreaderTests {
    static let proofreader: Proofreader? = try? Proofreader(language: "en-US")

    func issues(_ text: String) throws -> [ProofreadingIssue] {
        try #require(Self.proofreader, "the en_US dictionary (apt install hunspell-en-us)").issues(in: text)
    }

    /// The text each issue's range holds, read back through the range.
    func slice(_ text: String, _ range: Range<Int>) -> String {
        let units = Array(text.utf16)
        return String(decoding: units[range], as: UTF16.self)
    }

    @Test func aMisspellingARepeatedWordAndASmallCapitalAreFound() throws {
        let text = "Teh cat sat on the the mat. it purred."
        let found = try issues(text)
        #expect(found.map(\.kind) == [.spelling, .repeatedWord, .capitalization])
        #expect(found.map(\.text) == ["Teh", " the", "it"])
        for issue in found { #expect(slice(text, issue.range) == issue.text) }
        let proofreader = try #require(Self.proofreader)
        #expect(proofreader.suggestions(for: found[0]).contains("The"))
        #expect(proofreader.suggestions(for: found[1]) == [""])
        #expect(proofreader.suggestions(for: found[2]) == ["It"])
    }

    @Test func correctEnglishHasNoIssues() throws {
        #expect(try issues("In the beginning God created the heaven and the earth. And the earth was void.") == [])
        // Contractions, capitals, acronyms, numbers and words with digits are words it knows or leaves.
        #expect(try issues("Don't shout: the LORD said it in 1948, on the 3rd day.") == [])
    }

    @Test func abbreviationsAndEllipsesEndNoSentence() throws {
        #expect(try issues("Bring fruit, e.g. apples, and wait... then eat them.") == [])
        #expect(try issues("Ask Dr. smith first.").map(\.kind).contains(.capitalization) == false)
        // A question or an exclamation may go on in small letters.
        #expect(try issues("Why art thou wroth? and why is it so! and then.") == [])
        #expect(try issues("It was so. and then.").map(\.kind) == [.capitalization])
    }

    /// Only English words are checked in an English paragraph: Arabic, Hebrew, Devanagari,
    /// Kannada and emoji are left alone (no dictionary of theirs is asked), and the offsets of
    /// what is found count every UTF-16 unit before it.
    @Test(arguments: MixedSamples.tags)
    func otherScriptsAreLeftAloneAndOffsetsCountTheirUnits(_ tag: String) throws {
        let sample = MixedSamples.text(tag)
        try #require(!sample.isEmpty)
        let text = sample + " recieve teh the gift. and"
        let found = try issues(text)
        for issue in found { #expect(slice(text, issue.range) == issue.text, "\(issue)") }
        let tail = Array(text.utf16).count - Array(" recieve teh the gift. and".utf16).count
        let mine = found.filter { $0.range.lowerBound >= tail }
        #expect(mine.map(\.kind) == [.spelling, .spelling, .capitalization], "\(found)")
        #expect(mine.map(\.text) == ["recieve", "teh", "and"])
        // Nothing before the English tail but English words of the sample.
        for issue in found where issue.range.lowerBound < tail {
            #expect(issue.text.unicodeScalars.allSatisfy { $0.isASCII }, "\(tag): \(issue)")
        }
    }

    @Test func theEmptyTextAndTextWithoutWordsHaveNone() throws {
        #expect(try issues("") == [])
        #expect(try issues("  \n\t 123 — 😀👍🏽 (…)") == [])
    }

    @Test func manyThreadsCheckAtOnceAndAgree() async throws {
        let proofreader = try #require(Self.proofreader)
        let text = String(repeating: "Teh quick brown fox jumpd over the the lazy dog. it ran. ", count: 50)
        let expected = proofreader.issues(in: text)
        #expect(expected.count == 200)
        let results = await withTaskGroup(of: [ProofreadingIssue].self) { group in
            for _ in 0 ..< 8 { group.addTask { proofreader.issues(in: text) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test func aLanguageAloneFindsItsUsualDictionary() throws {
        let english = try SpellingDictionary(language: "en")
        #expect(english.path.hasSuffix("/en_US.dic"))
        #expect(english.script == .latin)
        #expect(try SpellingDictionary(language: "en_US").isCorrect("color"))
        #expect(!(try SpellingDictionary(language: "en-US").isCorrect("colour")))
    }

    @Test func theDesktopsLocaleNamesALanguage() {
        #expect(SpellingDictionary.language(fromLocale: "de_DE.UTF-8") == "de-DE")
        #expect(SpellingDictionary.language(fromLocale: "pt_BR@euro") == "pt-BR")
        #expect(SpellingDictionary.language(fromLocale: "ar_EG.UTF-8") == "ar-EG")
        #expect(SpellingDictionary.language(fromLocale: "en") == "en")
        for none in [nil, "", "C", "C.UTF-8", "POSIX", ".UTF-8"] {
            #expect(SpellingDictionary.language(fromLocale: none) == nil, "\(String(describing: none))")
        }
    }

    @Test func aMissingDictionaryNamesThePackageToInstall() {
        #expect(
            throws: ProofreadingError.noDictionary(
                language: "xx-YY", searched: SpellingDictionary.systemDirectories, package: "hunspell-xx-yy")
        ) {
            try SpellingDictionary(language: "xx-YY")
        }
        do {
            _ = try SpellingDictionary(language: "en-US", directories: ["/nonexistent"])
            Issue.record("a dictionary found where there is none")
        } catch {
            #expect(error.description.contains("apt install hunspell-en-us"), "\(error)")
        }
    }

    @Test(arguments: ["", "../etc/passwd", "en US", "english-language-of-england", "en\u{0}"])
    func languagesThatNameNoFileAreRefused(_ language: String) {
        #expect(throws: ProofreadingError.invalidLanguage(language)) { try SpellingDictionary(language: language) }
    }

    @Test func aDictionaryThatCannotBeReadSaysWhich() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("otk-dict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A .dic without its .aff.
        try Data("1\nword\n".utf8).write(to: folder.appendingPathComponent("zz_ZZ.dic"))
        #expect(throws: ProofreadingError.unreadableDictionary(path: folder.path + "/zz_ZZ.dic")) {
            try SpellingDictionary(language: "zz-ZZ", directories: [folder.path])
        }
    }

    @Test func wordsAreJudgedInTheirScript() {
        #expect(WordScript(of: "hello") == .latin)
        #expect(WordScript(of: "مرحبا") == .arabic)
        #expect(WordScript(of: "ಕನ್ನಡ") == .kannada)
        #expect(WordScript(of: "123") == .other)
        #expect(WordScript.usual(forLanguage: "ar") == .arabic)
        #expect(WordScript.usual(forLanguage: "en-GB") == .latin)
    }
}
