import Foundation

/// Which side of a caret the selection belongs to, as SwiftUI's `TextSelectionAffinity`: in
/// `hello|مرحبا` the caret can continue the English word (upstream: typing takes its
/// attributes) or begin the Arabic one (downstream: typing takes those of the text after it);
/// at a soft line break, upstream is the end of the first line and downstream the start of the
/// next.
///
/// SwiftUI sets it for a view hierarchy with `.textSelectionAffinity(_:)`; headless, it is set
/// on the selection (`AttributedTextSelection.affinity`), and a text view hands out its own
/// selection's affinity. `AttributedTextSelection.affinity(in:)` resolves `.automatic`.
public enum TextSelectionAffinity: Hashable, Sendable, CaseIterable {
    /// Chosen from the text: see `AttributedTextSelection.affinity(in:)`.
    case automatic
    /// With the text before the caret.
    case upstream
    /// With the text after the caret.
    case downstream
}
