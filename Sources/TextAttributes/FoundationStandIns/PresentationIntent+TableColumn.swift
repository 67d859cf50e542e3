import Foundation

extension PresentationIntent {
    /// A table column, as Foundation's `PresentationIntent.TableColumn`.
    public struct TableColumn: Hashable, Sendable, Codable {
        /// How a column's cells are aligned.
        public enum Alignment: Int, Hashable, Sendable, Codable, CaseIterable {
            /// Start edge (also a column that names no alignment).
            case left
            /// Centred.
            case center
            /// End edge.
            case right
        }

        /// The alignment of the column's cells.
        public var alignment: Alignment

        /// A column with the given alignment.
        public init(alignment: Alignment) {
            self.alignment = alignment
        }
    }
}
