import Foundation

/// The space a fragment's kind reserves around its lines (``TextLayoutFragment/leadingPadding``
/// and the others): an input of paragraph layout, like the container.
struct FragmentInsets: Sendable, Equatable {
    var leading: CGFloat
    var trailing: CGFloat
    var top: CGFloat
    var bottom: CGFloat

    static let zero = FragmentInsets(leading: 0, trailing: 0, top: 0, bottom: 0)

    init(leading: CGFloat, trailing: CGFloat, top: CGFloat, bottom: CGFloat) {
        // A value that is not finite or is negative reserves nothing (layout never traps).
        func clean(_ value: CGFloat) -> CGFloat {
            value.isFinite ? max(0, min(value, LayoutHeight.maximumParagraphPoints)) : 0
        }
        self.leading = clean(leading)
        self.trailing = clean(trailing)
        self.top = clean(top)
        self.bottom = clean(bottom)
    }
}
