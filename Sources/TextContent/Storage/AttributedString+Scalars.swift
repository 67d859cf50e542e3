import Foundation

extension AttributedString {
    /// The scalar just before `index`, or nil at the start.
    func scalar(before index: AttributedString.Index) -> Unicode.Scalar? {
        index > startIndex ? unicodeScalars[unicodeScalars.index(before: index)] : nil
    }

    /// The scalar at `index`, or nil at the end.
    func scalar(at index: AttributedString.Index) -> Unicode.Scalar? {
        index < endIndex ? unicodeScalars[index] : nil
    }
}
