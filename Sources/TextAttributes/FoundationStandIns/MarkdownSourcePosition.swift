import Foundation

extension AttributedString {
    /// Where a run came from in the Markdown it was parsed from, as Foundation's
    /// `AttributedString.MarkdownSourcePosition`: 1-based lines and columns, columns counting
    /// UTF-8 bytes, the end inclusive (cmark's convention).
    public struct MarkdownSourcePosition: Hashable, Sendable, Codable {
        /// The line the run starts on.
        public let startLine: Int
        /// The byte column of the run's first character.
        public let startColumn: Int
        /// The line the run ends on.
        public let endLine: Int
        /// The byte column of the run's last byte.
        public let endColumn: Int

        /// A position from 1-based lines and byte columns.
        public init(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int) {
            self.startLine = startLine
            self.startColumn = startColumn
            self.endLine = endLine
            self.endColumn = endColumn
        }

        private enum CodingKeys: String, CodingKey {
            case startLine, startColumn, endLine, endColumn
        }

        /// Decodes the four numbers; a key this version does not know is an error.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
            startLine = try container.decodeNumber(Int.self, forKey: .startLine)
            startColumn = try container.decodeNumber(Int.self, forKey: .startColumn)
            endLine = try container.decodeNumber(Int.self, forKey: .endLine)
            endColumn = try container.decodeNumber(Int.self, forKey: .endColumn)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(startLine, forKey: .startLine)
            try container.encode(startColumn, forKey: .startColumn)
            try container.encode(endLine, forKey: .endLine)
            try container.encode(endColumn, forKey: .endColumn)
        }
    }
}
