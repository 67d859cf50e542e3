import Foundation

/// Why proofreading cannot start: said so that a person can act on it.
public enum ProofreadingError: Error, Equatable, CustomStringConvertible {
    /// No Hunspell dictionary for `language` in the folders searched; `package` is the Debian
    /// package that installs one (`hunspell-en-us` for "en-US").
    case noDictionary(language: String, searched: [String], package: String)
    /// The dictionary files are there, but Hunspell could not read them.
    case unreadableDictionary(path: String)
    /// A language identifier that names no language ("", or one with characters a file name of
    /// a dictionary cannot hold).
    case invalidLanguage(String)

    public var description: String {
        switch self {
        case .noDictionary(let language, let searched, let package):
            return "no spelling dictionary for \(language) in \(searched.joined(separator: ", ")) "
                + "(on Debian: apt install \(package))"
        case .unreadableDictionary(let path): return "the spelling dictionary \(path) cannot be read"
        case .invalidLanguage(let language): return "\"\(language)\" is not a language identifier"
        }
    }
}
