import CHunspell
import Foundation
import Synchronization

/// A Hunspell dictionary of one language, from the system's folders (Debian's `hunspell-*`
/// packages install them in /usr/share/hunspell): whether a word is spelt right, and what it
/// may have meant. Thread-safe: a Hunspell handle answers one caller at a time.
///
/// ```swift
/// let english = try SpellingDictionary(language: "en-US")
/// english.isCorrect("colour")        // false in American English
/// english.suggestions(for: "teh")    // ["the", "ten", "tea", ...]
/// ```
public final class SpellingDictionary: Sendable {
    /// Where dictionaries are looked for, in order.
    public static let systemDirectories = ["/usr/share/hunspell", "/usr/share/myspell", "/usr/share/myspell/dicts"]

    /// The language it checks (the identifier it was opened with, as given).
    public let language: String
    /// The `.dic` file it reads.
    public let path: String
    /// The script its words are written in: a word in another is not this dictionary's to judge.
    public let script: WordScript
    private let handle: Mutex<OpaquePointer>

    /// Opens the dictionary of `language` (a BCP 47 or POSIX identifier: "en-US", "en_US",
    /// "de"; a language alone takes the first dictionary of any region, `en_US` before the
    /// others for "en"), looked for in `directories`. Throws `.noDictionary` naming the Debian
    /// package to install when there is none.
    public init(
        language: String, directories: [String] = SpellingDictionary.systemDirectories
    )
        throws(ProofreadingError)
    {
        let file = try Self.find(language, in: directories)
        let affix = String(file.dropLast(4)) + ".aff"
        guard FileManager.default.isReadableFile(atPath: affix), FileManager.default.isReadableFile(atPath: file),
            let handle = Hunspell_create(affix, file)
        else { throw .unreadableDictionary(path: file) }
        self.language = language
        self.path = file
        self.script = WordScript.usual(forLanguage: language)
        self.handle = Mutex(handle)
    }

    deinit {
        handle.withLock { Hunspell_destroy($0) }
    }

    /// Whether Hunspell knows `word` (with its affixes and compounds, as the dictionary allows).
    public func isCorrect(_ word: String) -> Bool {
        handle.withLock { Hunspell_spell($0, word) != 0 }
    }

    /// Hunspell's suggestions for `word`, likeliest first (none for a word it knows).
    public func suggestions(for word: String) -> [String] {
        handle.withLock { handle in
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let count = Hunspell_suggest(handle, &list, word)
            defer { if list != nil { Hunspell_free_list(handle, &list, count) } }
            guard count > 0, let words = list else { return [] }
            return (0 ..< Int(count)).compactMap { words[$0].map { String(cString: $0) } }
        }
    }

    /// The language (BCP 47) a POSIX locale names, as `LANG` holds it: "de_DE.UTF-8" is
    /// "de-DE", "pt_BR@euro" "pt-BR"; nil for none, "C" and "POSIX" (no language).
    ///
    /// ```swift
    /// SpellingDictionary.language(fromLocale: ProcessInfo.processInfo.environment["LANG"])
    /// ```
    public static func language(fromLocale locale: String?) -> String? {
        guard let locale else { return nil }
        let name = locale.prefix { $0 != "." && $0 != "@" }
        guard !name.isEmpty, name != "C", name != "POSIX" else { return nil }
        return name.replacingOccurrences(of: "_", with: "-")
    }

    /// The `.dic` file for `language` in `directories`.
    static func find(_ language: String, in directories: [String]) throws(ProofreadingError) -> String {
        let name = language.replacingOccurrences(of: "-", with: "_")
        let parts = name.split(separator: "_", omittingEmptySubsequences: false)
        // A language subtag of two or three letters, then subtags of letters and digits (BCP 47).
        guard let first = parts.first, (2 ... 3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.count <= 4, parts.dropFirst().allSatisfy({ (1 ... 8).contains($0.count) }),
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else { throw .invalidLanguage(language) }
        let base = first.lowercased()
        let region = parts.count > 1 ? parts[1].uppercased() : nil
        // With a region, that region's; then the language's own file, its usual region (en_US,
        // de_DE, fr_FR) and, for a language alone, any region.
        let usual = base == "en" ? "en_US" : "\(base)_\(base.uppercased())"
        let candidates = (region.map { ["\(base)_\($0)"] } ?? []) + [base, usual]
        for directory in directories {
            for candidate in candidates {
                let file = "\(directory)/\(candidate).dic"
                if FileManager.default.fileExists(atPath: file) { return file }
            }
        }
        if region == nil {
            for directory in directories {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                if let any = names.sorted().first(where: { $0.hasPrefix("\(base)_") && $0.hasSuffix(".dic") }) {
                    return "\(directory)/\(any)"
                }
            }
        }
        let debianPackage = "hunspell-" + (region.map { "\(base)-\($0.lowercased())" } ?? base)
        throw .noDictionary(language: language, searched: directories, package: debianPackage)
    }
}
