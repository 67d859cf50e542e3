import Foundation
import _RopeModule

/// One paragraph in the index: its content and its UTF-16 lengths.
struct ParagraphEntry: Sendable {
    var content: StoredParagraphText {
        didSet { isASCII = Self.isASCII(content, utf16Length: utf16Length) }
    }
    /// UTF-16 length of the separator: 0 (last paragraph only), 1 or 2 (`\r\n`).
    var separatorLength: Int {
        get { Int(storedSeparatorLength) }
        set { storedSeparatorLength = UInt8(clamping: newValue) }
    }
    /// The separator's length in a byte: an entry per paragraph, kept small (32 bytes).
    private var storedSeparatorLength: UInt8
    /// Whether the paragraph may carry attributes; false lets typing skip every attribute
    /// look-up (AttributedString's `runs` costs microseconds on Linux).
    var hasAttributes: Bool = false

    /// Whether the text is known to be ASCII (as many UTF-8 bytes as UTF-16 units); text with
    /// attributes or in a tree is not asked. Kept as the entry changes, so that the tree's
    /// summary, made over and over as the tree is searched, reads no text.
    private(set) var isASCII: Bool
    /// UTF-16 length, separator included. Never zero. (Declared after the one-byte fields, which
    /// then fill the content's padding: 32 bytes an entry.)
    var utf16Length: Int {
        didSet { isASCII = Self.isASCII(content, utf16Length: utf16Length) }
    }

    init(content: StoredParagraphText, utf16Length: Int, separatorLength: Int, hasAttributes: Bool = false) {
        self.content = content
        self.utf16Length = utf16Length
        storedSeparatorLength = UInt8(clamping: separatorLength)
        self.hasAttributes = hasAttributes
        isASCII = Self.isASCII(content, utf16Length: utf16Length)
    }

    private static func isASCII(_ content: StoredParagraphText, utf16Length: Int) -> Bool {
        switch content {
        case .plain(_, let count): count == utf16Length
        case .string(let text), .uniform(let text, _): text.utf8.count == utf16Length
        case .runs(let runs): runs.text.utf8.count == utf16Length
        case .attributed, .long: false
        }
    }

    var contentLength: Int { utf16Length - separatorLength }
}

extension ParagraphEntry: RopeElement {
    typealias Summary = ParagraphSummary
    typealias Index = Int

    var summary: ParagraphSummary {
        ParagraphSummary(
            paragraphs: 1, utf16: utf16Length, notASCII: isASCII ? 0 : 1, attributed: hasAttributes ? 1 : 0)
    }

    var isEmpty: Bool { utf16Length == 0 }
    // Paragraphs are atoms: the rope never merges or splits them.
    var isUndersized: Bool { false }
    func invariantCheck() {}
    mutating func rebalance(nextNeighbor right: inout ParagraphEntry) -> Bool { false }
    /// The rope splits items at the edges of a removed range; for atoms those edges are the
    /// start (everything moves to the new item) or the end (nothing does). Metrics map every
    /// other offset to one of the two, so a paragraph is never cut.
    mutating func split(at index: Int) -> ParagraphEntry {
        if index <= 0 {
            let whole = self
            self = .empty
            return whole
        }
        return .empty
    }

    /// The empty item the rope discards.
    static let empty = ParagraphEntry(content: .attributed(AttributedString()), utf16Length: 0, separatorLength: 0)
}
