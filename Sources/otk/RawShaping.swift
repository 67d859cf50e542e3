import OpenTextKit

/// What the raw HarfBuzz reference shapes: the document's paragraphs as strings, split at the
/// separators the content storage splits at.
enum RawShaping {
    static func paragraphs(of storage: TextContentStorage) -> [String] {
        storage.string.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\u{2029}" }.map(String.init)
    }
}
