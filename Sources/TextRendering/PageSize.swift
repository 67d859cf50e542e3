import Foundation

/// Paper sizes by name, in points (1/72 inch).
public enum PageSize: String, Sendable, CaseIterable {
    case a3, a4, a5, letter, legal

    public var size: CGSize {
        switch self {
        case .a3: CGSize(width: 842, height: 1191)
        case .a4: CGSize(width: 595, height: 842)
        case .a5: CGSize(width: 420, height: 595)
        case .letter: CGSize(width: 612, height: 792)
        case .legal: CGSize(width: 612, height: 1008)
        }
    }

    /// A size written as a name ("A4", "letter", any case) or as "WIDTHxHEIGHT" in points
    /// ("500x700"); nil for anything else.
    public static func parse(_ text: String) -> CGSize? {
        if let named = PageSize(rawValue: text.lowercased()) { return named.size }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            width.isFinite, height.isFinite
        else { return nil }
        return CGSize(width: width, height: height)
    }
}
